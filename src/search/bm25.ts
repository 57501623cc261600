/**
 * Okapi BM25, the one implementation every lexical ranking of Folio's scores with: whole pages
 * (page-search.ts) and the units a store returns as candidates (unit-search.ts). What differs between
 * them is the idf: pages use Lucene's, which is never negative, and units FTS5's, so that units ranked
 * here score exactly as the SQLite store's FTS5 table ranks the same units.
 */
export interface Bm25Parameters {
  /** Term-frequency saturation. */
  k1: number;
  /** Length normalization: 0 none, 1 full. */
  b: number;
}

export const defaultBm25: Bm25Parameters = { k1: 1.2, b: 0.75 };

/** Lucene's idf of a term held by `frequency` of `count` records: log(1 + (N − n + 0.5) / (n + 0.5)). */
export function bm25Idf(count: number, frequency: number): number {
  return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
}

/** FTS5's idf (fts5_aux.c): log((N − n + 0.5) / (n + 0.5)), at least 1e-6 for a term in over half the records. */
export function fts5Idf(count: number, frequency: number): number {
  const idf = Math.log((count - frequency + 0.5) / (frequency + 0.5));
  return idf > 0 ? idf : 1e-6;
}

/**
 * One record's BM25: Σ idf(term) × f (k1 + 1) / (f + k1 (1 − b + b · length / averageLength)) over
 * `terms`, `frequency` giving each one's (possibly weighted) count in the record; terms it does not hold
 * (0) add nothing. Terms are added in the order given.
 */
export function bm25Score(
  terms: Iterable<string>,
  frequency: (term: string) => number,
  idf: (term: string) => number,
  length: number,
  averageLength: number,
  { k1, b }: Bm25Parameters = defaultBm25,
): number {
  const norm = k1 * (1 - b + (b * length) / (averageLength || 1));
  let score = 0;
  for (const term of terms) {
    const count = frequency(term);
    if (count > 0) score += (idf(term) * count * (k1 + 1)) / (count + norm);
  }
  return score;
}
