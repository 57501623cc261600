import { describe, expect, it } from 'vitest';
import type { IndexUnit, UnitHit } from '../store/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { rankDocuments } from './derived-lists.ts';

const hit = (documentId: string, page: number, score: number): UnitHit => ({
  unit: {
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
  } as IndexUnit,
  score,
});

describe('rankDocuments', () => {
  it('ranks documents by their best pages, as a share of the best document', () => {
    const ranked = rankDocuments([hit('a', 1, 10), hit('b', 1, 8), hit('b', 2, 6), hit('a', 2, 1)], { topPages: 2 });
    expect(ranked.map(document => document.documentId)).toEqual(['b', 'a']);
    expect(ranked[0].score).toBe(1);
    expect(ranked[1].score).toBeCloseTo(11 / 14);
  });

  it('lets a document that holds more of the question overtake one with a slightly better page', () => {
    const hits = [hit('a', 1, 10), hit('b', 1, 9)];
    const coverage = new Map([
      ['a', 2],
      ['b', 6],
    ]);
    expect(rankDocuments(hits, { topPages: 3 }).map(document => document.documentId)).toEqual(['a', 'b']);
    expect(rankDocuments(hits, { topPages: 3, coverage, coverageWeight: 1 }).map(document => document.documentId)).toEqual(['b', 'a']);
  });
});
