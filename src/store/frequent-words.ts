/**
 * Which query words a store's full-text search leaves out, unless nothing else would be left: a word in
 * over half of all records (units, pages) gets no weight from BM25 (FTS5 clamps its idf to ~0). A word
 * in over a tenth weighs little (idf under ~2.2, against 5+ for the words that pick the answer) yet
 * makes the index score every record it occurs in: at 100k units a few such words mean ranking a third
 * of the index. That second rule only applies once such a word is in a thousand records or more; in a
 * small index it costs nothing and still helps.
 */
export const commonShare = 0.5;
const frequentShare = 0.1;
const costlyRecords = 1_000;

/** The most of `total` records a query word may occur in and still be asked. */
export function frequentWordLimit(total: number): number {
  return Math.max(total * frequentShare, Math.min(total * commonShare, costlyRecords));
}
