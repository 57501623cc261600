import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title.ts';
import type { Block, BlockKind } from './types.ts';

const block = (page: number, kind: BlockKind, text: string, order: number, size?: number, y = 100): Block => ({
  page,
  kind,
  text,
  order,
  bbox: { x: 0, y, width: 100, height: 20 },
  ...(size ? { font: { size, bold: false, italic: false } } : {}),
});
const pageSizes = [{ width: 612, height: 792 }];

describe('documentTitle', () => {
  it('is the title block of the first page, spaced as a person would quote it', () => {
    const blocks = [block(1, 'paragraph', 'Pew Research Center', 0), block(1, 'title', 'Views of Government’s\n  Handling of Terrorism', 1)];
    expect(documentTitle({ blocks, pageSizes })).toBe('Views of Government’s Handling of Terrorism');
    expect(documentTitle({ pageSizes, blocks: [block(1, 'title', 'C A N A D A', 0)] })).toBe('CANADA');
  });

  it('reads a title drawn twice for a bolder look once, but keeps a real doubled word', () => {
    const title = (text: string) => documentTitle({ pageSizes, blocks: [block(1, 'title', text, 0)] });
    expect(title('TheThe LimesLimes RResidentialesidential HomeHome')).toBe('The Limes Residential Home');
    expect(title('ISIS and Terrorism Views')).toBe('ISIS and Terrorism Views');
    expect(title('Bye Bye Birdie Musical Notes')).toBe('Bye Bye Birdie Musical Notes');
  });

  it('is none without a first-page title, or for a position, a file name, a numbered heading or a paragraph set large', () => {
    expect(documentTitle({ pageSizes, blocks: [block(1, 'heading', 'Introduction', 0), block(2, 'title', 'Results', 1)] })).toBeUndefined();
    expect(documentTitle({ pageSizes, blocks: [block(1, 'title', 'Page 1', 0)] })).toBeUndefined();
    expect(documentTitle({ pageSizes, blocks: [block(1, 'title', 'report_final.pdf', 0)] })).toBeUndefined();
    expect(documentTitle({ pageSizes, blocks: [block(1, 'title', '1 Refund policy', 0)] })).toBeUndefined();
    expect(documentTitle({ pageSizes, blocks: [block(1, 'title', 'word '.repeat(60), 0)] })).toBeUndefined();
  });

  it('passes over an archive’s stamp to the biggest text in the top half of the first page', () => {
    const body = Array.from({ length: 5 }, (_, index) => block(1, 'paragraph', 'Body text of the paper. '.repeat(8), 10 + index, 10, 300 + index * 40));
    const blocks = [
      block(1, 'title', 'arXiv:2303.08559v2 [cs.CL] 21 Oct 2023', 0, 20, 200),
      block(1, 'heading', 'Large Language Model Is Not a Good Few-shot Information Extractor', 1, 17, 80),
      block(1, 'heading', 'Abstract', 2, 12, 160),
      block(1, 'heading', 'Conclusion in the lower half', 3, 18, 700),
      ...body,
    ];
    expect(documentTitle({ blocks, pageSizes })).toBe('Large Language Model Is Not a Good Few-shot Information Extractor');
  });

  it('joins the lines of a title set in several sizes, and looks lower on a cover with nothing large on top', () => {
    const body = Array.from({ length: 5 }, (_, index) => block(2, 'paragraph', 'Body text of the report. '.repeat(8), 10 + index, 10, 100 + index * 40));
    // A picture fills the top half; the title's three lines are stacked under it, the middle one biggest.
    const line = (text: string, order: number, size: number, y: number, height: number): Block => ({
      ...block(1, 'heading', text, order, size, y),
      bbox: { x: 40, y, width: 500, height },
    });
    const cover = [
      block(1, 'figure', '', 0, undefined, 0),
      line('THE IMPACTS OF CLIMATE CHANGE ON', 1, 20, 603, 25),
      line('HUMAN HEALTH', 2, 48, 624, 61),
      line('IN THE UNITED STATES', 3, 20.6, 682, 26),
      line('A Scientific Assessment', 4, 12, 711, 16),
      line('Printed for the Research Program', 5, 20, 760, 20),
    ];
    expect(documentTitle({ blocks: [...cover, ...body], pageSizes })).toBe('THE IMPACTS OF CLIMATE CHANGE ON HUMAN HEALTH IN THE UNITED STATES');
  });

  it('takes the title quoted where a cover drawn as a picture says how to cite the document', () => {
    const blocks = [
      block(1, 'paragraph', 'FOR RELEASE MAY 3, 2018', 0, 8, 189),
      block(1, 'figure', '', 1, undefined, 208),
      block(1, 'paragraph', 'RECOMMENDED CITATION', 2, 8, 643),
      block(
        1,
        'paragraph',
        'Pew Research Center, May, 2018, “Trump Viewed Less Negatively on Issues, but Most Americans Are\nCritical of His Conduct”',
        3,
        8,
        657,
      ),
      block(2, 'paragraph', 'About Pew Research Center', 4, 11, 100),
    ];
    expect(documentTitle({ blocks, pageSizes })).toBe('Trump Viewed Less Negatively on Issues, but Most Americans Are Critical of His Conduct');
    expect(documentTitle({ blocks: blocks.filter(each => !each.text.startsWith('RECOMMENDED')), pageSizes })).toBeUndefined();
  });
});
