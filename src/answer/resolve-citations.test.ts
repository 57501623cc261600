import { describe, expect, it } from 'vitest';
import { contextPassage } from '../../test/support/answer/context-passage.ts';
import type { DocumentTree } from '../documents/document-tree.ts';
import { resolveCitations } from './resolve-citations.ts';

const passage = contextPassage;

describe('resolveCitations', () => {
  const passages = [
    passage(1, [
      { page: 3, text: 'Revenue grew to 4.2 billion euros.' },
      { page: 4, text: 'Headcount fell to 1,200 people.' },
    ]),
    passage(
      2,
      [{ page: 9, text: 'The chart shows quarterly sales.' }],
      [{ nodeId: '0009', page: 9, title: 'Figure 2', description: 'Bar chart of sales by quarter.' }],
    ),
  ];

  it("keeps each passage's number, lists citations in order of first use, removes unknown numbers and narrows pages to the claim", () => {
    const resolved = resolveCitations('Sales are charted [2]. Revenue reached 4.2 billion [1][7]. Ranges [1-2] work.', passages);
    expect(resolved.text).toBe('Sales are charted [2]. Revenue reached 4.2 billion [1]. Ranges [1][2] work.');
    expect(resolved.invalid).toEqual([7]);
    expect(resolved.citations.map(citation => [citation.n, citation.nodeId, citation.pages])).toEqual([
      [2, '0002', [9]],
      [1, '0001', [3]],
    ]);
    expect(resolved.figures).toEqual([expect.objectContaining({ page: 9, description: 'Bar chart of sales by quarter.' })]);
  });

  it('keeps the page of each claim that cites a passage, however many of its words the other claims share', () => {
    const longer = passage(1, [
      { page: 60, text: 'The Reserve Banks restructured payment services under one enterprise, led by a chief payments executive.' },
      { page: 63, text: 'The Federal Reserve invested $545 million to implement the service.' },
    ]);
    const resolved = resolveCitations(
      'The Reserve Banks restructured payment services under one enterprise, led by a chief payments executive [1]. It invested $545 million [1].',
      [longer],
    );
    expect(resolved.citations[0].pages).toEqual([60, 63]);
    expect(resolved.citations[0].quotes.map(quote => quote.page)).toEqual([60, 63]);
  });

  it('keeps all pages when the claim does not tell them apart, and finds no citation in plain text', () => {
    expect(resolveCitations('Something unrelated [1].', passages).citations[0].pages).toEqual([3, 4]);
    const none = resolveCitations('No markers here.', passages);
    expect(none.citations).toEqual([]);
    expect(none.text).toBe('No markers here.');
  });

  it("carries the cited page's sentence each claim rests on, placed in the tree", () => {
    const pageText = 'Headcount fell to 1,200 people.\n\nThe canteen  closed in March.';
    const tree: DocumentTree = {
      documentId: 'd1',
      totalPages: 4,
      nodes: [
        {
          nodeId: '0001',
          title: 'Section 1',
          kind: 'section',
          level: 0,
          pageStart: 3,
          pageEnd: 4,
          text: pageText,
          pageTexts: [{ page: 4, text: pageText }],
          children: [],
        },
      ],
    };
    const cited = resolveCitations(
      'Staff dropped to 1,200 [1]. The canteen closed in spring [1]. Unrelated claim about weather [2].',
      [
        passage(1, [
          { page: 3, text: 'Revenue grew to 4.2 billion euros.' },
          { page: 4, text: pageText },
        ]),
        passages[1],
      ],
      { trees: new Map([['d1', tree]]) },
    );
    expect(cited.citations[0].quotes).toEqual([
      { page: 4, text: 'Headcount fell to 1,200 people.', highlight: '0001:0-31' },
      { page: 4, text: 'The canteen closed in March.', highlight: `0001:33-${pageText.length}` },
    ]);
    // Nothing on the page shares the claim's words: no quote rather than a wrong one.
    expect(cited.citations[1].quotes).toEqual([]);
    // Without the trees the quotes are there, unplaced.
    expect(resolveCitations('Staff dropped to 1,200 [1].', passages).citations[0].quotes).toEqual([{ page: 4, text: 'Headcount fell to 1,200 people.' }]);
  });
});
