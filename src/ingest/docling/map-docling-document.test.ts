import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageTextLines } from '../../documents/page-lines.ts';
import { buildTree } from '../tree/build-tree.ts';
import type { TreeNode } from '../../documents/document-tree.ts';
import type { DoclingDocument } from './docling-document.ts';
import { mapDoclingDocument, toTopLeft } from './map-docling-document.ts';

const fixture: DoclingDocument = JSON.parse(readFileSync(new URL('../../../test/fixtures/docling/two-page-report.json', import.meta.url), 'utf8'));

describe('mapDoclingDocument on a two-page report', () => {
  const { parsed, figureImages } = mapDoclingDocument(structuredClone(fixture));

  it('reports pages and sizes from `pages`', () => {
    expect(parsed.parser).toBe('docling');
    expect(parsed.pageCount).toBe(2);
    expect(parsed.pageSizes).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    expect(parsed.outline).toEqual([]);
  });

  it('follows body order, expands groups, and puts headers first and footers last on each page', () => {
    expect(parsed.blocks.map(block => [block.page, block.kind, block.text])).toEqual([
      [1, 'page-header', 'ACME Corp. Annual Report'],
      [1, 'title', 'Annual Report 2024'],
      [1, 'heading', '1 Introduction'],
      [1, 'paragraph', 'ACME had a strong year: revenue and margins grew in every region we serve.'],
      [1, 'list', '1. Revenue grew 12%'],
      [1, 'list', '2. Costs fell 3%'],
      [1, 'heading', '1.1 Regional results'],
      [1, 'caption', 'Table 1: Revenue by region'],
      [1, 'table', 'Region | Revenue (M$)\nNorth | 1,200\nSouth | Coast | 950'],
      [1, 'page-footer', 'Page 1'],
      [2, 'heading', '2 Outlook'],
      [2, 'figure', 'Q1 Q2 Q3'],
      [2, 'caption', 'Figure 1: Quarterly revenue'],
      [2, 'paragraph', 'We expect growth to continue in 2025.'],
      [2, 'page-footer', 'Page 2'],
    ]);
    expect(parsed.blocks.map(block => block.order)).toEqual(parsed.blocks.map((_, index) => index));
  });

  it('keeps section header levels', () => {
    const headings = parsed.blocks.filter(block => block.kind === 'heading');
    expect(headings.map(block => block.headingLevel)).toEqual([1, 2, 1]);
    expect(parsed.blocks.find(block => block.kind === 'paragraph')?.headingLevel).toBeUndefined();
  });

  it('turns bottom-left boxes into top-left boxes using the page height', () => {
    const source = fixture.texts!.find(text => text.text === '1 Introduction')!.prov![0].bbox;
    const block = parsed.blocks.find(candidate => candidate.text === '1 Introduction')!;
    expect(block.bbox).toEqual({ x: source.l, y: 792 - source.t, width: source.r - source.l, height: source.t - source.b });
    // Items higher on the page have smaller y.
    const title = parsed.blocks.find(candidate => candidate.kind === 'title')!;
    expect(title.bbox.y).toBeLessThan(block.bbox.y);
    expect(toTopLeft({ l: 10, t: 20, r: 30, b: 40, coord_origin: 'TOPLEFT' }, 792)).toEqual({ x: 10, y: 20, width: 20, height: 20 });
  });

  it('renders the table as a Markdown grid with the header row first and pipes escaped', () => {
    const table = parsed.blocks.find(block => block.kind === 'table')!;
    expect(table.markdown).toBe(['| Region | Revenue (M$) |', '| --- | --- |', '| North | 1,200 |', '| South \\| Coast | 950 |'].join('\n'));
  });

  it('builds the table from table_cells when the grid is missing', () => {
    const withoutGrid = structuredClone(fixture);
    delete withoutGrid.tables![0].data!.grid;
    const table = mapDoclingDocument(withoutGrid).parsed.blocks.find(block => block.kind === 'table')!;
    expect(table.markdown).toBe(parsed.blocks.find(block => block.kind === 'table')!.markdown);
  });

  it('gives the picture its inner text and hands back its embedded PNG with the caption', () => {
    const figure = parsed.blocks.find(block => block.kind === 'figure')!;
    expect(figure.figure).toBeUndefined();
    expect(figureImages).toHaveLength(1);
    expect(figureImages[0].block).toBe(figure);
    expect(figureImages[0].caption).toBe('Figure 1: Quarterly revenue');
    expect(Buffer.from(figureImages[0].png.subarray(1, 4)).toString('latin1')).toBe('PNG');
    expect([figureImages[0].widthPx, figureImages[0].heightPx]).toEqual([4, 3]);
  });

  it('maps every text of the document exactly once', () => {
    const allText = parsed.blocks.map(block => block.text).join('\n');
    for (const text of fixture.texts!) {
      expect(allText.split(text.text).length - 1, text.text).toBe(1);
    }
  });

  it('gives every block one line over all of its text (a table its Markdown), boxed by the block', () => {
    for (const block of parsed.blocks) {
      const text = block.kind === 'table' ? block.markdown! : block.text;
      const { x, y, width, height } = block.bbox;
      const tenth = (value: number) => Math.round(value * 10) / 10;
      expect(block.lines, block.text).toEqual([
        { start: 0, end: text.length, box: { x: tenth(x), y: tenth(y), width: tenth(x + width) - tenth(x), height: tenth(y + height) - tenth(y) } },
      ]);
    }
    const tree = buildTree(parsed, { documentId: 'd' });
    const allNodes = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap(node => [node, ...allNodes(node.children)]);
    const table = allNodes(tree.nodes).find(node => node.kind === 'table')!;
    const lines = pageTextLines(table.pageTexts[0]);
    expect(lines.map(line => table.pageTexts[0].text.slice(line.start, line.end))).toEqual([
      'Table 1: Revenue by region',
      parsed.blocks.find(block => block.kind === 'table')!.markdown,
    ]);
  });

  it('merges an inline group into one paragraph and still maps items no root reaches', () => {
    const document = structuredClone(fixture);
    const firstPart = { ...document.texts![3], self_ref: '#/texts/14', text: 'Sales rose', parent: { $ref: '#/groups/1' } };
    const secondPart = { ...document.texts![3], self_ref: '#/texts/15', text: 'in spring.', parent: { $ref: '#/groups/1' } };
    document.texts!.push(firstPart, secondPart);
    document.groups!.push({ self_ref: '#/groups/1', label: 'inline', children: [{ $ref: '#/texts/14' }, { $ref: '#/texts/15' }] });
    document.body.children!.splice(3, 0, { $ref: '#/groups/1' }); // just before the list group
    // Unreachable from body and furniture:
    document.body.children = document.body.children!.filter(child => child.$ref !== '#/texts/12');
    const texts = mapDoclingDocument(document).parsed.blocks.map(block => block.text);
    expect(texts).toContain('Sales rose in spring.');
    expect(texts.indexOf('Sales rose in spring.')).toBe(texts.indexOf('1. Revenue grew 12%') - 1);
    // Each part of the group is a line of the paragraph, with the part's own box.
    const merged = mapDoclingDocument(document).parsed.blocks.find(block => block.text === 'Sales rose in spring.')!;
    expect(merged.lines!.map(line => merged.text.slice(line.start, line.end))).toEqual(['Sales rose', 'in spring.']);
    expect(merged.lines![0].box).toEqual(toTopLeft(firstPart.prov![0].bbox, 792));
    expect(texts).toContain('We expect growth to continue in 2025.');
  });
});
