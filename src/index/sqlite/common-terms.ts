import type Database from 'better-sqlite3';
import { foldedTerm } from './fts-query.ts';

/**
 * A word found in more than half of all units gets no weight from FTS5's BM25 (its idf is clamped to
 * ~0), yet ranking still walks every row it occurs in: at 100k units, "the" alone costs more than the
 * rest of the query. Such words are left out, unless nothing else would be left (then the rarest two
 * stay). Words whose count is unknown are always kept.
 */
const commonShare = 0.5;

export class CommonTerms {
  private readonly selectCounts: Database.Statement<[string], { term: string; doc: number }>;
  private readonly selectTotal: Database.Statement<[], number>;

  constructor(database: Database.Database) {
    this.selectCounts = database.prepare('SELECT term, doc FROM units_fts_terms WHERE term IN (SELECT value FROM json_each(?))');
    this.selectTotal = database.prepare('SELECT max(row_id) - min(row_id) + 1 FROM units').pluck() as Database.Statement<[], number>;
  }

  drop(tokens: string[]): string[] {
    if (tokens.length < 2) return tokens;
    const folded = tokens.map(foldedTerm);
    const counts = new Map(this.selectCounts.all(JSON.stringify(folded)).map(row => [row.term, row.doc]));
    // An upper bound on the row count (ids are never reused), read from the index in O(1).
    const totalUnits = this.selectTotal.get() ?? 0;
    const countOf = (index: number) => counts.get(folded[index]) ?? 0;
    const kept = tokens.filter((_, index) => countOf(index) <= totalUnits * commonShare);
    if (kept.length > 0) return kept;
    return tokens
      .map((token, index) => ({ token, count: countOf(index) }))
      .sort((left, right) => left.count - right.count)
      .slice(0, 2)
      .map(entry => entry.token);
  }
}
