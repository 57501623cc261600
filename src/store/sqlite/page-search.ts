import type Database from 'better-sqlite3';
import type { SpaceId } from '../../spaces/space-id.ts';
import { pageRecords } from '../page-records.ts';
import type { DocumentTree } from '../../documents/document-tree.ts';
import type { DocumentRecord } from '../../documents/types.ts';
import type { DocumentStatistics, DocumentStatisticsQuery, IndexUnit, PageQuery, PageRecord, PageStatistics, PageStatisticsQuery } from '../types.ts';
import { documentToken, filterTokens, spaceToken } from './filter-tokens.ts';

/**
 * Page records in SQLite: a `pages` table (one row per document page: its terms in reading order, page
 * names, captions and first unit), a contentless FTS5 table over the terms (a pair of adjacent terms is
 * a phrase query), per space how many pages hold each term, and per document its page count, summed
 * length and distinct terms, with an FTS5 table over those terms for document-level statistics. Every
 * query is narrowed to its spaces (and documents) by filter tokens inside FTS5, like unit search
 * (lexical-search.ts).
 */

/** A `pages` row as read: strings and numbers only, so it comes back from a search thread as it is. */
export interface PageRow {
  space: string;
  document_id: string;
  page: number;
  terms: string;
  printed_numbers: string;
  label: string | null;
  captions: string;
  unit: string;
}

/** Writes a committed document's page records; inside the caller's write transaction, after its units. */
export function writePages(
  database: Database.Database,
  record: Pick<DocumentRecord, 'space' | 'id' | 'language'>,
  units: IndexUnit[],
  tree: DocumentTree | undefined,
): void {
  const { space, id: documentId } = record;
  const pages = pageRecords(units, tree ?? {}, record.language);
  const insertPage = database.prepare(
    `INSERT INTO pages (space, document_id, page, terms, printed_numbers, label, captions, unit)
     VALUES (@space, @documentId, @page, @terms, @printedNumbers, @label, @captions, @unit)`,
  );
  const insertSearch = database.prepare('INSERT INTO pages_fts (rowid, terms, filter_tokens) VALUES (?, ?, ?)');
  const filter = filterTokens(space, documentId);
  const vocabulary = new Set<string>();
  let length = 0;
  for (const page of pages) {
    const terms = page.terms.join(' ');
    const { lastInsertRowid } = insertPage.run({
      space,
      documentId,
      page: page.page,
      terms,
      printedNumbers: JSON.stringify(page.printedNumbers),
      label: page.label ?? null,
      captions: JSON.stringify(page.captions),
      unit: JSON.stringify(page.unit),
    });
    insertSearch.run(lastInsertRowid, terms, filter);
    for (const term of page.terms) vocabulary.add(term);
    length += page.terms.length;
  }
  const counts = countPageTerms(pages.map(page => page.terms));
  applyPageTermCounts(database, space, counts, 1);
  const terms = [...vocabulary].join(' ');
  const document = database
    .prepare('UPDATE documents SET page_count = ?, page_length = ?, page_terms = ? WHERE space = ? AND id = ? RETURNING rowid')
    .get(pages.length, length, terms, space, documentId) as { rowid: number } | undefined;
  if (!document) return;
  database.prepare('DELETE FROM document_terms_fts WHERE rowid = ?').run(document.rowid);
  database.prepare('INSERT INTO document_terms_fts (rowid, terms, filter_tokens) VALUES (?, ?, ?)').run(document.rowid, terms, filter);
  writeDocumentPageTerms(database, document.rowid, counts);
}

/** Replaces a document's per-term page counts; inside the caller's write transaction. */
function writeDocumentPageTerms(database: Database.Database, documentRowId: number, counts: Map<string, number>): void {
  database.prepare('DELETE FROM document_page_terms WHERE document_rowid = ?').run(documentRowId);
  const insert = database.prepare('INSERT INTO document_page_terms (document_rowid, term, pages) VALUES (?, ?, ?)');
  for (const [term, pages] of counts) insert.run(documentRowId, term, pages);
}

/** Removes a document's page records (its record stays); inside the caller's write transaction. */
export function removePages(database: Database.Database, space: string, documentId: string): void {
  const removed = database.prepare('SELECT terms FROM pages WHERE space = ? AND document_id = ?').pluck().all(space, documentId) as string[];
  applyPageTermCounts(database, space, countPageTerms(removed.map(terms => (terms === '' ? [] : terms.split(' ')))), -1);
  database.prepare('DELETE FROM pages WHERE space = ? AND document_id = ?').run(space, documentId);
  const document = database
    .prepare("UPDATE documents SET page_count = 0, page_length = 0, page_terms = '' WHERE space = ? AND id = ? RETURNING rowid")
    .get(space, documentId) as { rowid: number } | undefined;
  if (!document) return;
  database.prepare('DELETE FROM document_terms_fts WHERE rowid = ?').run(document.rowid);
  database.prepare('DELETE FROM document_page_terms WHERE document_rowid = ?').run(document.rowid);
}

/** Pages per term in these pages (each page counts once per term). */
function countPageTerms(pages: string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const terms of pages) for (const term of new Set(terms)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Adds (sign 1) or subtracts (sign -1) pages' term counts of a space; inside the caller's write transaction. */
function applyPageTermCounts(database: Database.Database, space: string, counts: Map<string, number>, sign: 1 | -1): void {
  if (counts.size === 0) return;
  const upsert = database.prepare(
    'INSERT INTO page_terms (space, term, pages) VALUES (?, ?, ?) ON CONFLICT (space, term) DO UPDATE SET pages = pages + excluded.pages',
  );
  for (const [term, count] of counts) upsert.run(space, term, sign * count);
  if (sign < 0) database.prepare('DELETE FROM page_terms WHERE space = ? AND pages <= 0').run(space);
}

/**
 * Candidate page rows (`pageFromRow` makes them records) by FTS5's BM25 over terms and pairs
 * (phrases), narrowed to the scope inside FTS5. When at most `k` pages of the scope hold any of them,
 * all are candidates and come unranked: FTS5's ranking weighs each phrase by the pages holding it in
 * the whole table, every space's, so it walks them all (tens of milliseconds for a small space's
 * question about words common elsewhere), where finding the scope's matches costs about a millisecond.
 */
export function searchPageRows(database: Database.Database, query: PageQuery): PageRow[] {
  if (query.spaces.length === 0 || query.k <= 0 || query.documentIds?.length === 0) return [];
  const phrases = [...new Set([...query.terms, ...query.pairs])].map(quote);
  if (phrases.length === 0) return [];
  const words = `terms : (${phrases.join(' OR ')})`;
  const filter = scopeFilter(database, query.spaces, query.documentIds);
  const match = filter ? `${filter} AND (${words})` : words;
  const matching = database
    .prepare('SELECT rowid FROM pages_fts WHERE pages_fts MATCH ? LIMIT ?')
    .pluck()
    .all(match, query.k + 1) as number[];
  const ranked =
    matching.length <= query.k
      ? matching
      : (database.prepare('SELECT rowid FROM pages_fts WHERE pages_fts MATCH ? ORDER BY rank LIMIT ?').pluck().all(match, query.k) as number[]);
  if (ranked.length === 0) return [];
  const rows = database.prepare(`${pageSelect} WHERE p.row_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ranked)) as Array<
    PageRow & { row_id: number }
  >;
  const spaces = new Set<string>(query.spaces);
  const documents = query.documentIds ? new Set(query.documentIds) : undefined;
  const byRowId = new Map(rows.filter(row => spaces.has(row.space) && (!documents || documents.has(row.document_id))).map(row => [row.row_id, row]));
  return ranked.flatMap(rowId => {
    const row = byRowId.get(rowId);
    return row ? [row] : [];
  });
}

export function pageStatistics(database: Database.Database, query: PageStatisticsQuery): PageStatistics {
  const frequencies = new Map<string, number>();
  if (query.spaces.length === 0 || query.documentIds?.length === 0) return { pages: 0, length: 0, frequencies };
  const terms = [...new Set(query.terms)];
  const words = terms.filter(term => !term.includes(' '));
  // Stored counts are read for the pairs' words too: they tell which pairs cost too much to count.
  const counted = [...new Set([...words, ...terms.filter(term => term.includes(' ')).flatMap(pair => pair.split(' '))])];
  const wordPages = new Map<string, number>();
  const keepCounts = (rows: Array<{ term: string; pages: number }>) => {
    for (const term of counted) wordPages.set(term, 0);
    for (const row of rows) wordPages.set(row.term, row.pages);
    for (const term of words) frequencies.set(term, wordPages.get(term)!);
  };
  const scope = query.documentIds ? documentsScope(database, query.spaces, query.documentIds) : spacesScope(database, query.spaces);
  // Single words from the stored counts (of the documents, or of whole spaces), in one query.
  if (counted.length > 0) {
    keepCounts(database.prepare(scope.countsSql).all(scope.owners, JSON.stringify(counted)) as Array<{ term: string; pages: number }>);
  }
  countInFts(database, query, terms, frequencies, wordPages);
  return { pages: scope.pages, length: scope.length, frequencies };
}

/** The pages of a scope, their summed length, and the query reading their words' stored counts (owners, terms). */
interface CountedScope {
  pages: number;
  length: number;
  countsSql: string;
  /** The JSON array `countsSql` takes first: document row ids, or spaces. */
  owners: string;
}

function documentsScope(database: Database.Database, spaces: string[], documentIds: string[]): CountedScope {
  const documents = database
    .prepare(
      `SELECT rowid, page_count AS pages, page_length AS length FROM documents
       WHERE space IN (SELECT value FROM json_each(?)) AND id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(spaces), JSON.stringify(documentIds)) as Array<{ rowid: number; pages: number; length: number }>;
  return {
    pages: documents.reduce((sum, row) => sum + row.pages, 0),
    length: documents.reduce((sum, row) => sum + row.length, 0),
    countsSql: `SELECT term, total(pages) AS pages FROM document_page_terms
                WHERE document_rowid IN (SELECT value FROM json_each(?)) AND term IN (SELECT value FROM json_each(?)) GROUP BY term`,
    owners: JSON.stringify(documents.map(row => row.rowid)),
  };
}

function spacesScope(database: Database.Database, spaces: string[]): CountedScope {
  const totals = database
    .prepare('SELECT total(page_count) AS pages, total(page_length) AS length FROM documents WHERE space IN (SELECT value FROM json_each(?))')
    .get(JSON.stringify(spaces)) as { pages: number; length: number };
  return {
    ...totals,
    countsSql: `SELECT term, total(pages) AS pages FROM page_terms
                WHERE space IN (SELECT value FROM json_each(?)) AND term IN (SELECT value FROM json_each(?)) GROUP BY term`,
    owners: JSON.stringify(spaces),
  };
}

/**
 * The pages holding each of `terms` not yet in `frequencies` (pairs, or words without stored counts),
 * counted in FTS5. A pair is found by walking the pages of both its words, so a pair whose words are
 * each on more than `exactPairPages` pages of the scope is estimated from a sample of its rarer word's
 * pages instead (`estimatePairPages`); `wordPages` holds the words' counts where they are known.
 */
function countInFts(
  database: Database.Database,
  query: PageStatisticsQuery,
  terms: string[],
  frequencies: Map<string, number>,
  wordPages: Map<string, number>,
): void {
  const rest = terms.filter(term => !frequencies.has(term));
  if (rest.length === 0) return;
  const filter = scopeFilter(database, query.spaces, query.documentIds);
  const scoped = (words: string) => (filter ? `${filter} AND ${words}` : words);
  const cache = countCache(database);
  const count = database.prepare('SELECT count(*) FROM pages_fts WHERE pages_fts MATCH ?').pluck();
  for (const term of rest) {
    const match = scoped(`terms : ${quote(term)}`);
    let frequency = cache.counts.get(match);
    if (frequency === undefined) {
      const rarer = term.includes(' ') ? rarerWord(term, wordPages) : undefined;
      frequency = (rarer && estimatePairPages(database, scoped, term, rarer)) ?? (count.get(match) as number);
      cache.counts.set(match, frequency);
    }
    frequencies.set(term, frequency);
  }
}

/** A pair is counted exactly while its rarer word is on at most this many pages of the scope (~3 ms at most). */
const exactPairPages = 5_000;
/** How many of the rarer word's pages an estimate reads, in `sampleWindows` stretches of rowids. */
const pairSamplePages = 2_000;
const sampleWindows = 8;

/** The pair's rarer word with its pages in scope, when both words' counts are known and the rarer one's is over `exactPairPages`. */
function rarerWord(pair: string, wordPages: Map<string, number>): { word: string; pages: number } | undefined {
  const [first, second] = pair.split(' ');
  const pages = [wordPages.get(first), wordPages.get(second)];
  if (pages[0] === undefined || pages[1] === undefined) return undefined;
  const rarer = pages[0] <= pages[1] ? { word: first, pages: pages[0] } : { word: second, pages: pages[1] };
  return rarer.pages > exactPairPages ? rarer : undefined;
}

/**
 * The pages of the scope holding `pair`, estimated: in `sampleWindows` evenly spaced stretches of
 * rowids between the rarer word's first and last page in scope, together holding about
 * `pairSamplePages` of its pages, the share of them that hold the pair, times the word's pages. Rowid
 * bounds are bound as integers: FTS5 narrows its doclists by them only then. Undefined when the
 * stretches hold too few of the word's pages to judge by (the scope's pages bunched between them);
 * the pair is then counted.
 */
function estimatePairPages(
  database: Database.Database,
  scoped: (words: string) => string,
  pair: string,
  rarer: { word: string; pages: number },
): number | undefined {
  const wordMatch = scoped(`terms : ${quote(rarer.word)}`);
  const pairMatch = scoped(`terms : ${quote(pair)}`);
  const edge = (order: 'ASC' | 'DESC') =>
    database.prepare(`SELECT rowid FROM pages_fts WHERE pages_fts MATCH ? ORDER BY rowid ${order} LIMIT 1`).pluck().get(wordMatch) as number | undefined;
  const first = edge('ASC');
  const last = edge('DESC');
  if (first === undefined || last === undefined) return undefined;
  const span = last - first + 1;
  const width = Math.max(1, Math.ceil((span * pairSamplePages) / (rarer.pages * sampleWindows)));
  const within = database.prepare('SELECT count(*) FROM pages_fts WHERE pages_fts MATCH ? AND rowid BETWEEN ? AND ?').pluck();
  let wordSample = 0;
  let pairSample = 0;
  for (let window = 0; window < sampleWindows; window++) {
    const start = first + Math.floor((window * span) / sampleWindows);
    const bounds = [BigInt(start), BigInt(Math.min(last, start + width - 1))];
    wordSample += within.get(wordMatch, ...bounds) as number;
    pairSample += within.get(pairMatch, ...bounds) as number;
  }
  if (wordSample < pairSamplePages / 4) return undefined;
  // At least 1: a sample without the pair says it is rare, not that no page holds it.
  return Math.max(1, Math.round((pairSample * rarer.pages) / wordSample));
}

export function documentStatistics(database: Database.Database, query: DocumentStatisticsQuery): DocumentStatistics {
  const frequencies = new Map<string, number>();
  const holdings = new Map<string, Set<string>>();
  if (query.spaces.length === 0) return { documents: 0, frequencies, holdings };
  const documents = database
    .prepare('SELECT count(*) FROM documents WHERE space IN (SELECT value FROM json_each(?)) AND page_count > 0')
    .pluck()
    .get(JSON.stringify(query.spaces)) as number;
  const spaceFilter = scopeFilter(database, query.spaces);
  const asked = database
    .prepare('SELECT rowid, id FROM documents WHERE space IN (SELECT value FROM json_each(?)) AND id IN (SELECT value FROM json_each(?)) AND page_count > 0')
    .all(JSON.stringify(query.spaces), JSON.stringify(query.documentIds)) as Array<{ rowid: number; id: string }>;
  for (const row of asked) holdings.set(row.id, new Set());
  const askedByRowId = new Map(asked.map(row => [row.rowid, row.id]));
  // One MATCH per term: the documents holding it (at most every document of the spaces, a small list).
  const holders = database.prepare('SELECT rowid FROM document_terms_fts WHERE document_terms_fts MATCH ?').pluck();
  for (const term of new Set(query.terms)) {
    const words = `terms : ${quote(term)}`;
    const rowIds = holders.all(spaceFilter ? `${spaceFilter} AND ${words}` : words) as number[];
    frequencies.set(term, rowIds.length);
    for (const rowId of rowIds) {
      const documentId = askedByRowId.get(rowId);
      if (documentId !== undefined) holdings.get(documentId)!.add(term);
    }
  }
  return { documents, frequencies, holdings };
}

export function pageRowsOf(database: Database.Database, space: SpaceId, documentId: string, withTerms: boolean): PageRecord[] {
  const rows = database.prepare(`${pageSelect} WHERE p.space = ? AND p.document_id = ? ORDER BY p.page`).all(space, documentId) as PageRow[];
  return rows.map(row => pageFromRow(row, withTerms));
}

export function vocabularyOf(database: Database.Database, space: SpaceId, documentId: string): string[] {
  const terms = database.prepare('SELECT page_terms FROM documents WHERE space = ? AND id = ?').pluck().get(space, documentId) as string | undefined;
  return terms ? terms.split(' ') : [];
}

const pageSelect = 'SELECT p.row_id, p.space, p.document_id, p.page, p.terms, p.printed_numbers, p.label, p.captions, p.unit FROM pages p';

export function pageFromRow(row: PageRow, withTerms: boolean): PageRecord {
  const unit = JSON.parse(row.unit) as IndexUnit;
  return {
    space: row.space as SpaceId,
    documentId: row.document_id,
    documentName: unit.documentName,
    page: row.page,
    terms: withTerms && row.terms !== '' ? row.terms.split(' ') : [],
    printedNumbers: JSON.parse(row.printed_numbers) as number[],
    ...(row.label !== null ? { label: row.label } : {}),
    captions: JSON.parse(row.captions) as string[],
    unit,
  };
}

/**
 * The FTS5 filter narrowing a query to the spaces (and documents), or none when the spaces hold every
 * document stored (matching the space tokens would then filter nothing, at the cost of their doclists).
 */
function scopeFilter(database: Database.Database, spaces: string[], documentIds?: string[]): string | undefined {
  const other = database
    .prepare('SELECT EXISTS (SELECT 1 FROM documents WHERE space NOT IN (SELECT value FROM json_each(?)))')
    .pluck()
    .get(JSON.stringify(spaces));
  const filters = other === 0 ? [] : [`filter_tokens : (${spaces.map(space => quote(spaceToken(space))).join(' OR ')})`];
  if (documentIds) filters.push(`filter_tokens : (${documentIds.map(id => quote(documentToken(id))).join(' OR ')})`);
  return filters.length > 0 ? filters.join(' AND ') : undefined;
}

interface CountCache {
  /** Changes whenever any connection commits to the database (data_version: others; total_changes: this one). */
  stamp: string;
  counts: Map<string, number>;
}

const countCaches = new WeakMap<Database.Database, CountCache>();
const maxCachedCounts = 50_000;

/** Page counts per MATCH expression, kept until the database changes (a question asks for hundreds of terms). */
function countCache(database: Database.Database): CountCache {
  const stamp = `${database.pragma('data_version', { simple: true }) as number}:${database.prepare('SELECT total_changes()').pluck().get() as number}`;
  let cache = countCaches.get(database);
  if (!cache || cache.stamp !== stamp || cache.counts.size > maxCachedCounts) {
    cache = { stamp, counts: new Map() };
    countCaches.set(database, cache);
  }
  return cache;
}

function quote(token: string): string {
  return `"${token.replaceAll('"', '""')}"`;
}
