import type Database from 'better-sqlite3';
import { type LexicalQuery, unitColumnWeights } from '../types.ts';
import { documentToken, looksLikeFilterToken, spaceToken } from './filter-tokens.ts';
import { andQuery, containsCjk, orQuery, toCjkQuery } from './fts-query.ts';
import { unitColumnsWithoutVector as unitColumns, type UnitRow } from './unit-rows.ts';
import { unitTermCount } from './unit-term-counts.ts';
import { commonShare, frequentWordLimit } from '../frequent-words.ts';
import { unitQueryWords, unitsPerHit, type UnitQueryWords } from '../unit-query-words.ts';
import { foldedTerm, wordTokens } from '../../text/unit-words.ts';

export interface LexicalRow {
  row: UnitRow;
  score: number;
}

const scope = `u.space IN (SELECT value FROM json_each(@spaces))
  AND (@documentIds IS NULL OR u.document_id IN (SELECT value FROM json_each(@documentIds)))`;

/**
 * BM25 hits in the named spaces, best first. A query with CJK characters searches the trigram table
 * first (CJK text has no word breaks) and fills up with word hits; scores are -bm25 (higher is better).
 */
export function searchLexicalRows(database: Database.Database, query: LexicalQuery): LexicalRow[] {
  const parameters = {
    spaces: JSON.stringify(query.spaces),
    documentIds: query.documentIds ? JSON.stringify(query.documentIds) : null,
    k: query.k,
  };
  const hits: LexicalRow[] = [];
  if (containsCjk(query.text)) {
    const cjk = toCjkQuery(query.text);
    if (cjk.trigramQuery) hits.push(...matchRows(database, 'units_cjk', cjk.trigramQuery, parameters));
    else if (cjk.shortTerms.length > 0) hits.push(...containsRows(database, cjk.shortTerms, parameters));
  }
  // A search of named documents only scores their units: the index-wide counts say nothing of its cost.
  const words = withoutFrequentWords(database, wordTokens(query.text), query.documentIds ? Number.POSITIVE_INFINITY : unitsPerHit * query.k);
  const wordQuery = words.all ? andQuery(words.tokens) : orQuery(words.tokens);
  if (wordQuery && hits.length < query.k) {
    const seen = new Set(hits.map(hit => hit.row.row_id));
    for (const hit of rankedWordRows(database, wordQuery, query, parameters)) {
      if (hits.length >= query.k) break;
      if (!seen.has(hit.row.row_id)) hits.push(hit);
    }
  }
  return hits.slice(0, query.k);
}

/**
 * Ranks inside FTS5 only (its ORDER BY rank fast path), narrowed to the named spaces and documents by
 * their filter tokens, then reads the few winning rows. Should a filter token ever match a row of
 * another space or document, the exact (slower) query answers instead.
 */
function rankedWordRows(database: Database.Database, wordQuery: string, query: LexicalQuery, parameters: Record<string, unknown>): LexicalRow[] {
  if (query.documentIds?.length === 0) return [];
  // Matching the space token costs a walk of its whole doclist; when the spaces hold every document it
  // filters nothing (and scores are the same: the filter column weighs 0).
  const filters = onlySpacesStored(database, query.spaces) ? [] : [`filter_tokens : (${query.spaces.map(space => `"${spaceToken(space)}"`).join(' OR ')})`];
  if (query.documentIds) filters.push(`filter_tokens : (${query.documentIds.map(id => `"${documentToken(id)}"`).join(' OR ')})`);
  const match = [...filters, `{title_path text} : (${wordQuery})`].join(' AND ');
  const ranked = database.prepare('SELECT rowid AS rowId, rank FROM units_fts WHERE units_fts MATCH ? ORDER BY rank LIMIT ?').all(match, query.k) as Array<{
    rowId: number;
    rank: number;
  }>;
  if (ranked.length === 0) return [];
  const rows = database
    .prepare(`SELECT ${unitColumns} FROM units u WHERE u.row_id IN (SELECT value FROM json_each(@rowIds)) AND ${scope}`)
    .all({ ...parameters, rowIds: JSON.stringify(ranked.map(entry => entry.rowId)) }) as UnitRow[];
  if (rows.length < ranked.length) return matchRows(database, 'units_fts', wordQuery, parameters);
  const byRowId = new Map(rows.map(row => [row.row_id, row]));
  return ranked.map(entry => ({ row: byRowId.get(entry.rowId)!, score: -entry.rank }));
}

/** True when no document outside `spaces` exists (the documents table is small: one row per file). */
function onlySpacesStored(database: Database.Database, spaces: string[]): boolean {
  const other = database
    .prepare('SELECT EXISTS (SELECT 1 FROM documents WHERE space NOT IN (SELECT value FROM json_each(?)))')
    .pluck()
    .get(JSON.stringify(spaces));
  return other === 0;
}

/**
 * The words to ask (unit-query-words.ts), from the units holding each. Counts of other than plain words
 * stop at the word limit (unitCounts): those are never taken for common, and ties between such words
 * keep the query's order.
 */
function withoutFrequentWords(database: Database.Database, tokens: string[], unitBudget: number): UnitQueryWords {
  if (tokens.length === 0) return { tokens, all: false };
  const folded = tokens.map(foldedTerm);
  const plain = new Set(folded.filter((_term, index) => isPlainWord(tokens[index])));
  const { counts, totalUnits } = unitCounts(database, folded, plain);
  return unitQueryWords(tokens, token => counts.get(foldedTerm(token)) ?? 0, totalUnits, unitBudget);
}

interface TermCountCache {
  /** Space generations and the highest unit row: changes whenever any unit is written or deleted. */
  stamp: string;
  totalUnits: number;
  counts: Map<string, number>;
}

const termCountCaches = new WeakMap<Database.Database, TermCountCache>();
const maxCachedTerms = 50_000;

/**
 * Units containing each term (at most the word limit + 1), and an upper bound on all units (row ids are
 * never reused). Plain words are looked up in the unit_terms table; counting any other word runs a
 * MATCH over its doclist, so counts are kept until the units change.
 */
export function unitCounts(database: Database.Database, terms: string[], plainWords: Set<string>): { counts: Map<string, number>; totalUnits: number } {
  const state = database
    .prepare(
      `SELECT (SELECT total(generation) FROM space_generations) || ':' || ifnull((SELECT max(row_id) FROM units), 0) AS stamp,
              -- Two subqueries: SQLite answers a lone min() or max() from the index, both in one query by a scan.
              ifnull((SELECT max(row_id) FROM units) - (SELECT min(row_id) FROM units) + 1, 0) AS totalUnits`,
    )
    .get() as { stamp: string; totalUnits: number };
  let cache = termCountCaches.get(database);
  if (!cache || cache.stamp !== state.stamp || cache.counts.size > maxCachedTerms) {
    cache = { stamp: state.stamp, totalUnits: state.totalUnits, counts: new Map() };
    termCountCaches.set(database, cache);
  }
  // Counts are capped just past the limit: beyond it only "too frequent" matters (and ties between such
  // words keep the query's order when nothing rarer is left).
  const cap = Math.floor(frequentWordLimit(cache.totalUnits)) + 1;
  // Plain words' counts cost nothing more to know exactly: up to "in over half the units" (common).
  const plainCap = Math.max(cap, Math.floor(cache.totalUnits * commonShare) + 1);
  const matching = database.prepare('SELECT count(*) FROM (SELECT rowid FROM units_fts WHERE units_fts MATCH ? LIMIT ?)').pluck();
  const plainCount = unitTermCount(database);
  for (const term of new Set(terms)) {
    if (cache.counts.has(term)) continue;
    if (plainWords.has(term)) {
      cache.counts.set(term, Math.min(plainCap, plainCount(term)));
      continue;
    }
    const query = orQuery([term]);
    cache.counts.set(term, query ? (matching.get(`{title_path text} : (${query})`, cap) as number) : 0);
  }
  return { counts: cache.counts, totalUnits: cache.totalUnits };
}

/**
 * True when the query word's count can come from the unit_terms table (unit-term-counts.ts): an ASCII
 * word is one unicode61 token, indexed lowercased, and unless it is shaped like a filter token it never
 * occurs in the filter column. Other words (diacritics, other scripts: unicode61's folding is not
 * exactly ours) are counted by MATCH.
 */
function isPlainWord(token: string): boolean {
  return /^[A-Za-z0-9]+$/u.test(token) && !looksLikeFilterToken(token);
}

function matchRows(database: Database.Database, table: 'units_fts' | 'units_cjk', match: string, parameters: Record<string, unknown>): LexicalRow[] {
  const rows = database
    .prepare(
      `SELECT ${unitColumns}, -bm25(${table}, ${unitColumnWeights.titlePath}, ${unitColumnWeights.text}, 0) AS score
       FROM ${table} JOIN units u ON u.row_id = ${table}.rowid
       WHERE ${table} MATCH @match AND ${scope}
       ORDER BY score DESC, u.row_id LIMIT @k`,
    )
    .all({ ...parameters, match }) as Array<UnitRow & { score: number }>;
  return rows.map(({ score, ...row }) => ({ row, score }));
}

/** Fallback for CJK terms shorter than a trigram: a scan of the named spaces, scored by terms present. */
function containsRows(database: Database.Database, terms: string[], parameters: Record<string, unknown>): LexicalRow[] {
  const termScore = terms.map((_, index) => `(instr(u.text, @term${index}) > 0) + (instr(u.title_path, @term${index}) > 0)`).join(' + ');
  const termParameters = Object.fromEntries(terms.map((term, index) => [`term${index}`, term]));
  const rows = database
    .prepare(
      `SELECT * FROM (SELECT ${unitColumns}, (${termScore}) AS score FROM units u WHERE ${scope})
       WHERE score > 0 ORDER BY score DESC, row_id LIMIT @k`,
    )
    .all({ ...parameters, ...termParameters }) as Array<UnitRow & { score: number }>;
  return rows.map(({ score, ...row }) => ({ row, score }));
}
