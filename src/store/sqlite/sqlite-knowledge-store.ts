import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DocumentRecord } from '../../documents/types.ts';
import type { DocumentTree } from '../../documents/document-tree.ts';
import type { TreePage } from '../tree-pages.ts';
import type { SpaceId } from '../../spaces/space-id.ts';
import type {
  DocumentStatistics,
  DocumentStatisticsQuery,
  IndexUnit,
  KnowledgeStore,
  LexicalQuery,
  PageQuery,
  PageRecord,
  PageStatistics,
  PageStatisticsQuery,
  UnitHit,
  UnitMatches,
  VectorQuery,
  VectorsQuery,
} from '../types.ts';
import { figureSha256s } from '../figure-sha256s.ts';
import { containsCjk } from './fts-query.ts';
import { runSearch, type SearchCall, type SearchCalls, type SearchKind } from './search-calls.ts';
import { SearchThread } from './search-thread.ts';
import { checkCommit } from '../check-commit.ts';
import { pickNamedDocument } from '../pick-named-document.ts';
import { documentStatistics, pageFromRow, pageRowsOf, removePages, vocabularyOf, writePages } from './page-search.ts';
import { openSchema } from './schema.ts';
import { readTreePages, removeTreePages, writeTreePages } from './tree-page-rows.ts';
import { rowFromUnit, unitColumns, unitColumnsWithoutVector, unitFromRow, type UnitRow } from './unit-rows.ts';
import { applyUnitTermCounts, countUnitTerms } from './unit-term-counts.ts';
import { VectorIndex } from './vector-index.ts';

export interface SqliteKnowledgeStoreOptions {
  /** The data dir; the database is `<dataDir>/folio.sqlite`. */
  dataDir: string;
  /** How long a writer waits for another process's write transaction before failing. */
  busyTimeoutMs?: number;
  /**
   * From this many units on, BM25 and page queries run on threads of their own (SearchThread), in
   * parallel with each other and the caller's other work; below it they take a few ms and a thread is
   * not worth starting. Infinity keeps them in this thread.
   */
  searchThreadMinUnits?: number;
}

/** From this size on a store BM25 query blocks the caller long enough to be worth a thread's hand-off. */
const defaultSearchThreadMinUnits = 10_000;
const searchThreads = 2;

/**
 * The embedded KnowledgeStore: one SQLite file in WAL mode, so several processes can read while one
 * writes. BM25 via FTS5 (unicode61 with diacritics removed, a trigram table for CJK), exact cosine over
 * float32 vectors cached per space in memory. better-sqlite3 is synchronous; the async interface wraps
 * it, except for BM25 and page queries on large indexes, which run on threads of their own (search-thread.ts).
 */
export class SqliteKnowledgeStore implements KnowledgeStore {
  readonly kind = 'sqlite' as const;
  private readonly database: Database.Database;
  private readonly vectors: VectorIndex;
  private readonly path: string;
  private readonly busyTimeoutMs: number;
  private readonly searchThreadMinUnits: number;
  private searchThreads: SearchThread[] = [];

  constructor(options: SqliteKnowledgeStoreOptions) {
    mkdirSync(options.dataDir, { recursive: true });
    this.path = join(options.dataDir, 'folio.sqlite');
    this.busyTimeoutMs = Math.round(options.busyTimeoutMs ?? 30_000);
    this.searchThreadMinUnits = options.searchThreadMinUnits ?? defaultSearchThreadMinUnits;
    this.database = new Database(this.path);
    this.database.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    this.database.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode; only a power loss can drop the last commits.
    this.database.pragma('synchronous = NORMAL');
    this.database.pragma('foreign_keys = ON');
    try {
      openSchema(this.database, this.path);
    } catch (error) {
      this.database.close();
      throw error;
    }
    this.vectors = new VectorIndex(this.database);
  }

  async saveRecord(record: DocumentRecord): Promise<void> {
    this.write(() => this.upsertRecord(record));
  }

  async commitDocument(input: { record: DocumentRecord; tree: DocumentTree; units: IndexUnit[] }): Promise<{ replacedDocumentIds: string[] }> {
    checkCommit(input);
    const { record, tree, units } = input;
    return this.write(() => {
      const replaced = this.database
        .prepare('SELECT id FROM documents WHERE space = ? AND name = ? AND id != ?')
        .pluck()
        .all(record.space, record.name, record.id) as string[];
      for (const documentId of [record.id, ...replaced]) this.removeDocument(record.space, documentId, documentId !== record.id);
      this.upsertRecord({ ...record, status: 'ready' });
      this.database.prepare('INSERT INTO trees (space, document_id, tree) VALUES (?, ?, ?)').run(record.space, record.id, JSON.stringify(tree));
      writeTreePages(this.database, record.space, record.id, tree);
      const insertFigure = this.database.prepare('INSERT OR IGNORE INTO document_figures (space, document_id, sha256) VALUES (?, ?, ?)');
      for (const sha256 of figureSha256s(tree)) insertFigure.run(record.space, record.id, sha256);
      const insertUnit = this.database.prepare(
        `INSERT INTO units (id, space, document_id, document_name, node_id, page, part, kind, title_path, text, vector, filter_tokens)
         VALUES (@id, @space, @document_id, @document_name, @node_id, @page, @part, @kind, @title_path, @text, @vector, @filter_tokens)`,
      );
      const insertCjk = this.database.prepare('INSERT INTO units_cjk (rowid, title_path, text) VALUES (?, ?, ?)');
      const rows = units.map(rowFromUnit);
      for (const row of rows) {
        const { lastInsertRowid } = insertUnit.run(row);
        if (containsCjk(row.title_path + row.text)) insertCjk.run(lastInsertRowid, row.title_path, row.text);
      }
      applyUnitTermCounts(this.database, countUnitTerms(rows), 1);
      writePages(this.database, record, units, tree);
      const generation = this.bumpGeneration(record.space);
      this.database.prepare('UPDATE documents SET units_version = ? WHERE space = ? AND id = ?').run(generation, record.space, record.id);
      return { replacedDocumentIds: replaced };
    });
  }

  async getRecord(space: SpaceId, documentId: string): Promise<DocumentRecord | null> {
    const row = this.database.prepare('SELECT record FROM documents WHERE space = ? AND id = ?').pluck().get(space, documentId) as string | undefined;
    return row ? (JSON.parse(row) as DocumentRecord) : null;
  }

  async findDocument(space: SpaceId, idOrName: string): Promise<DocumentRecord | null> {
    const byId = await this.getRecord(space, idOrName);
    if (byId) return byId;
    const rows = this.database
      .prepare('SELECT record FROM documents WHERE space = ? AND name = ? ORDER BY updated_at DESC, rowid DESC')
      .pluck()
      .all(space, idOrName) as string[];
    return pickNamedDocument(rows.map(row => JSON.parse(row) as DocumentRecord));
  }

  async listDocuments(space: SpaceId): Promise<DocumentRecord[]> {
    const rows = this.database.prepare('SELECT record FROM documents WHERE space = ? ORDER BY created_at, rowid').pluck().all(space) as string[];
    return rows.map(row => JSON.parse(row) as DocumentRecord);
  }

  async getTree(space: SpaceId, documentId: string): Promise<DocumentTree | null> {
    const row = this.database.prepare('SELECT tree FROM trees WHERE space = ? AND document_id = ?').pluck().get(space, documentId) as string | undefined;
    return row ? (JSON.parse(row) as DocumentTree) : null;
  }

  async getTreePages(space: SpaceId, documentId: string, pages: number[]): Promise<TreePage[]> {
    return readTreePages(this.database, space, documentId, pages);
  }

  async getUnits(space: SpaceId, documentId: string, nodeIds?: string[], options: { vectors?: boolean } = {}): Promise<IndexUnit[]> {
    return this.readUnits(space, documentId, options.vectors !== false, nodeIds);
  }

  private readUnits(space: string, documentId: string, withVectors: boolean, nodeIds?: string[]): IndexUnit[] {
    const rows = this.database
      .prepare(
        `SELECT ${withVectors ? unitColumns : unitColumnsWithoutVector} FROM units u WHERE u.space = ? AND u.document_id = ?
         AND (? IS NULL OR u.node_id IN (SELECT value FROM json_each(?))) ORDER BY u.node_id, u.page, u.part`,
      )
      .all(space, documentId, nodeIds ? 1 : null, JSON.stringify(nodeIds ?? [])) as UnitRow[];
    return rows.map(unitFromRow);
  }

  async deleteDocument(space: SpaceId, documentId: string): Promise<boolean> {
    return this.write(() => {
      const existed = this.removeDocument(space, documentId, true);
      if (existed) this.bumpGeneration(space);
      return existed;
    });
  }

  async deleteSpace(space: SpaceId): Promise<number> {
    // One transaction; document by document through removeDocument, so every per-document table (and
    // the unit_terms counts) is kept exactly as a deleteDocument of each would keep it.
    const removed = this.write(() => {
      const documentIds = this.database.prepare('SELECT id FROM documents WHERE space = ?').pluck().all(space) as string[];
      for (const documentId of documentIds) this.removeDocument(space, documentId, true);
      // Bumped, not deleted: the generation must never repeat, or another process's vector cache of
      // this space could pass for current once the space is written to again.
      this.bumpGeneration(space);
      return documentIds.length;
    });
    this.vectors.dropSpace(space);
    return removed;
  }

  async countDocumentsWithSha(sha256: string): Promise<number> {
    return this.database
      .prepare(
        `SELECT count(*) FROM (SELECT space, id FROM documents WHERE sha256 = ?
         UNION SELECT space, document_id FROM document_figures WHERE sha256 = ?)`,
      )
      .pluck()
      .get(sha256, sha256) as number;
  }

  async sha256sInUse(sha256s: string[]): Promise<Set<string>> {
    const used = this.database
      .prepare(
        `SELECT DISTINCT value FROM json_each(?) WHERE EXISTS (SELECT 1 FROM documents WHERE sha256 = value)
         OR EXISTS (SELECT 1 FROM document_figures WHERE sha256 = value)`,
      )
      .pluck()
      .all(JSON.stringify(sha256s)) as string[];
    return new Set(used);
  }

  /** One shard: FTS5 ranks the units itself (lexical-search.ts). */
  async matchUnits(query: LexicalQuery): Promise<UnitMatches[]> {
    if (query.spaces.length === 0 || query.k <= 0) return [];
    const rows = await this.search('lexical', query);
    return [{ hits: rows.map(({ row, score }) => ({ unit: unitFromRow(row), score })) }];
  }

  /** A search on the least busy search thread when there is one, else here. */
  private search<Kind extends SearchKind>(kind: Kind, query: SearchCalls[Kind]['query']): Promise<SearchCalls[Kind]['result']> {
    const thread = this.searchThreadToUse();
    if (thread) return thread.search(kind, query);
    return Promise.resolve(this.searchHere({ kind, query } as SearchCall) as SearchCalls[Kind]['result']);
  }

  /** A search on this thread's connection: without a search thread, and for a thread that failed. */
  private readonly searchHere = (call: SearchCall) => runSearch(this.database, call);

  /**
   * The least busy search thread once the index is large enough and a thread has started; until then,
   * none. Two threads: a question's queries (BM25 per keyword variant, the whole-page candidates and
   * statistics) then run two at a time next to this thread's own work, instead of one after the other.
   */
  private searchThreadToUse(): SearchThread | undefined {
    if (this.searchThreads.length === 0) {
      if (!Number.isFinite(this.searchThreadMinUnits)) return undefined;
      // Two subqueries: SQLite answers a lone min() or max() from the index, both in one query by a scan.
      const units = this.database.prepare('SELECT ifnull((SELECT max(row_id) FROM units) - (SELECT min(row_id) FROM units) + 1, 0)').pluck().get() as number;
      if (units < this.searchThreadMinUnits) return undefined;
      this.searchThreads = Array.from(
        { length: searchThreads },
        () => new SearchThread({ path: this.path, busyTimeoutMs: this.busyTimeoutMs }, this.searchHere),
      );
    }
    let best: SearchThread | undefined;
    for (const thread of this.searchThreads) if (thread.ready && (!best || thread.queries < best.queries)) best = thread;
    return best;
  }

  async searchVector(query: VectorQuery): Promise<UnitHit[]> {
    return (await this.searchVectors({ ...query, vectors: [query.vector] }))[0];
  }

  async searchVectors(query: VectorsQuery): Promise<UnitHit[][]> {
    // Vectors of another length than the first cannot share its pass (nor match the same units): searched on their own.
    const vectors = query.vectors.filter(vector => vector.length > 0);
    if (query.spaces.length === 0 || query.k <= 0 || vectors.length === 0) return query.vectors.map(() => []);
    const documentIds = query.documentIds ? new Set(query.documentIds) : undefined;
    const byLength = new Map<number, number[]>();
    query.vectors.forEach((vector, index) => vector.length > 0 && byLength.set(vector.length, [...(byLength.get(vector.length) ?? []), index]));
    const results: UnitHit[][] = query.vectors.map(() => []);
    const select = this.database.prepare(`SELECT ${unitColumnsWithoutVector} FROM units u WHERE u.row_id = ?`);
    for (const indexes of byLength.values()) {
      const candidateLists = this.vectors.searchMany(
        query.spaces,
        indexes.map(index => query.vectors[index]),
        query.k,
        documentIds,
      );
      candidateLists.forEach((candidates, position) => {
        results[indexes[position]] = candidates.flatMap(candidate => {
          const row = select.get(candidate.rowId) as UnitRow | undefined;
          // A row deleted by another process since the cache was read is skipped.
          return row && query.spaces.includes(row.space as SpaceId) ? [{ unit: unitFromRow(row), score: candidate.score }] : [];
        });
      });
    }
    return results;
  }

  async searchPages(query: PageQuery): Promise<PageRecord[]> {
    return (await this.search('pages', query)).map(row => pageFromRow(row, true));
  }

  async pageStatistics(query: PageStatisticsQuery): Promise<PageStatistics> {
    return this.search('pageStatistics', query);
  }

  async documentStatistics(query: DocumentStatisticsQuery): Promise<DocumentStatistics> {
    return documentStatistics(this.database, query);
  }

  async getPages(space: SpaceId, documentId: string, options: { terms?: boolean } = {}): Promise<PageRecord[]> {
    return pageRowsOf(this.database, space, documentId, options.terms !== false);
  }

  /** Starts the search threads when the index is large enough for them, and waits until they take queries. */
  async warmUp(): Promise<void> {
    this.searchThreadToUse();
    await Promise.all(this.searchThreads.map(thread => thread.started));
  }

  async documentVocabulary(space: SpaceId, documentId: string): Promise<string[]> {
    return vocabularyOf(this.database, space, documentId);
  }

  async close(): Promise<void> {
    await Promise.all(this.searchThreads.map(thread => thread.close()));
    if (this.database.open) this.database.close();
  }

  /** IMMEDIATE takes the write lock up front, so busy_timeout applies instead of a mid-transaction SQLITE_BUSY. */
  private write<T>(work: () => T): T {
    return this.database.transaction(work).immediate();
  }

  private upsertRecord(record: DocumentRecord): void {
    this.database
      .prepare(
        `INSERT INTO documents (space, id, name, sha256, status, created_at, updated_at, record)
         VALUES (@space, @id, @name, @sha256, @status, @createdAt, @updatedAt, @record)
         ON CONFLICT (space, id) DO UPDATE SET name = excluded.name, sha256 = excluded.sha256, status = excluded.status,
           updated_at = excluded.updated_at, record = excluded.record`,
      )
      .run({ ...pick(record), record: JSON.stringify(record) });
  }

  /** Deletes units and tree, and the record too when `withRecord`; true when the document existed. */
  private removeDocument(space: string, documentId: string, withRecord: boolean): boolean {
    const removed = this.database.prepare('SELECT title_path, text FROM units WHERE space = ? AND document_id = ?').iterate(space, documentId) as Iterable<{
      title_path: string;
      text: string;
    }>;
    applyUnitTermCounts(this.database, countUnitTerms(removed), -1);
    this.database.prepare('DELETE FROM units WHERE space = ? AND document_id = ?').run(space, documentId);
    removePages(this.database, space, documentId);
    this.database.prepare('DELETE FROM trees WHERE space = ? AND document_id = ?').run(space, documentId);
    removeTreePages(this.database, space, documentId);
    this.database.prepare('DELETE FROM document_figures WHERE space = ? AND document_id = ?').run(space, documentId);
    if (!withRecord) return false;
    return this.database.prepare('DELETE FROM documents WHERE space = ? AND id = ?').run(space, documentId).changes > 0;
  }

  private bumpGeneration(space: string): number {
    return this.database
      .prepare(
        `INSERT INTO space_generations (space, generation) VALUES (?, 1)
         ON CONFLICT (space) DO UPDATE SET generation = generation + 1 RETURNING generation`,
      )
      .pluck()
      .get(space) as number;
  }
}

function pick(record: DocumentRecord) {
  return {
    space: record.space,
    id: record.id,
    name: record.name,
    sha256: record.sha256,
    status: record.status,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
