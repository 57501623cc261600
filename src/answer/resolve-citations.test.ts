import { describe, expect, it } from 'vitest';
import { contextPassage } from '../../test/support/answer/context-passage.ts';
import { resolveCitations } from './resolve-citations.ts';

const passage = contextPassage;

describe('resolveCitations', () => {
  const passages = [
    passage(1, [{ page: 3, text: 'Revenue grew to 4.2 billion euros.' }, { page: 4, text: 'Headcount fell to 1,200 people.' }]),
    passage(2, [{ page: 9, text: 'The chart shows quarterly sales.' }], [{ nodeId: '0009', page: 9, title: 'Figure 2', description: 'Bar chart of sales by quarter.' }]),
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

  it('keeps all pages when the claim does not tell them apart, and finds no citation in plain text', () => {
    expect(resolveCitations('Something unrelated [1].', passages).citations[0].pages).toEqual([3, 4]);
    const none = resolveCitations('No markers here.', passages);
    expect(none.citations).toEqual([]);
    expect(none.text).toBe('No markers here.');
  });
});
