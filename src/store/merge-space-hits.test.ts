import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../spaces/space-id.ts';
import type { IndexUnit, UnitHit } from './types.ts';
import { mergeSpaceHits } from './merge-space-hits.ts';

function hit(space: string, id: string, score: number): UnitHit {
  const unit: IndexUnit = {
    id,
    space: space as SpaceId,
    documentId: 'd',
    documentName: 'd.pdf',
    nodeId: '0001',
    titlePath: [],
    kind: 'section',
    page: 1,
    part: 0,
    text: id,
  };
  return { unit, score };
}

describe('mergeSpaceHits', () => {
  it('keeps a single space list as it is, raw scores included, cut to k', () => {
    const list = [hit('web:a', 'a1', 9), hit('web:a', 'a2', 4), hit('web:a', 'a3', 1)];
    expect(mergeSpaceHits([list, []], 2, 'bm25')).toEqual(list.slice(0, 2));
  });

  it('rescales BM25 lists to their best hit so a large space does not drown a small one', () => {
    // Space b's raw scores are all lower (other IDF statistics), but its best hit is as good a match.
    const merged = mergeSpaceHits(
      [
        [hit('web:a', 'a1', 20), hit('web:a', 'a2', 10)],
        [hit('web:b', 'b1', 5), hit('web:b', 'b2', 4)],
      ],
      4,
      'bm25',
    );
    expect(merged.map(entry => entry.unit.id)).toEqual(['a1', 'b1', 'b2', 'a2']);
    expect(merged.map(entry => entry.score)).toEqual([1, 1, 0.8, 0.5]);
  });

  it('merges cosine lists by their raw similarity', () => {
    const merged = mergeSpaceHits([[hit('web:a', 'a1', 0.9), hit('web:a', 'a2', 0.2)], [hit('web:b', 'b1', 0.5)]], 2, 'cosine');
    expect(merged.map(entry => [entry.unit.id, entry.score])).toEqual([
      ['a1', 0.9],
      ['b1', 0.5],
    ]);
  });

  it('returns nothing when no space had hits', () => {
    expect(mergeSpaceHits([[], []], 5, 'bm25')).toEqual([]);
  });
});
