import type Database from 'better-sqlite3';
import type { LexicalQuery } from '../types.ts';
import type { CommonTerms } from './common-terms.ts';
import { documentToken, spaceToken } from './filter-tokens.ts';
import { containsCjk, orQuery, toCjkQuery, wordTokens } from './fts-query.ts';
import { unitColumns, type UnitRow } from './unit-rows.ts';

export interface LexicalRow {
  row: UnitRow;
  score: number;
}

/** Title words count a little more than body words: a heading names what its section is about. */
const titlePathWeight = 1.5;
const textWeight = 1;

const scope = `u.space IN (SELECT value FROM json_each(@spaces))
  AND (@documentIds IS NULL OR u.document_id IN (SELECT value FROM json_each(@documentIds)))`;

/**
 * BM25 hits in the named spaces, best first. A query with CJK characters searches the trigram table
 * first (CJK text has no word breaks) and fills up with word hits; scores are -bm25 (higher is better).
 */
export function searchLexicalRows(database: Database.Database, query: LexicalQuery, commonTerms: CommonTerms): LexicalRow[] {
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
  const wordQuery = orQuery(commonTerms.drop(wordTokens(query.text)));
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
  const spaceFilter = `filter_tokens : (${query.spaces.map(space => `"${spaceToken(space)}"`).join(' OR ')})`;
  const documentFilter = query.documentIds ? ` AND filter_tokens : (${query.documentIds.map(id => `"${documentToken(id)}"`).join(' OR ')})` : '';
  if (query.documentIds?.length === 0) return [];
  const match = `${spaceFilter}${documentFilter} AND {title_path text} : (${wordQuery})`;
  const ranked = database
    .prepare('SELECT rowid AS rowId, rank FROM units_fts WHERE units_fts MATCH ? ORDER BY rank LIMIT ?')
    .all(match, query.k) as Array<{ rowId: number; rank: number }>;
  if (ranked.length === 0) return [];
  const rows = database
    .prepare(`SELECT ${unitColumns} FROM units u WHERE u.row_id IN (SELECT value FROM json_each(@rowIds)) AND ${scope}`)
    .all({ ...parameters, rowIds: JSON.stringify(ranked.map(entry => entry.rowId)) }) as UnitRow[];
  if (rows.length < ranked.length) return matchRows(database, 'units_fts', wordQuery, parameters);
  const byRowId = new Map(rows.map(row => [row.row_id, row]));
  return ranked.map(entry => ({ row: byRowId.get(entry.rowId)!, score: -entry.rank }));
}

function matchRows(database: Database.Database, table: 'units_fts' | 'units_cjk', match: string, parameters: Record<string, unknown>): LexicalRow[] {
  const rows = database
    .prepare(
      `SELECT ${unitColumns}, -bm25(${table}, ${titlePathWeight}, ${textWeight}, 0) AS score
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
