import { describe, expect, it } from 'vitest';
import { pageTextLines } from '../../documents/page-lines.ts';
import type { Block, BlockKind, OutlineEntry, ParsedDocument } from '../types.ts';
import type { TextLine } from '../../documents/document-tree.ts';
import type { TreeNode } from '../../documents/document-tree.ts';
import { buildTree } from './build-tree.ts';

let order = 0;
function block(page: number, kind: BlockKind, text: string, extra: Partial<Block> = {}): Block {
  return { page, kind, text, bbox: { x: 50, y: 100 + order, width: 400, height: 12 }, order: order++, ...extra };
}
const heading = (page: number, text: string, size: number, bold = true) => block(page, 'heading', text, { font: { size, bold, italic: false } });
const paragraph = (page: number, text: string) => block(page, 'paragraph', text, { font: { size: 10, bold: false, italic: false } });

function parsed(blocks: Block[], pageCount: number, outline: OutlineEntry[] = []): ParsedDocument {
  return { pageCount, pageSizes: [], outline, blocks, ocrPages: [], parser: 'pdfjs' };
}

function shape(nodes: TreeNode[]): unknown[] {
  return nodes.map(node => ({ title: node.title, pages: [node.pageStart, node.pageEnd], ...(node.children.length ? { children: shape(node.children) } : {}) }));
}

describe('buildTree', () => {
  it('nests numbered headings and gives page ranges from heading to the last page of the section', () => {
    const tree = buildTree(
      parsed(
        [
          block(1, 'title', 'A Study of Trees', { font: { size: 24, bold: true, italic: false } }),
          paragraph(1, 'Abstract text.'),
          heading(1, '1 Introduction', 14),
          paragraph(1, 'Intro body.'),
          paragraph(2, 'More intro.'),
          heading(2, '1.1 Background', 12),
          paragraph(3, 'Background body.'),
          heading(4, '2 Method', 14),
          paragraph(5, 'Method body.'),
          heading(5, 'References', 14),
          paragraph(6, '[1] A paper.'),
        ],
        6,
      ),
      { documentId: 'd1' },
    );
    expect(shape(tree.nodes)).toEqual([
      {
        title: 'A Study of Trees',
        pages: [1, 6],
        children: [
          { title: '1 Introduction', pages: [1, 3], children: [{ title: '1.1 Background', pages: [2, 3] }] },
          { title: '2 Method', pages: [4, 5] },
          { title: 'References', pages: [5, 6] },
        ],
      },
    ]);
    const ids = tree.nodes[0].children.map(node => node.nodeId);
    expect(ids).toEqual(['0002', '0004', '0005']);
    const intro = tree.nodes[0].children[0];
    expect(intro.pageTexts).toEqual([
      { page: 1, text: 'Intro body.' },
      { page: 2, text: 'More intro.' },
    ]);
    expect(intro.level).toBe(1);
    expect(intro.children[0].level).toBe(2);
  });

  it('ranks unnumbered headings by font size and weight', () => {
    const tree = buildTree(
      parsed([heading(1, 'Overview', 18), paragraph(1, 'a'), heading(1, 'Details', 13), paragraph(2, 'b'), heading(3, 'Costs', 18), paragraph(3, 'c')], 3),
      { documentId: 'd' },
    );
    expect(shape(tree.nodes)).toEqual([
      { title: 'Overview', pages: [1, 2], children: [{ title: 'Details', pages: [1, 2] }] },
      { title: 'Costs', pages: [3, 3] },
    ]);
  });

  it('prefers the outline, keeps numbered sub-headings under it, and starts unprinted titles at the destination', () => {
    const blocks = [
      paragraph(1, 'Cover page text.'),
      heading(2, 'Chapter 1 Getting started', 20),
      paragraph(2, 'Body.'),
      heading(3, '1.1 Install', 12),
      paragraph(3, 'Install body.'),
      heading(3, 'Bold line that is not a heading', 12),
      paragraph(4, 'Chapter two body without a printed title.'),
    ];
    const outline: OutlineEntry[] = [
      { title: 'Chapter 1 Getting started', level: 1, page: 2 },
      { title: 'Chapter 2 Advanced use', level: 1, page: 4 },
    ];
    const tree = buildTree(parsed(blocks, 4, outline), { documentId: 'd' });
    expect(shape(tree.nodes)).toEqual([
      { title: 'Page 1', pages: [1, 1] },
      { title: 'Chapter 1 Getting started', pages: [2, 3], children: [{ title: '1.1 Install', pages: [3, 3] }] },
      { title: 'Chapter 2 Advanced use', pages: [4, 4] },
    ]);
    expect(tree.nodes[1].children[0].text).toContain('Bold line that is not a heading');
    expect(tree.nodes[2].text).toBe('Chapter two body without a printed title.');
  });

  it('never takes a figure, or the words after a title, as an outline heading', () => {
    const blocks = [
      heading(1, 'Household trash', 20),
      paragraph(1, 'Removal weekly.'),
      block(2, 'figure', 'Household trash Trash letters: hold for 90 days', { figure: { sha256: 'f', widthPx: 10, heightPx: 10, source: 'vector' } }),
      heading(3, '5 Related Work 5.1 Large Language Models', 14),
      paragraph(3, 'Related body.'),
    ];
    const outline: OutlineEntry[] = [
      { title: 'Household trash', level: 1, page: 1 },
      { title: 'Household trash', level: 1, page: 2 },
      { title: '5 Related Work', level: 1, page: 3 },
    ];
    const tree = buildTree(parsed(blocks, 3, outline), { documentId: 'd' });
    expect(tree.nodes.map(node => node.title)).toEqual(['Household trash', 'Household trash', '5 Related Work']);
    expect(tree.nodes[0].text).toBe('Removal weekly.');
    expect(tree.nodes[1].children.map(node => node.text)).toEqual(['Household trash Trash letters: hold for 90 days']);
    expect(tree.nodes[2].text).toContain('5.1 Large Language Models');
  });

  it('gives documents without headings one node per page', () => {
    const tree = buildTree(parsed([paragraph(1, 'one'), paragraph(2, 'two'), paragraph(2, 'two b'), paragraph(4, 'four')], 4), {
      documentId: 'd',
    });
    expect(tree.nodes.map(node => [node.kind, node.title, node.text])).toEqual([
      ['page', 'Page 1', 'one'],
      ['page', 'Page 2', 'two\n\ntwo b'],
      ['page', 'Page 4', 'four'],
    ]);
  });

  it('makes tables and figures child nodes with their captions and Markdown', () => {
    const tree = buildTree(
      parsed(
        [
          heading(1, '3 Results', 14),
          paragraph(1, 'See the table.'),
          block(1, 'caption', 'Table 1: Revenue by year'),
          block(1, 'table', 'Year Revenue 2023 10', { markdown: '| Year | Revenue |\n| --- | --- |\n| 2023 | 10 |' }),
          block(2, 'figure', 'Q1 Q2', { figure: { sha256: 'abc', widthPx: 10, heightPx: 10, source: 'vector', caption: 'Figure 2: Growth' } }),
          block(2, 'caption', 'Figure 2: Growth'),
          paragraph(2, 'After the figure.'),
        ],
        2,
      ),
      { documentId: 'd' },
    );
    const results = tree.nodes[0];
    expect(results.text).toBe('See the table.\n\nAfter the figure.');
    expect(results.pageEnd).toBe(2);
    expect(results.children.map(child => [child.kind, child.title, child.pageStart])).toEqual([
      ['table', 'Table 1: Revenue by year', 1],
      ['figure', 'Figure 2: Growth', 2],
    ]);
    expect(results.children[0].text).toContain('| 2023 | 10 |');
    expect(results.children[1].figure?.sha256).toBe('abc');
  });

  it('captions a table with a label printed alone over its title, and not the table above with it', () => {
    const table = (text: string) => block(1, 'table', text, { markdown: `| Method | F1 |\n| --- | --- |\n| ${text} |` });
    const tree = buildTree(
      parsed(
        [
          heading(1, 'VII. Results', 12),
          block(1, 'caption', 'TABLE I'),
          paragraph(1, 'MODELS EVALUATION ON TEST DATA.'),
          table('DBoW2 | 0.240'),
          block(1, 'caption', 'TABLE II'),
          paragraph(1, 'MODELS EVALUATION WITH ORIENTATION.'),
          paragraph(1, 'NOTE: S.P. = SUPERPOINT.'),
          table('DBoW2 | 0.482'),
          paragraph(1, 'Given the limited field of view, the second table is more reliable.'),
        ],
        1,
      ),
      { documentId: 'd' },
    );
    const results = tree.nodes[0];
    expect(results.children.map(child => child.title)).toEqual([
      'TABLE I MODELS EVALUATION ON TEST DATA.',
      'TABLE II MODELS EVALUATION WITH ORIENTATION. NOTE: S.P. = SUPERPOINT.',
    ]);
    expect(results.children[1].text).toBe(
      'TABLE II MODELS EVALUATION WITH ORIENTATION. NOTE: S.P. = SUPERPOINT.\n\n| Method | F1 |\n| --- | --- |\n| DBoW2 | 0.482 |',
    );
    // The titles are the tables' own, not the section's text too.
    expect(results.text).toBe('Given the limited field of view, the second table is more reliable.');
  });

  it('takes a heading from a page read by OCR in a document with a text layer only when it reads as words', () => {
    const blocks = [
      block(1, 'title', '5 | ee OTLo', { font: { size: 40, bold: false, italic: false } }),
      paragraph(1, 'Celebrating a year of growth.'),
      heading(2, 'Annual Highlights', 16),
      paragraph(2, 'Zoom Seminars Conducted: 392+'),
    ];
    const titles = (ocrPages: number[]) => shape(buildTree({ ...parsed(blocks, 2), ocrPages }, { documentId: 'd' }).nodes);
    expect(titles([1])).toEqual([
      { title: 'Page 1', pages: [1, 1] },
      { title: 'Annual Highlights', pages: [2, 2] },
    ]);
    expect(titles([1, 2])).toEqual([{ title: '5 | ee OTLo', pages: [1, 2], children: [{ title: 'Annual Highlights', pages: [2, 2] }] }]);
    blocks[0] = block(1, 'title', 'Appendix: handwritten depot notes', { font: { size: 40, bold: false, italic: false } });
    expect(titles([1])).toEqual([{ title: 'Appendix: handwritten depot notes', pages: [1, 2], children: [{ title: 'Annual Highlights', pages: [2, 2] }] }]);
  });

  it('reads the name under a letter’s closing as its signature, not as a heading', () => {
    const tree = buildTree(
      parsed(
        [
          heading(1, 'Budget Revision #4', 14),
          paragraph(1, 'I am pleased to transmit the final budget.'),
          paragraph(1, 'Sincerely,'),
          heading(1, 'Nathan Boudreau', 12),
          paragraph(1, 'Town Administrator'),
        ],
        1,
      ),
      { documentId: 'd' },
    );
    expect(shape(tree.nodes)).toEqual([{ title: 'Budget Revision #4', pages: [1, 1] }]);
    expect(tree.nodes[0].text).toBe('I am pleased to transmit the final budget.\n\nSincerely,\n\nNathan Boudreau\n\nTown Administrator');
  });

  it('reads a running header or footer repeated word for word once, where it first appears, and numbered ones not at all', () => {
    const blocks = [1, 2, 3].flatMap(page => [
      block(page, 'page-header', 'ACME Corp Tariff Label'),
      paragraph(page, `Body ${page}`),
      block(page, 'page-footer', 'Confidential'),
      block(page, 'page-footer', `Section number ${page}`),
      block(page, 'page-footer', String(page)),
    ]);
    const tree = buildTree(parsed(blocks, 3), { documentId: 'd' });
    expect(tree.nodes.map(node => node.text)).toEqual(['ACME Corp Tariff Label\n\nBody 1\n\nConfidential', 'Body 2', 'Body 3']);
  });

  it('keeps the page numbers printed in the footers, which stay out of node text', () => {
    const footer = (page: number, text: string) => block(page, 'page-footer', text, { bbox: { x: 300, y: 760, width: 20, height: 10 } });
    const blocks = [paragraph(1, 'Cover.'), ...[2, 3, 4].flatMap(page => [paragraph(page, `Body ${page}.`), footer(page, String(page - 1))])];
    const tree = buildTree({ ...parsed(blocks, 4), pageSizes: Array(4).fill({ width: 612, height: 792 }) }, { documentId: 'd' });
    expect(tree.printedPageNumbers).toEqual([[], [1], [2], [3]]);
    expect(tree.nodes.map(node => node.text)).toEqual(['Cover.', 'Body 2.', 'Body 3.', 'Body 4.']);
    expect(buildTree(parsed([paragraph(1, 'No numbers.')], 1), { documentId: 'd' }).printedPageNumbers).toBeUndefined();
  });

  it('titles slides from their first heading', () => {
    const tree = buildTree(
      {
        ...parsed([heading(1, 'Welcome', 28), paragraph(1, 'Agenda'), paragraph(2, 'No title here'), heading(3, 'Q3 numbers', 28)], 3),
        pageLabels: ['1', '3', '4'],
      },
      { documentId: 'd', slides: true },
    );
    expect(tree.nodes.map(node => [node.kind, node.title, node.pageStart, node.text])).toEqual([
      ['slide', 'Welcome', 1, 'Agenda'],
      ['slide', 'Slide 3', 2, 'No title here'],
      ['slide', 'Q3 numbers', 3, ''],
    ]);
  });

  it('titles a slide by its outline entry, read whole from the slide when the outline cut it short', () => {
    const cut = 'Low-income children are less likely to enroll in college, les';
    const outline: OutlineEntry[] = [
      { title: 'About IHEP', level: 1, page: 1 },
      { title: cut, level: 1, page: 2 },
    ];
    const blocks = [
      heading(1, 'About IHEP', 28),
      paragraph(1, 'Founded in 1993.'),
      heading(2, 'Low-income children are less likely to enroll in college,', 28),
      heading(2, 'less likely to graduate', 28),
      paragraph(2, 'Source: IHEP (2010)'),
    ];
    const tree = buildTree(parsed(blocks, 2, outline), { documentId: 'd', slides: true });
    expect(tree.nodes.map(node => [node.title, node.text])).toEqual([
      ['About IHEP', 'Founded in 1993.'],
      ['Low-income children are less likely to enroll in college, less likely to graduate', 'Source: IHEP (2010)'],
    ]);
  });

  it('moves block lines into each node page text: past leading blanks, after blank-line joins and captions', () => {
    const box = (y: number): TextLine['box'] => ({ x: 72, y, width: 300, height: 12 });
    const line = (start: number, end: number, y: number): TextLine => ({ start, end, box: box(y) });
    const markdown = '| Year | Sales |\n| --- | --- |\n| 2024 | 12 |';
    const blocks = [
      heading(1, '1 Sales', 14),
      // Leading and trailing blanks, as a parser may leave them: the tree trims them away.
      paragraph(1, '  Sales rose. They rose again.  '),
      { ...paragraph(1, 'Costs fell.'), lines: [line(0, 11, 130)] },
      block(1, 'caption', 'Table 1: Sales', { lines: [line(0, 14, 150)] }),
      block(1, 'table', 'Year Sales\n2024 12', { markdown, lines: [line(0, 16, 162), line(31, 44, 176)] }),
      block(2, 'figure', 'Q1 Q2', { bbox: { x: 100.04, y: 200.26, width: 300.13, height: 150.55 } }),
      block(2, 'caption', 'Figure 1: Sales by quarter'),
    ];
    blocks[1].lines = [line(2, 13, 100), line(14, 30, 114)];
    const tree = buildTree(parsed(blocks, 2), { documentId: 'd' });
    const [section] = tree.nodes;
    const texts = (node: TreeNode) =>
      node.pageTexts.map(pageText => pageTextLines(pageText).map(entry => [pageText.text.slice(entry.start, entry.end), entry.box.y]));
    expect(section.pageTexts[0].text).toBe('Sales rose. They rose again.\n\nCosts fell.');
    expect(texts(section)).toEqual([
      [
        ['Sales rose.', 100],
        ['They rose again.', 114],
        ['Costs fell.', 130],
      ],
    ]);
    // Stored compactly: [start, end, x, y, width, height].
    expect(section.pageTexts[0].lines![0]).toEqual([0, 11, 72, 100, 300, 12]);
    const [table, figure] = section.children;
    expect(texts(table)).toEqual([
      [
        ['Table 1: Sales', 150],
        ['| Year | Sales |', 162],
        ['| 2024 | 12 |', 176],
      ],
    ]);
    // A figure is one line: all of its text (caption first), its box to 0.1 pt.
    expect(figure.pageTexts[0].text).toBe('Figure 1: Sales by quarter\n\nQ1 Q2');
    expect(pageTextLines(figure.pageTexts[0])).toEqual([{ start: 0, end: 33, box: { x: 100, y: 200.3, width: 300.2, height: 150.5 } }]);
  });

  it('gives the tree the page sizes, and page texts without lines when the blocks have none', () => {
    const tree = buildTree({ ...parsed([paragraph(1, 'Body.')], 1), pageSizes: [{ width: 595.3, height: 841.9 }] }, { documentId: 'd' });
    expect(tree.pageSizes).toEqual([{ width: 595.3, height: 841.9 }]);
    expect(tree.nodes[0].pageTexts).toEqual([{ page: 1, text: 'Body.' }]);
  });
});
