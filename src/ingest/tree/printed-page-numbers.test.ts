import { describe, expect, it } from 'vitest';
import { makeTestPdf } from '../../../test/support/layout/make-test-pdf.ts';
import { parsePdf } from '../pdf/parse-pdf.ts';
import type { Block, BlockKind } from '../types.ts';
import { buildTree } from './build-tree.ts';
import { detectPrintedPageNumbers } from './printed-page-numbers.ts';

const portrait = { width: 612, height: 792 };
const landscape = { width: 842, height: 595 };

function block(page: number, text: string, options: { kind?: BlockKind; x?: number; y?: number } = {}): Block {
  return { page, text, kind: options.kind ?? 'page-footer', bbox: { x: options.x ?? 300, y: options.y ?? 760, width: 20, height: 10 }, order: 0 };
}

const pages = (pageCount: number, size: { width: number; height: number }) => ({ pageCount, pageSizes: Array(pageCount).fill(size) });

function body(page: number): Block {
  return block(page, 'Body text of the page.', { kind: 'paragraph', x: 72, y: 300 });
}

describe('detectPrintedPageNumbers', () => {
  it('reads footer numbers that start after unnumbered cover pages', () => {
    const blocks = [1, 2, 3, 4, 5, 6, 7].flatMap(page => [body(page), ...(page >= 4 ? [block(page, String(page - 3))] : [])]);
    expect(detectPrintedPageNumbers(blocks, pages(7, portrait))).toEqual([[], [], [], [1], [2], [3], [4]]);
  });

  it('fills a page without a footer inside a sequence, and reads numbers inside running footers', () => {
    const blocks = [1, 2, 3, 4, 5, 6].flatMap(page => [body(page), ...(page === 4 ? [] : [block(page, `Annual Report 2023 | ${page + 10}`)])]);
    expect(detectPrintedPageNumbers(blocks, pages(6, portrait))).toEqual([[11], [12], [13], [14], [15], [16]]);
  });

  it('gives both numbers of a two-page spread, from either half of the sheet', () => {
    // PDF page p shows printed pages 2p-4 (left half) and 2p-3 (right half); page 2 is an inside cover ("1" on the right).
    const blocks: Block[] = [block(2, '1 Graduate Studies', { x: 700, y: 575 })];
    for (let page = 3; page <= 6; page++) {
      blocks.push(block(page, `${2 * page - 4} Graduate Studies`, { x: 14, y: 575 }));
      if (page % 2 === 0) blocks.push(block(page, `Graduate Studies ${2 * page - 3}`, { x: 700, y: 575 }));
    }
    expect(detectPrintedPageNumbers(blocks, pages(7, landscape))).toEqual([[], [1], [2, 3], [4, 5], [6, 7], [8, 9], []]);
  });

  it('takes a lone number under the text of a short page, above the footer band', () => {
    const blocks = [1, 2, 3, 4].flatMap(page => [body(page), block(page, String(page), { kind: 'paragraph', y: 500 })]);
    expect(detectPrintedPageNumbers(blocks, pages(4, portrait))).toEqual([[1], [2], [3], [4]]);
  });

  it('ignores numbers that do not advance with the pages: years, issue numbers, chapter numbers, web print-outs', () => {
    const blocks = [1, 2, 3, 4, 5, 6].flatMap(page => [
      body(page),
      block(page, 'Issue 26 (2024-02-28)', { x: 57 }),
      block(page, '3 Application Scenarios', { kind: 'page-header', y: 56 }),
      block(page, `${((page - 1) % 2) + 1}/2`),
    ]);
    expect(detectPrintedPageNumbers(blocks, pages(6, portrait))).toBeUndefined();
    // A year that happens to grow page by page inside running text is not a page number either.
    const years = [1, 2, 3].map(page => block(page, `Annual report ${2020 + page}`, { kind: 'page-header', y: 30 }));
    expect(detectPrintedPageNumbers(years, pages(3, portrait))).toBeUndefined();
  });

  it('does not read alternating left and right numbers of an excerpt as spreads', () => {
    // Pages 8-14, 20-24 and 30-37 of a report, numbers on the outer corner (left on even, right on odd).
    const printed = [8, 9, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24, 30, 31, 32, 33, 34, 35, 36, 37];
    const blocks = printed.flatMap((number, index) => [body(index + 1), block(index + 1, String(number), { x: number % 2 === 0 ? 40 : 545 })]);
    expect(detectPrintedPageNumbers(blocks, pages(printed.length, portrait))).toEqual(printed.map(number => [number]));
  });

  it('needs three numbered pages', () => {
    const blocks = [body(1), block(1, '5'), body(2), block(2, '6'), body(3)];
    expect(detectPrintedPageNumbers(blocks, pages(3, portrait))).toBeUndefined();
  });

  it('reads the footer numbers of a generated brochure into the tree: two unnumbered covers, then 1, 2, 3…', async () => {
    const text = 'Our programmes prepare students for careers in research and industry.';
    const pages = Array.from({ length: 7 }, (_, index) => ({
      texts: [
        { text: `${text} Page content ${index + 1}.`, x: 72, top: 200, size: 11 },
        ...(index >= 2 ? [{ text: String(index - 1), x: 300, top: 750, size: 9 }] : []),
      ],
    }));
    const parsed = await parsePdf(await makeTestPdf(pages), { name: 'brochure.pdf', figureSink: { save: async () => ({ sha256: 'unused' }) }, maxPages: 50 });
    const tree = buildTree(parsed, { documentId: 'd' });
    expect(tree.printedPageNumbers).toEqual([[], [], [1], [2], [3], [4], [5]]);
    // The numbers are footers: kept in the tree's field, not in the pages' text.
    expect(tree.nodes.map(node => node.text)).toEqual(pages.map((_, index) => `${text} Page content ${index + 1}.`));
  });
});
