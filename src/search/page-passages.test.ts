import { describe, expect, it } from 'vitest';
import type { DocumentTree, FigureRef, TreeNode } from '../documents/document-tree.ts';
import { pageContents } from '../documents/page-contents.ts';
import { pagePassages } from './page-passages.ts';
import type { Passage, RankedPage } from './types.ts';

function node(init: Partial<TreeNode> & Pick<TreeNode, 'nodeId' | 'title' | 'pageStart'>): TreeNode {
  const pageEnd = init.pageEnd ?? init.pageStart;
  return {
    kind: 'section',
    level: 0,
    pageEnd,
    text: (init.pageTexts ?? []).map(entry => entry.text).join('\n'),
    pageTexts: [],
    children: [],
    ...init,
  };
}

const tree = (documentId: string, nodes: TreeNode[]): DocumentTree => ({
  documentId,
  totalPages: Math.max(...nodes.map(entry => entry.pageEnd)),
  nodes,
});
const treesOf = (...trees: DocumentTree[]) => new Map(trees.map(entry => [entry.documentId, entry]));
const ranked = (documentId: string, ...pages: number[]): RankedPage[] =>
  pages.map((page, index) => ({ documentId, documentName: `${documentId}.pdf`, page, score: 1 / (index + 1) }));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const figureRef = (init: Partial<FigureRef> = {}): FigureRef => ({ sha256: 'f00d', widthPx: 10, heightPx: 10, source: 'vector', ...init });
/** One-page sections "Section 1" … "Section n", each with its own text. */
const onePageSections = (count: number) =>
  range(1, count).map(page => node({ nodeId: `000${page}`, title: `Section ${page}`, pageStart: page, pageTexts: [{ page, text: `Body of page ${page}.` }] }));
const chars = (passages: Passage[]) => passages.flatMap(passage => passage.pageTexts).reduce((sum, entry) => sum + entry.text.length, 0);

// A 12-page chapter, one text per page ("Chapter text on page 7 …"), about 300 characters each.
const chapterText = (page: number) => `Chapter text on page ${page}. ${'Filler words about the business. '.repeat(8).trim()}`;
const chapter = tree('annual', [
  node({ nodeId: '0001', title: '3 Business review', pageStart: 1, pageEnd: 12, pageTexts: range(1, 12).map(page => ({ page, text: chapterText(page) })) }),
]);

describe('pagePassages', () => {
  it('takes the ranked page of a long section and its neighbours, not the section start', () => {
    const [passage, ...others] = pagePassages(ranked('annual', 9), treesOf(chapter));
    expect(others).toEqual([]);
    expect(passage).toMatchObject({ documentId: 'annual', documentName: 'annual.pdf', nodeId: '0001', titlePath: ['3 Business review'], pages: [8, 9, 10] });
    expect(passage.text).toBe([chapterText(8), chapterText(9), chapterText(10)].join('\n\n'));
    expect(passage.text).not.toContain('page 1.');
    expect(passage.text).not.toContain('page 2.');
  });

  it('adds no neighbours when the ranked page used up the budget', () => {
    // 100 tokens = 400 characters: page 9 (≈300) leaves less than a useful piece.
    const passages = pagePassages(ranked('annual', 9), treesOf(chapter), { budgetTokens: 100 });
    expect(passages.map(passage => passage.pages)).toEqual([[9]]);
  });

  it('adds neighbours only for the best `wholePages` pages, ranking them after every taken page', () => {
    const [passage] = pagePassages(ranked('annual', 5, 2), treesOf(chapter), { wholePages: 1 });
    expect(passage.pageTexts.map(entry => [entry.page, entry.rank])).toEqual([
      [2, 1],
      [4, 2],
      [5, 0],
      [6, 2],
    ]);
    const [wide] = pagePassages(ranked('annual', 5, 2), treesOf(chapter));
    expect(wide.pageTexts.map(entry => [entry.page, entry.rank])).toEqual([
      [1, 2],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 0],
      [6, 2],
    ]);
  });

  it('orders passages by the rank of their best page and does not cross into other sections as neighbours', () => {
    const report = tree('report', onePageSections(3));
    const passages = pagePassages(ranked('report', 3, 1), treesOf(report));
    expect(passages.map(passage => [passage.nodeId, passage.titlePath, passage.pages, passage.text])).toEqual([
      ['0003', ['Section 3'], [3], 'Body of page 3.'],
      ['0001', ['Section 1'], [1], 'Body of page 1.'],
    ]);
    expect(passages.flatMap(passage => passage.pageTexts.map(entry => entry.rank))).toEqual([0, 1]);
  });

  it('gives a page covered by two sections one passage per section, each with its own neighbour', () => {
    const report = tree('report', [
      node({
        nodeId: '0001',
        title: 'Risks',
        pageStart: 1,
        pageEnd: 2,
        pageTexts: [
          { page: 1, text: 'Risk intro.' },
          { page: 2, text: 'Risk end.' },
        ],
      }),
      node({
        nodeId: '0002',
        title: 'Outlook',
        pageStart: 2,
        pageEnd: 3,
        pageTexts: [
          { page: 2, text: 'Outlook start.' },
          { page: 3, text: 'Outlook end.' },
        ],
      }),
    ]);
    const passages = pagePassages(ranked('report', 2), treesOf(report));
    expect(passages.map(passage => [passage.nodeId, passage.pages, passage.text])).toEqual([
      ['0001', [1, 2], 'Risk intro.\n\nRisk end.'],
      ['0002', [2, 3], 'Outlook start.\n\nOutlook end.'],
    ]);
  });

  it("reads a table inside its parent section's passage, with its Markdown", () => {
    const markdown = 'Table 1: Revenue\n| Year | Revenue |\n|---|---|\n| 2023 | 10 |';
    const report = tree('report', [
      node({
        nodeId: '0001',
        title: '2 Results',
        pageStart: 4,
        pageTexts: [{ page: 4, text: 'Revenue rose.' }],
        children: [node({ nodeId: '0002', title: 'Table 1: Revenue', kind: 'table', level: 1, pageStart: 4, pageTexts: [{ page: 4, text: markdown }] })],
      }),
    ]);
    const passages = pagePassages(ranked('report', 4), treesOf(report));
    expect(passages).toEqual([
      {
        documentId: 'report',
        documentName: 'report.pdf',
        nodeId: '0001',
        titlePath: ['2 Results'],
        pages: [4],
        text: `Revenue rose.\n\n${markdown}`,
        pageTexts: [{ page: 4, text: `Revenue rose.\n\n${markdown}`, rank: 0 }],
        figures: [],
      },
    ]);
  });

  it('reads a described figure as "[Figure, p. N] caption" with its description, and lists it in `figures`', () => {
    const report = tree('report', [
      node({
        nodeId: '0001',
        title: '2 Results',
        pageStart: 5,
        pageTexts: [{ page: 5, text: 'Margins held.' }],
        children: [
          node({
            nodeId: '0002',
            title: 'Figure 2',
            kind: 'figure',
            level: 1,
            pageStart: 5,
            pageTexts: [{ page: 5, text: 'Figure 2: Margins\nBar chart of margins by region.' }],
            figure: figureRef({ caption: 'Figure 2: Margins', description: 'Bar chart of margins by region.' }),
          }),
        ],
      }),
    ]);
    const [passage] = pagePassages(ranked('report', 5), treesOf(report));
    expect(passage.nodeId).toBe('0001');
    expect(passage.text).toBe('Margins held.\n\n[Figure, p. 5] Figure 2: Margins\nBar chart of margins by region.');
    expect(passage.figures).toEqual([{ nodeId: '0002', page: 5, title: 'Figure 2: Margins', description: 'Bar chart of margins by region.' }]);
  });

  it('keeps all passages within the budget (budgetTokens × 4 characters)', () => {
    const report = tree('report', [
      node({ nodeId: '0001', title: 'Long', pageStart: 1, pageEnd: 12, pageTexts: range(1, 12).map(page => ({ page, text: chapterText(page) })) }),
    ]);
    for (const budgetTokens of [150, 400, 1000]) {
      const passages = pagePassages(ranked('report', 3, 7, 11, 1), treesOf(report), { budgetTokens });
      expect(chars(passages)).toBeLessThanOrEqual(budgetTokens * 4);
      expect(chars(passages)).toBeGreaterThan(0);
    }
    // Ample budget: everything ranked fits whole.
    expect(pagePassages(ranked('report', 3, 7, 11, 1), treesOf(report), { budgetTokens: 100_000 })[0].pages).toEqual([1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
  });

  it('cuts a long page to the paragraphs that share the query words rather than its start', () => {
    const paragraphs = range(1, 8).map(index => `Paragraph ${index} about general matters. ${'Nothing to see in this paragraph at all. '.repeat(6).trim()}`);
    paragraphs[5] = `The dividend policy of the board pays half of earnings. ${'Nothing to see in this paragraph at all. '.repeat(5).trim()}`;
    const report = tree('report', [node({ nodeId: '0001', title: 'Capital', pageStart: 1, pageTexts: [{ page: 1, text: paragraphs.join('\n\n') }] })]);
    const options = { maxPageChars: 400 };

    const [focused] = pagePassages(ranked('report', 1), treesOf(report), { ...options, queries: ['What is the dividend policy?'] });
    expect(focused.text).toBe(paragraphs[5]);

    const [start] = pagePassages(ranked('report', 1), treesOf(report), options);
    expect(start.text).toBe(paragraphs[0]);
  });

  it('keeps the chosen paragraphs in reading order when several fit', () => {
    const paragraphs = [
      'Alpha opening remarks on the year.',
      'Beta notes on staffing levels.',
      'Gamma details on dividend payments.',
      'Delta closing words.',
    ].map(text => `${text} ${'More words here. '.repeat(12).trim()}`);
    const report = tree('report', [node({ nodeId: '0001', title: 'Notes', pageStart: 1, pageTexts: [{ page: 1, text: paragraphs.join('\n\n') }] })]);
    const [passage] = pagePassages(ranked('report', 1), treesOf(report), { maxPageChars: 2 * (paragraphs[0].length + 2) + 10, queries: ['dividend'] });
    expect(passage.text).toBe(`${paragraphs[0]}\n\n${paragraphs[2]}`);
  });

  it('gives the start of a single paragraph longer than the allowance, cut at a sentence end', () => {
    const sentences = range(1, 40).map(index => `Sentence number ${index} says little.`);
    const report = tree('report', [node({ nodeId: '0001', title: 'Wall', pageStart: 1, pageTexts: [{ page: 1, text: sentences.join(' ') }] })]);
    const [passage] = pagePassages(ranked('report', 1), treesOf(report), { maxPageChars: 300 });
    expect(passage.text.length).toBeLessThanOrEqual(300);
    expect(passage.text.startsWith('Sentence number 1 says little. Sentence number 2 says little.')).toBe(true);
    expect(passage.text.endsWith('says little. …')).toBe(true);
  });

  it('skips pages of unknown documents and pages without text without counting them towards maxPages', () => {
    const report = tree('report', [...onePageSections(3), node({ nodeId: '0009', title: 'Blank', pageStart: 7, pageTexts: [{ page: 7, text: '   \n ' }] })]);
    const pages: RankedPage[] = [...ranked('ghost', 1), ...ranked('report', 7, 5, 2, 1, 3)];
    const passages = pagePassages(pages, treesOf(report), { maxPages: 2 });
    expect(passages.map(passage => [passage.nodeId, passage.pages, passage.pageTexts[0].rank])).toEqual([
      ['0002', [2], 0],
      ['0001', [1], 1],
    ]);
  });

  it('returns nothing for an empty ranking or a budget too small for a useful piece', () => {
    expect(pagePassages([], treesOf(chapter))).toEqual([]);
    expect(pagePassages(ranked('annual', 9), treesOf(chapter), { budgetTokens: 40 })).toEqual([]);
  });
});

describe('pageContents', () => {
  it('lists each page’s pieces in reading order with the section they are read in and its title path', () => {
    const report = tree('report', [
      node({
        nodeId: '0001',
        title: 'Part A',
        pageStart: 1,
        pageEnd: 2,
        pageTexts: [{ page: 1, text: '  Part A intro.  ' }],
        children: [
          node({
            nodeId: '0002',
            title: 'A.1',
            level: 1,
            pageStart: 1,
            pageEnd: 2,
            pageTexts: [
              { page: 1, text: 'A.1 on one.' },
              { page: 2, text: 'A.1 on two.' },
            ],
          }),
          node({ nodeId: '0003', title: 'Table 1', kind: 'table', level: 1, pageStart: 2, pageTexts: [{ page: 2, text: '| a | b |\n|---|---|\n| 1 | 2 |' }] }),
          node({ nodeId: '0004', title: 'Empty', level: 1, pageStart: 2, pageTexts: [{ page: 2, text: ' \n ' }] }),
        ],
      }),
    ]);
    const contents = pageContents(report);
    const summary = (page: number) => contents.get(page)?.map(piece => [piece.section.nodeId, piece.titlePath, piece.text]);
    expect([...contents.keys()]).toEqual([1, 2]);
    expect(summary(1)).toEqual([
      ['0001', ['Part A'], 'Part A intro.'],
      ['0002', ['Part A', 'A.1'], 'A.1 on one.'],
    ]);
    // The table is read in its parent section (Part A), not as a section of its own.
    expect(summary(2)).toEqual([
      ['0002', ['Part A', 'A.1'], 'A.1 on two.'],
      ['0001', ['Part A'], '| a | b |\n|---|---|\n| 1 | 2 |'],
    ]);
  });

  it('reads figures by caption and description, without saying the caption twice', () => {
    const report = tree('report', [
      node({
        nodeId: '0001',
        title: 'Results',
        pageStart: 3,
        pageEnd: 4,
        children: [
          node({
            nodeId: '0002',
            title: 'Figure 1',
            kind: 'figure',
            pageStart: 3,
            figure: figureRef({ caption: 'Figure 1: Sales', description: 'Sales rise each quarter.' }),
          }),
          node({ nodeId: '0003', title: 'Figure 2', kind: 'figure', pageStart: 4, pageTexts: [{ page: 4, text: 'Axis labels only' }], figure: figureRef() }),
        ],
      }),
      node({ nodeId: '0004', title: 'Loose figure', kind: 'figure', pageStart: 5, pageTexts: [{ page: 5, text: 'A map of the sites.' }] }),
    ]);
    const contents = pageContents(report);
    // No page texts: the description stands in on the figure's first page.
    expect(contents.get(3)).toEqual([
      {
        section: report.nodes[0],
        titlePath: ['Results'],
        text: '[Figure, p. 3] Figure 1: Sales\nSales rise each quarter.',
        figure: { nodeId: '0002', title: 'Figure 1: Sales', description: 'Sales rise each quarter.' },
      },
    ]);
    // Undescribed: read with its title as caption, and not listed as a figure.
    expect(contents.get(4)?.map(piece => [piece.text, piece.figure])).toEqual([['[Figure, p. 4] Figure 2\nAxis labels only', undefined]]);
    // A figure with no section around it is its own section.
    expect(contents.get(5)?.map(piece => [piece.section.nodeId, piece.titlePath, piece.text])).toEqual([
      ['0004', ['Loose figure'], '[Figure, p. 5] Loose figure\nA map of the sites.'],
    ]);
  });
});
