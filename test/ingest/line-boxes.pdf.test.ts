import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng, makeScannedPagePdf } from '../support/figures/test-documents.ts';
import { recordingSink, trackWorkers } from '../support/parallel/worker-test-helpers.ts';
import { createPageOcr } from '../../src/ingest/pdf/ocr/page-ocr.ts';
import { PageWorkerPool } from '../../src/ingest/pdf/parallel/page-worker-pool.ts';
import { parsePdf, type ParsePdfOptions } from '../../src/ingest/pdf/parse-pdf.ts';
import { pageTextLines } from '../../src/documents/page-lines.ts';
import { buildTree } from '../../src/ingest/tree/build-tree.ts';
import type { Block, ParsedDocument } from '../../src/ingest/types.ts';
import type { BoundingBox, DocumentTree, TreeNode } from '../../src/documents/document-tree.ts';

const pageHeight = 792;
const size = 12;
/** The paragraph of page 1: three lines of 12 pt Helvetica with their tops at y = 100, 114 and 128. */
const paragraph = [
  'Widget sales rose sharply in the northern region, where manu-',
  'facturing capacity doubled after the new plant opened in spring',
  'and prices held steady while the costs fell for the third year.',
];
const paragraphTops = [100, 114, 128];
const tableTop = 220;
const rowHeight = 20;
const tableRows = [
  ['Region', 'Sales'],
  ['North', '1,200'],
  ['South', '950'],
];
const figureBox = { x: 150, top: 200, width: 300, height: 180 };

/** Where pdf-lib put a line of text, top-left origin: x, its baseline, and how wide it is. */
interface Drawn {
  x: number;
  baseline: number;
  width: number;
}

/**
 * Page 1: a numbered heading, the three-line paragraph (its first line ends in a hyphenated word), a
 * caption over a ruled 3 × 2 table, a two-item list. Page 2: the section goes on for two lines, then a
 * picture with a caption, then two lines of code.
 */
async function reportPdf(): Promise<{ data: Uint8Array; drawn: Map<string, Drawn> }> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const mono = await document.embedFont(StandardFonts.Courier);
  const drawn = new Map<string, Drawn>();
  // pdf-lib places text by its baseline, bottom-left origin; `top` is where the glyphs' tops should be.
  const write = (page: PDFPage, text: string, x: number, top: number, font: PDFFont, fontSize: number) => {
    const baseline = top + 0.72 * fontSize;
    page.drawText(text, { x, y: pageHeight - baseline, size: fontSize, font });
    drawn.set(text, { x, baseline, width: font.widthOfTextAtSize(text, fontSize) });
  };

  const first = document.addPage([612, pageHeight]);
  write(first, '1 Widget results', 72, 60, bold, 16);
  paragraph.forEach((line, index) => write(first, line, 72, paragraphTops[index], regular, size));
  write(first, 'Table 1: Sales by region', 72, 200, regular, 10);
  const columnXs = [72, 250, 400];
  for (let row = 0; row <= tableRows.length; row++) {
    const y = pageHeight - (tableTop + row * rowHeight);
    first.drawLine({ start: { x: columnXs[0], y }, end: { x: columnXs[2], y }, thickness: 0.75 });
  }
  for (const x of columnXs)
    first.drawLine({ start: { x, y: pageHeight - tableTop }, end: { x, y: pageHeight - tableTop - tableRows.length * rowHeight }, thickness: 0.75 });
  tableRows.forEach((cells, row) =>
    cells.forEach((cell, column) => write(first, cell, columnXs[column] + 5, tableTop + row * rowHeight + 6, row === 0 ? bold : regular, 10)),
  );
  write(first, '- The north doubled its output in the year.', 72, 320, regular, size);
  write(first, '- The south kept its output where it was.', 72, 336, regular, size);

  const second = document.addPage([612, pageHeight]);
  write(second, 'The same plant will open a second line next year, which', 72, 72, regular, size);
  write(second, 'should double the output of the northern region again.', 72, 86, regular, size);
  const png = await makePng(600, 360, context => {
    context.fillStyle = '#2255aa';
    for (let bar = 0; bar < 5; bar++) context.fillRect(40 + bar * 110, 320 - bar * 60, 70, bar * 60 + 30);
  });
  second.drawImage(await document.embedPng(png), {
    x: figureBox.x,
    y: pageHeight - figureBox.top - figureBox.height,
    width: figureBox.width,
    height: figureBox.height,
  });
  write(second, 'Figure 1: Output by quarter', 150, 390, regular, 10);
  write(second, 'total = north + south', 72, 450, mono, 10);
  write(second, 'print(total)', 72, 462, mono, 10);
  return { data: await document.save(), drawn };
}

const report = await reportPdf();
const parseReport = (options: Partial<ParsePdfOptions> = {}) =>
  parsePdf(report.data, { name: 'report.pdf', figureSink: recordingSink().sink, maxPages: 10, ...options });

function allNodes(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap(node => [node, ...allNodes(node.children)]);
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The lines of `text` blocks and of tables (their Markdown rows) on `page`, by box. */
function blockLineTexts(blocks: Block[], page: number): Map<string, string[]> {
  const byBox = new Map<string, string[]>();
  for (const block of blocks) {
    if (block.page !== page) continue;
    const owner = block.kind === 'table' ? block.markdown! : block.text;
    for (const line of block.lines ?? []) {
      const key = JSON.stringify(line.box);
      byBox.set(key, [...(byBox.get(key) ?? []), squeeze(owner.slice(line.start, line.end))]);
    }
  }
  return byBox;
}

/**
 * For every node, page text and line: inside the text, ascending, not overlapping, and the text under
 * it is a line of a block of that page with the same box (a figure's one line is its whole text).
 */
function expectLinesMatchBlocks(tree: DocumentTree, parsed: ParsedDocument): number {
  let checked = 0;
  for (const node of allNodes(tree.nodes)) {
    for (const pageText of node.pageTexts) {
      const known = blockLineTexts(parsed.blocks, pageText.page);
      let previousEnd = 0;
      for (const line of pageTextLines(pageText)) {
        expect(line.start, `${node.title} p${pageText.page}`).toBeGreaterThanOrEqual(previousEnd);
        expect(line.end).toBeGreaterThan(line.start);
        expect(line.end).toBeLessThanOrEqual(pageText.text.length);
        previousEnd = line.end;
        const text = squeeze(pageText.text.slice(line.start, line.end));
        if (node.kind === 'figure') {
          expect(text).toBe(squeeze(pageText.text));
        } else {
          expect(known.get(JSON.stringify(line.box)) ?? [], `"${text}" on page ${pageText.page}`).toContain(text);
        }
        checked += 1;
      }
    }
  }
  return checked;
}

function lineOf(node: TreeNode, page: number, words: string) {
  const pageText = node.pageTexts.find(entry => entry.page === page)!;
  const line = pageTextLines(pageText).find(candidate => pageText.text.slice(candidate.start, candidate.end).includes(words));
  if (!line) throw new Error(`no line holding "${words}" on page ${page} of ${node.title}`);
  return { ...line, text: pageText.text.slice(line.start, line.end) };
}

/**
 * The box of a line pdf-lib drew, within 2 pt of its ink: from its left to its right end, from the top
 * of its capitals (0.72 em above the baseline) to the bottom of its descenders (0.21 em below). The
 * box runs from the font's ascent to its descent, as a text selection does: up to 2.5 pt more.
 */
function expectBoxAt(box: BoundingBox, drawn: Drawn, fontSize: number) {
  expect(Math.abs(box.x - drawn.x)).toBeLessThan(2);
  expect(Math.abs(box.x + box.width - (drawn.x + drawn.width))).toBeLessThan(2);
  const inkTop = drawn.baseline - 0.72 * fontSize;
  const inkBottom = drawn.baseline + 0.21 * fontSize;
  expect(box.y).toBeLessThanOrEqual(inkTop + 0.5);
  expect(box.y).toBeGreaterThan(inkTop - 2.5);
  expect(box.y + box.height).toBeGreaterThanOrEqual(inkBottom - 0.5);
  expect(box.y + box.height).toBeLessThan(inkBottom + 2);
}

function expectRounded(box: BoundingBox) {
  for (const value of Object.values(box)) expect(Math.round(value * 10) / 10).toBe(value);
}

describe('line boxes from the pdf.js parser into the tree', () => {
  it('gives each line of a paragraph its box where pdf-lib drew it, offsets into the mended text', async () => {
    const parsed = await parseReport();
    const block = parsed.blocks.find(candidate => candidate.text.startsWith('Widget sales'))!;
    expect(block.text).toContain('where manufacturing capacity');
    expect(block.lines).toHaveLength(3);
    const texts = block.lines!.map(line => block.text.slice(line.start, line.end));
    // The first line ends before the hyphen the join removed.
    expect(texts).toEqual([paragraph[0].slice(0, -1), paragraph[1], paragraph[2]]);
    block.lines!.forEach((line, index) => {
      expectBoxAt(line.box, report.drawn.get(paragraph[index])!, size);
      expectRounded(line.box);
    });
    // Line by line down the page, 14 pt apart, as drawn.
    expect(block.lines![1].box.y - block.lines![0].box.y).toBeCloseTo(14, 1);
    expect(block.lines![2].box.y - block.lines![1].box.y).toBeCloseTo(14, 1);

    const list = parsed.blocks.find(candidate => candidate.kind === 'list')!;
    expect(list.lines!.map(line => list.text.slice(line.start, line.end))).toEqual([
      '- The north doubled its output in the year.',
      '- The south kept its output where it was.',
    ]);
    const code = parsed.blocks.find(candidate => candidate.kind === 'code')!;
    expect(code.lines!.map(line => code.text.slice(line.start, line.end))).toEqual(['total = north + south', 'print(total)']);
    expectBoxAt(code.lines![1].box, report.drawn.get('print(total)')!, 10);
  });

  it("carries the lines into the tree, shifted into each node's text per page, tables by row and figures as one box", async () => {
    const parsed = await parseReport();
    const tree = buildTree(parsed, { documentId: 'report' });
    expect(tree.pageSizes).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    expect(expectLinesMatchBlocks(tree, parsed)).toBeGreaterThanOrEqual(12);

    const section = allNodes(tree.nodes).find(node => node.title === '1 Widget results')!;
    const second = lineOf(section, 1, 'facturing capacity');
    expect(second.text).toBe(paragraph[1]);
    expectBoxAt(second.box, report.drawn.get(paragraph[1])!, size);
    // After the paragraph and a blank line, the list's lines follow in the same page text.
    const south = lineOf(section, 1, 'The south kept');
    expect(south.start).toBeGreaterThan(second.end);
    expectBoxAt(south.box, report.drawn.get('- The south kept its output where it was.')!, size);
    // Page 2 has a page text of its own, with offsets from 0.
    const next = lineOf(section, 2, 'The same plant');
    expect(next.start).toBe(0);
    expectBoxAt(next.box, report.drawn.get('The same plant will open a second line next year, which')!, size);

    const table = allNodes(tree.nodes).find(node => node.kind === 'table')!;
    const tableText = table.pageTexts[0];
    expect(tableText.text).toMatch(/^Table 1: Sales by region\n\n\| Region \| Sales \|\n\| --- \| --- \|\n\| North \| 1,200 \|/);
    const rows = pageTextLines(tableText).map(line => tableText.text.slice(line.start, line.end));
    // The caption's line, then one line per row; the |---| row has none.
    expect(rows).toEqual(['Table 1: Sales by region', '| Region | Sales |', '| North | 1,200 |', '| South | 950 |']);
    const rowBoxes = pageTextLines(tableText)
      .slice(1)
      .map(line => line.box);
    rowBoxes.forEach((box, row) => {
      const middle = box.y + box.height / 2;
      expect(middle).toBeGreaterThan(tableTop + row * rowHeight);
      expect(middle).toBeLessThan(tableTop + (row + 1) * rowHeight);
      expect(Math.abs(box.x - 72)).toBeLessThan(2);
      expect(Math.abs(box.x + box.width - 400)).toBeLessThan(2);
    });

    const figure = allNodes(tree.nodes).find(node => node.kind === 'figure')!;
    const figureText = figure.pageTexts[0];
    expect(figureText.page).toBe(2);
    expect(figureText.text).toContain('Figure 1: Output by quarter');
    const [figureLine] = pageTextLines(figureText);
    expect(pageTextLines(figureText)).toHaveLength(1);
    expect([figureLine.start, figureLine.end]).toEqual([0, figureText.text.length]);
    expect(figureLine.box.x).toBeCloseTo(figureBox.x, 0);
    expect(figureLine.box.y).toBeCloseTo(figureBox.top, 0);
    expect(figureLine.box.width).toBeCloseTo(figureBox.width, 0);
    expect(figureLine.box.height).toBeCloseTo(figureBox.height, 0);
  });

  describe('read by parse workers', () => {
    const workers = trackWorkers();
    const pool = new PageWorkerPool({ size: 1, startWorker: workers.startWorker });
    afterAll(() => pool.close());

    it('gives the same lines as this thread, and the same tree', async () => {
      const here = await parseReport();
      const inWorkers = await parseReport({ pool });
      expect(workers.started).toHaveLength(1);
      expect(inWorkers.blocks.filter(block => block.lines).length).toBeGreaterThanOrEqual(6);
      expect(inWorkers.blocks).toEqual(here.blocks);
      const tree = buildTree(inWorkers, { documentId: 'report' });
      expect(tree).toEqual(buildTree(here, { documentId: 'report' }));
      expect(expectLinesMatchBlocks(tree, inWorkers)).toBeGreaterThanOrEqual(12);
    });
  });
});

describe('line boxes of an OCR page', () => {
  it('are the lines tesseract found, in page points', async () => {
    // Text at x = 72 pt; the second line's baseline at 432 pt (see makeScannedPagePdf).
    const scan = await makeScannedPagePdf();
    const ocr = createPageOcr({ languages: ['eng'] });
    try {
      const parsed = await parsePdf(scan, { name: 'scan.pdf', figureSink: recordingSink().sink, maxPages: 10, ocr });
      expect(parsed.ocrPages).toEqual([1]);
      const tree = buildTree(parsed, { documentId: 'scan' });
      expectLinesMatchBlocks(tree, parsed);
      const [node] = allNodes(tree.nodes).filter(candidate => candidate.pageTexts.some(entry => entry.text.includes('Invoices')));
      const line = lineOf(node, 1, 'Invoices');
      expect(line.text).toMatch(/Invoices are paid within thirty days/);
      expect(Math.abs(line.box.x - 72)).toBeLessThan(4);
      expect(Math.abs(line.box.y + line.box.height - 432)).toBeLessThan(6);
      expect(line.box.height).toBeGreaterThan(12);
      expect(line.box.height).toBeLessThan(30);
    } finally {
      await ocr.close();
    }
  });

  it('are in the frame the words read in when the scan lies sideways, and the page says so', async () => {
    const scan = await makeScannedPagePdf({ readTurned: 90 });
    const ocr = createPageOcr({ languages: ['eng'] });
    try {
      const parsed = await parsePdf(scan, { name: 'sideways.pdf', figureSink: recordingSink().sink, maxPages: 10, ocr });
      expect(parsed.pageSizes).toEqual([{ width: 612, height: 792, turn: 90 }]);
      const tree = buildTree(parsed, { documentId: 'sideways' });
      expect(tree.pageSizes).toEqual([{ width: 612, height: 792, turn: 90 }]);
      expectLinesMatchBlocks(tree, parsed);
      const [node] = allNodes(tree.nodes).filter(candidate => candidate.pageTexts.some(entry => entry.text.includes('Invoices')));
      const line = lineOf(node, 1, 'Invoices');
      expect(line.text).toMatch(/Invoices are paid within thirty days/);
      expect(Math.abs(line.box.x - 72)).toBeLessThan(4);
      expect(Math.abs(line.box.y + line.box.height - 432)).toBeLessThan(6);
    } finally {
      await ocr.close();
    }
  });
});
