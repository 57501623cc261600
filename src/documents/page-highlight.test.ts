import { describe, expect, it } from 'vitest';
import type { DocumentTree, TreeNode } from './document-tree.ts';
import { formatHighlight, highlightBoxes, locateWords, parseHighlight } from './page-highlight.ts';

const body = 'Revenue grew to 4.2 billion euros in 2023. It was driven by the new plant.\n\nHeadcount fell.';
const section: TreeNode = {
  nodeId: '0003',
  title: 'Results',
  kind: 'section',
  level: 0,
  pageStart: 2,
  pageEnd: 2,
  text: body,
  pageTexts: [
    {
      page: 2,
      text: body,
      lines: [
        [0, 36, 72, 100, 400, 12],
        [37, 75, 72, 114, 380, 12],
        [77, 92, 72, 140, 120, 12],
      ],
    },
  ],
  children: [],
};
const tree: DocumentTree = {
  documentId: 'd1',
  totalPages: 2,
  pageSizes: [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ],
  nodes: [section],
};

describe('page highlights', () => {
  it('round-trips spans and refuses what is not one', () => {
    const spans = [
      { nodeId: '0003', start: 0, end: 42 },
      { nodeId: '0012', start: 5, end: 9 },
    ];
    expect(parseHighlight(formatHighlight(spans))).toEqual(spans);
    for (const bad of ['', '0003', '0003:9-4', '0003:1-2;rm', '../x:1-2', Array.from({ length: 13 }, () => '0003:1-2').join(',')])
      expect(parseHighlight(bad)).toBeUndefined();
  });

  it('finds quoted words in the page text whatever the whitespace, and marks the lines they are on', () => {
    const span = locateWords(tree, 2, 'Revenue grew to 4.2 billion   euros in 2023.');
    expect(span).toEqual({ nodeId: '0003', start: 0, end: 42 });
    expect(locateWords(tree, 1, 'Revenue grew to 4.2 billion euros in 2023.')).toBeUndefined();
    expect(locateWords(tree, 2, 'Not on this page at all.')).toBeUndefined();
    // The sentence runs over two lines: one box around both.
    expect(highlightBoxes(tree, 2, [span!])).toEqual([{ x: 72, y: 100, width: 400, height: 26 }]);
    // A span on the last line only, and one naming a node the page does not have.
    expect(
      highlightBoxes(tree, 2, [
        { nodeId: '0003', start: 80, end: 90 },
        { nodeId: '0999', start: 0, end: 10 },
      ]),
    ).toEqual([{ x: 72, y: 140, width: 120, height: 12 }]);
    // Lines apart (a paragraph gap) stay separate boxes.
    expect(highlightBoxes(tree, 2, [{ nodeId: '0003', start: 40, end: 90 }])).toHaveLength(2);
  });
});
