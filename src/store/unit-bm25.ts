import type { UnitHit } from './types.ts';
import { indexedTerms } from '../text/unit-words.ts';

/**
 * Title words count a little more than body words: a heading names what its section is about. The
 * SQLite units table's rank function (sqlite/schema.ts, a migration) is set to the same weights.
 */
export const unitColumnWeights = { titlePath: 1.5, text: 1 } as const;

/** What FTS5's bm25 needs to know of the index a unit search ranks in. */
export interface UnitStatistics {
  /** Units in the index. */
  units: number;
  /** Their summed length in terms (title path and text). */
  length: number;
  /** Units holding a folded term (foldedTerm). */
  unitsHolding(term: string): number;
}

const k1 = 1.2;
const b = 0.75;

/**
 * Candidate units ranked by the bm25 the SQLite store's FTS5 table computes for the same words (its
 * fts5_aux.c, with the weights above): per word, the units' weighted count of it over title path and
 * text, saturated against the unit's length in terms; idf log((N − n + 0.5) / (n + 0.5)), at least
 * 1e-6. A store whose own full-text ranking differs (Weaviate's BM25F) ranks its candidates with this,
 * so a question's unit list is the same on either store. `words` are folded terms; units holding none
 * of them are left out. Best first; ties by unit id.
 */
export function rankUnitsByBm25(candidates: UnitHit[], words: string[], statistics: UnitStatistics): UnitHit[] {
  const idf = new Map([...new Set(words)].map(word => [word, wordIdf(statistics.units, statistics.unitsHolding(word))] as const));
  const averageLength = statistics.units > 0 ? statistics.length / statistics.units : 1;
  const ranked: UnitHit[] = [];
  for (const { unit } of candidates) {
    const counts = new Map<string, number>();
    const title = indexedTerms(unit.titlePath.join('\n'));
    const text = indexedTerms(unit.text);
    for (const term of title) if (idf.has(term)) counts.set(term, (counts.get(term) ?? 0) + unitColumnWeights.titlePath);
    for (const term of text) if (idf.has(term)) counts.set(term, (counts.get(term) ?? 0) + unitColumnWeights.text);
    if (counts.size === 0) continue;
    const norm = k1 * (1 - b + (b * (title.length + text.length)) / (averageLength || 1));
    let score = 0;
    for (const [term, frequency] of counts) score += (idf.get(term)! * frequency * (k1 + 1)) / (frequency + norm);
    ranked.push({ unit, score });
  }
  return ranked.sort((left, right) => right.score - left.score || (left.unit.id < right.unit.id ? -1 : left.unit.id > right.unit.id ? 1 : 0));
}

function wordIdf(units: number, holding: number): number {
  const idf = Math.log((units - holding + 0.5) / (holding + 0.5));
  return idf > 0 ? idf : 1e-6;
}
