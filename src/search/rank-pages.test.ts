import { describe, expect, it } from 'vitest';
import type { IndexUnit } from '../store/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { rankPages } from './rank-pages.ts';

const unit = (documentId: string, page: number): IndexUnit => ({
  id: `${documentId}:${page}`,
  space: 'web:a' as SpaceId,
  documentId,
  documentName: documentId,
  nodeId: '0001',
  titlePath: [],
  kind: 'section',
  page,
  part: 0,
  text: '',
});

describe('rankPages', () => {
  it('reads each list as a ranking of distinct pages and fuses them', () => {
    const pages = rankPages([
      {
        name: 'x',
        hits: [
          { unit: unit('a', 1), score: 3 },
          { unit: unit('a', 1), score: 2 },
          { unit: unit('a', 2), score: 1 },
        ],
      },
      { name: 'y', hits: [{ unit: unit('a', 2), score: 1 }] },
    ]);
    expect(pages.map(page => page.page)).toEqual([2, 1]);
  });

  it('lifts the pages of a clearly more likely document by its score share', () => {
    const lists = [
      {
        name: 'x',
        hits: [
          { unit: unit('b', 1), score: 2 },
          { unit: unit('a', 1), score: 1 },
        ],
      },
    ];
    expect(rankPages(lists).map(page => page.documentId)).toEqual(['b', 'a']);
    const documentScores = new Map([
      ['a', 2],
      ['b', 1],
    ]);
    expect(rankPages(lists, { documentScores, documentScoreWeight: 2 }).map(page => page.documentId)).toEqual(['a', 'b']);
    // Two documents about as likely: the pages' own ranks decide.
    const close = new Map([
      ['a', 1],
      ['b', 0.999],
    ]);
    expect(rankPages(lists, { documentScores: close, documentScoreWeight: 2 }).map(page => page.documentId)).toEqual(['b', 'a']);
  });
});
