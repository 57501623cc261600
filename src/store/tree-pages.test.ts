import { describe, expect, it } from 'vitest';
import { locateWords } from '../documents/page-highlight.ts';
import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';
import { pageContents } from '../documents/page-contents.ts';
import { pagesOfTree, treeOfPages, treePages } from './tree-pages.ts';

function node(nodeId: string, title: string, fields: Partial<TreeNode> & Pick<TreeNode, 'pageStart' | 'pageEnd'>): TreeNode {
  const pageTexts = fields.pageTexts ?? [];
  return { nodeId, title, kind: 'section', level: 0, text: pageTexts.map(entry => entry.text).join('\n\n'), pageTexts, children: [], ...fields };
}

/**
 * Six pages: a chapter over pages 1–4 with a section over 2–4 holding a table on page 4 and, after it in
 * document order but on page 3, a figure with only a description; then a second chapter over 5–6 with
 * nothing on page 5.
 */
const tree: DocumentTree = {
  documentId: 'report',
  totalPages: 6,
  pageLabels: ['i', 'ii', '1', '2', '3', '4'],
  printedPageNumbers: [[], [], [1], [2], [3], [4]],
  pageSizes: Array.from({ length: 6 }, (_, index) => ({ width: 600 + index, height: 800 })),
  nodes: [
    node('0001', '1 Glaciers', {
      pageStart: 1,
      pageEnd: 4,
      pageTexts: [
        { page: 1, text: 'Glaciers cover a tenth of the land.' },
        { page: 2, text: 'They store most fresh water.', lines: [[0, 28, 72, 100, 300, 12]] },
      ],
      children: [
        node('0002', '1.1 Retreat', {
          level: 1,
          pageStart: 2,
          pageEnd: 4,
          pageTexts: [
            { page: 2, text: 'Retreat has sped up since 1990.' },
            { page: 3, text: 'Alpine glaciers lost a third of their ice.' },
            { page: 4, text: 'Models expect more loss.' },
          ],
          children: [
            node('0003', 'Table 1 Ice loss', {
              kind: 'table',
              level: 2,
              pageStart: 4,
              pageEnd: 4,
              pageTexts: [{ page: 4, text: '| Year | Loss |\n| --- | --- |\n| 2020 | 3% |' }],
            }),
            node('0004', 'Figure 1 Ice extent', {
              kind: 'figure',
              level: 2,
              pageStart: 3,
              pageEnd: 3,
              pageTexts: [],
              figure: { sha256: 'f1', widthPx: 10, heightPx: 10, caption: 'Figure 1 Ice extent', description: 'A map of shrinking ice.', source: 'raster' },
            }),
          ],
        }),
      ],
    }),
    node('0005', '2 Rivers', { pageStart: 5, pageEnd: 6, pageTexts: [{ page: 6, text: 'Meltwater feeds the rivers in summer.' }] }),
  ],
};

/** What the answer step reads of a page: each piece's section, title path, text and figure. */
function read(of: DocumentTree, page: number) {
  return (pageContents(of).get(page) ?? []).map(piece => ({
    section: piece.section.nodeId,
    titlePath: piece.titlePath,
    text: piece.text,
    figure: piece.figure,
  }));
}

describe('a tree read page by page', () => {
  it('shows every page as the whole tree does, whichever pages are read together and in whatever order', () => {
    const subsets = [[1], [2], [3], [4], [5], [6], [4, 2], [6, 1, 3], [1, 2, 3, 4, 5, 6], [3, 4, 9]];
    for (const pages of subsets) {
      const partial = treeOfPages(tree.documentId, pagesOfTree(tree, pages))!;
      for (const page of pages.filter(page => page <= tree.totalPages)) expect(read(partial, page), `pages ${pages} → ${page}`).toEqual(read(tree, page));
      for (let page = 1; page <= tree.totalPages; page++) if (!pages.includes(page)) expect(read(partial, page)).toEqual([]);
    }
  });

  it('puts nodes back in document order with their texts of the pages read, in page order', () => {
    const partial = treeOfPages('report', [...pagesOfTree(tree, [4, 2, 3])].reverse())!;
    const retreat = partial.nodes[0].children[0];
    expect(partial.nodes.map(entry => entry.nodeId)).toEqual(['0001']);
    expect(retreat.children.map(entry => entry.nodeId)).toEqual(['0003', '0004']);
    expect(retreat.pageTexts.map(entry => entry.page)).toEqual([2, 3, 4]);
    expect(retreat.text).toBe('Retreat has sped up since 1990.\n\nAlpine glaciers lost a third of their ice.\n\nModels expect more loss.');
    expect(partial.nodes[0].pageTexts.map(entry => entry.page)).toEqual([2]);
  });

  it("keeps the pages' labels, printed numbers, sizes and line boxes at their places", () => {
    const partial = treeOfPages('report', pagesOfTree(tree, [2, 5, 6]))!;
    expect(partial.totalPages).toBe(6);
    expect(partial.pageLabels?.[1]).toBe('ii');
    expect(partial.pageLabels?.[4]).toBe('3');
    expect(partial.pageLabels?.[0]).toBeUndefined();
    expect(partial.printedPageNumbers?.[4]).toEqual([3]);
    expect(partial.pageSizes?.[1]).toEqual({ width: 601, height: 800 });
    expect(locateWords(partial, 2, 'They store most fresh water.')).toEqual(locateWords(tree, 2, 'They store most fresh water.'));
    expect(partial.nodes.map(entry => entry.nodeId)).toEqual(['0001', '0005']);
  });

  it('has an entry for every page, one with nothing on it holding no nodes', () => {
    const pages = treePages(tree);
    expect(pages.map(page => page.page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pages[4].nodes).toEqual([]);
    expect(treeOfPages('report', [])).toBeNull();
  });
});
