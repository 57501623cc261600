import { describe, expect, it } from 'vitest';
import type { IndexUnit, UnitHit } from '../store/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { fuseRankings } from './reciprocal-rank-fusion.ts';

function unit(id: string): IndexUnit {
  return { id, space: 'web:test' as SpaceId, documentId: 'd', documentName: 'd.pdf', nodeId: id, titlePath: [], kind: 'section', page: 1, part: 0, text: '' };
}
const hits = (...ids: string[]): UnitHit[] => ids.map((id, index) => ({ unit: unit(id), score: 100 - index }));

describe('fuseRankings', () => {
  it('sums weight / (k + rank) over the lists, rank 1-based', () => {
    const fused = fuseRankings(
      [
        { name: 'bm25', hits: hits('a', 'b', 'c') },
        { name: 'titles', hits: hits('c', 'a'), weight: 2 },
      ],
      { k: 10 },
    );
    const byId = new Map(fused.map(hit => [hit.unit.id, hit]));
    expect(byId.get('a')!.score).toBeCloseTo(1 / 11 + 2 / 12, 12);
    expect(byId.get('b')!.score).toBeCloseTo(1 / 12, 12);
    expect(byId.get('c')!.score).toBeCloseTo(1 / 13 + 2 / 11, 12);
    expect(fused.map(hit => hit.unit.id)).toEqual(['c', 'a', 'b']);
    expect(byId.get('c')!.contributions).toEqual([
      { list: 'bm25', rank: 3, score: 1 / 13 },
      { list: 'titles', rank: 1, score: 2 / 11 },
    ]);
  });

  it('uses k = 60 by default and counts a unit once per list, at its best rank', () => {
    const [only] = fuseRankings([{ name: 'bm25', hits: hits('a', 'a', 'a') }]);
    expect(only.score).toBeCloseTo(1 / 61, 12);
    expect(only.contributions).toHaveLength(1);
  });

  it('breaks ties by best rank, then by agreement, then by unit id, whatever the input order', () => {
    const order = (lists: Parameters<typeof fuseRankings>[0]) => {
      const forward = fuseRankings(lists, { k: 0 }).map(hit => hit.unit.id);
      expect(fuseRankings([...lists].reverse(), { k: 0 }).map(hit => hit.unit.id)).toEqual(forward);
      return forward;
    };
    // Both score 1 (2/2 and 1/1); "b" holds rank 1 somewhere, so it wins although "a" sorts first.
    expect(
      order([
        { name: 'one', hits: hits('z', 'a'), weight: 2 },
        { name: 'two', hits: hits('b') },
      ]).slice(1),
    ).toEqual(['b', 'a']);
    // Both score 1.5 with best rank 1; "b" is ranked by two lists, "a" by one.
    expect(
      order([
        { name: 'one', hits: hits('b') },
        { name: 'two', hits: hits('z', 'b') },
        { name: 'three', hits: hits('a'), weight: 1.5 },
      ]).filter(id => id !== 'z'),
    ).toEqual(['b', 'a']);
    // Nothing to tell them apart but the id.
    expect(
      order([
        { name: 'one', hits: hits('q') },
        { name: 'two', hits: hits('p') },
      ]),
    ).toEqual(['p', 'q']);
  });

  it('skips lists with weight 0 and returns nothing for no lists', () => {
    expect(fuseRankings([{ name: 'off', hits: hits('a'), weight: 0 }])).toEqual([]);
    expect(fuseRankings([])).toEqual([]);
  });
});
