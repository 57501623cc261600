import type { UnitHit } from './types.ts';

/**
 * Merges the hit lists of several shards of an index (Weaviate tenants, one per space) into one list of
 * at most `k`, best first.
 *
 * Vector scores (cosine similarity) mean the same thing in every shard, so they merge as they are.
 * BM25 scores do not: every shard has its own document frequencies and average lengths, so the same
 * text scores differently in a small and a large space. Lexical lists are therefore rescaled to their
 * own best hit (relative score fusion: each list's top hit gets 1) before merging; the raw BM25 score
 * is kept when only one list has hits. Ties fall back to the unit id so the order is deterministic.
 */
export function mergeSpaceHits(lists: UnitHit[][], k: number, scores: 'bm25' | 'cosine'): UnitHit[] {
  const nonEmpty = lists.filter(list => list.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return nonEmpty[0].slice(0, k);
  const rescaled =
    scores === 'cosine'
      ? nonEmpty
      : nonEmpty.map(list => {
          const best = list[0].score;
          return list.map(hit => ({ unit: hit.unit, score: best > 0 ? hit.score / best : 0 }));
        });
  return rescaled
    .flat()
    .sort((left, right) => right.score - left.score || (left.unit.id < right.unit.id ? -1 : left.unit.id > right.unit.id ? 1 : 0))
    .slice(0, k);
}
