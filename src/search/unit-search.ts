import { bm25Score, fts5Idf } from './bm25.ts';
import { mergeSpaceHits } from '../store/merge-space-hits.ts';
import { type IndexUnit, type LexicalQuery, type TermStore, type UnitHit, type UnitMatches, type UnitStatistics, unitColumnWeights } from '../store/types.ts';
import { indexedTerms } from '../text/unit-words.ts';

/**
 * A keyword query's units, best first, at most `query.k`: what each shard of the store's index matched
 * (TermStore.matchUnits), its candidates ranked here as FTS5 ranks units, the shards merged. A question
 * gets the same unit list from either store.
 */
export async function searchUnits(store: Pick<TermStore, 'matchUnits'>, query: LexicalQuery): Promise<UnitHit[]> {
  if (query.spaces.length === 0 || query.k <= 0) return [];
  const shards = await store.matchUnits(query);
  return mergeSpaceHits(
    shards.map(shard => rankedHits(shard).slice(0, query.k)),
    query.k,
    'bm25',
  );
}

function rankedHits(shard: UnitMatches): UnitHit[] {
  return 'hits' in shard ? shard.hits : rankUnitsByBm25(shard.candidates, shard.words, shard.statistics);
}

/**
 * Candidate units ranked by the bm25 the SQLite store's FTS5 table computes for the same words (its
 * fts5_aux.c): per word, the unit's count of it over title path and text weighted by
 * unitColumnWeights, saturated against the unit's length in terms (bm25.ts, FTS5's idf). `words` are
 * folded terms; units holding none of them are left out. Best first; ties by unit id.
 */
export function rankUnitsByBm25(candidates: IndexUnit[], words: string[], statistics: UnitStatistics): UnitHit[] {
  const idf = new Map([...new Set(words)].map(word => [word, fts5Idf(statistics.units, statistics.unitsHolding(word))] as const));
  const averageLength = statistics.units > 0 ? statistics.length / statistics.units : 1;
  const ranked: UnitHit[] = [];
  for (const unit of candidates) {
    const counts = new Map<string, number>();
    const title = indexedTerms(unit.titlePath.join('\n'));
    const text = indexedTerms(unit.text);
    for (const term of title) if (idf.has(term)) counts.set(term, (counts.get(term) ?? 0) + unitColumnWeights.titlePath);
    for (const term of text) if (idf.has(term)) counts.set(term, (counts.get(term) ?? 0) + unitColumnWeights.text);
    if (counts.size === 0) continue;
    ranked.push({
      unit,
      score: bm25Score(
        counts.keys(),
        term => counts.get(term)!,
        term => idf.get(term)!,
        title.length + text.length,
        averageLength,
      ),
    });
  }
  return ranked.sort((left, right) => right.score - left.score || byUnitId(left, right));
}

function byUnitId(left: UnitHit, right: UnitHit): number {
  return left.unit.id < right.unit.id ? -1 : left.unit.id > right.unit.id ? 1 : 0;
}
