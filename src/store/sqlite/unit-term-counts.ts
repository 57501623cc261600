import type Database from 'better-sqlite3';
import { looksLikeFilterToken } from './filter-tokens.ts';
import { indexedTerms } from '../../text/unit-words.ts';

/**
 * How many units hold each plain word, kept in the `unit_terms` table by the store's own writes.
 *
 * Lexical search leaves out query words found in too many units (lexical-search.ts). Counting a word
 * from FTS5's vocabulary reads its whole doclist, which in a large index is a good part of a question's
 * search time; a lookup in this table is one B-tree probe. The table is filled from
 * the fts5vocab table when it is created (exact), and each commit or delete adds or subtracts the
 * words of the units it writes, counted here the way FTS5's unicode61 tokenizer (remove_diacritics 2)
 * indexes them.
 *
 * Only plain words are kept: terms of ASCII letters and digits after folding. Those are the words whose
 * count this table and FTS5 agree on exactly (unit-term-counts.test.ts compares the two after
 * commits and deletes); other words are counted by FTS5 at query time.
 */

const plainTerm = /^[a-z0-9]+$/u;

/** The plain terms FTS5 indexes for these column values, each once. */
export function plainTermsOf(...values: string[]): Set<string> {
  const terms = new Set<string>();
  for (const value of values) {
    for (const term of indexedTerms(value)) {
      // The filter column's words are indexed too; they are not words anyone asks about.
      if (plainTerm.test(term) && !looksLikeFilterToken(term)) terms.add(term);
    }
  }
  return terms;
}

/** Per term, how many of these units hold it (each unit counts once per term). */
export function countUnitTerms(units: Iterable<{ title_path: string; text: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const unit of units) for (const term of plainTermsOf(unit.title_path, unit.text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Adds (sign 1) or subtracts (sign -1) units' term counts; inside the caller's write transaction. */
export function applyUnitTermCounts(database: Database.Database, counts: Map<string, number>, sign: 1 | -1): void {
  if (counts.size === 0) return;
  const upsert = database.prepare('INSERT INTO unit_terms (term, units) VALUES (?, ?) ON CONFLICT (term) DO UPDATE SET units = units + excluded.units');
  for (const [term, count] of counts) upsert.run(term, sign * count);
  if (sign < 0) database.prepare('DELETE FROM unit_terms WHERE units <= 0').run();
}

/** Units holding a plain term (0 when none does). */
export function unitTermCount(database: Database.Database): (term: string) => number {
  const lookup = database.prepare('SELECT units FROM unit_terms WHERE term = ?').pluck();
  return term => (lookup.get(term) as number | undefined) ?? 0;
}
