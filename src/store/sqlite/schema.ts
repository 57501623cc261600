import type Database from 'better-sqlite3';
import { dataFormatOutdated, dataFormatTooNew } from '../data-format.ts';

/**
 * The data format of `folio.sqlite`: the number its `schema_version` table holds. A database of
 * another format is refused when the store opens (`folio reindex` rebuilds an older one from the
 * stored originals), so nothing here reads data written by another Folio. Bump it with any change to
 * the schema below or to what is stored in it, and say so in docs/storage.md.
 */
export const sqliteDataFormat = 8;

/** The whole schema, created at once in an empty database. */
const schema = `
  CREATE TABLE schema_version (version INTEGER NOT NULL);

  CREATE TABLE documents (
    space TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    record TEXT NOT NULL,
    -- The space generation at which the document's units were last written: a vector cache reloads
    -- only the documents whose units changed (vector-index.ts).
    units_version INTEGER NOT NULL DEFAULT 0,
    -- Page statistics of the committed version (page-search.ts): pages, summed length, distinct terms.
    page_count INTEGER NOT NULL DEFAULT 0,
    page_length INTEGER NOT NULL DEFAULT 0,
    page_terms TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (space, id)
  );
  CREATE INDEX documents_by_name ON documents (space, name, updated_at);
  CREATE INDEX documents_by_sha256 ON documents (sha256);

  CREATE TABLE trees (
    space TEXT NOT NULL,
    document_id TEXT NOT NULL,
    tree TEXT NOT NULL,
    PRIMARY KEY (space, document_id),
    FOREIGN KEY (space, document_id) REFERENCES documents (space, id) ON DELETE CASCADE
  );

  -- A document's tree page by page (tree-page-rows.ts). A rowid table: its rows are large (a page's
  -- text), which a WITHOUT ROWID table stores poorly.
  CREATE TABLE tree_pages (
    row_id INTEGER PRIMARY KEY,
    space TEXT NOT NULL,
    document_id TEXT NOT NULL,
    page INTEGER NOT NULL,
    content TEXT NOT NULL,
    UNIQUE (space, document_id, page),
    FOREIGN KEY (space, document_id) REFERENCES documents (space, id) ON DELETE CASCADE
  );

  -- sha256s of the figure crops a document's tree refers to, so forget knows which crops are unused.
  CREATE TABLE document_figures (
    space TEXT NOT NULL,
    document_id TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    PRIMARY KEY (space, document_id, sha256),
    FOREIGN KEY (space, document_id) REFERENCES documents (space, id) ON DELETE CASCADE
  );
  CREATE INDEX document_figures_by_sha256 ON document_figures (sha256);

  CREATE TABLE units (
    row_id INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    space TEXT NOT NULL,
    document_id TEXT NOT NULL,
    document_name TEXT NOT NULL,
    node_id TEXT NOT NULL,
    page INTEGER NOT NULL,
    part INTEGER NOT NULL,
    kind TEXT NOT NULL,
    title_path TEXT NOT NULL,
    text TEXT NOT NULL,
    vector BLOB,
    -- Space and document as hashed words inside the FTS index, so ranking only sees the named spaces.
    filter_tokens TEXT NOT NULL,
    UNIQUE (space, id),
    FOREIGN KEY (space, document_id) REFERENCES documents (space, id) ON DELETE CASCADE
  );
  CREATE INDEX units_by_document ON units (space, document_id, node_id, page, part);

  -- BM25 over title path + text; external content (the text lives once, in units).
  CREATE VIRTUAL TABLE units_fts USING fts5 (
    title_path, text, filter_tokens, content = 'units', content_rowid = 'row_id', tokenize = "unicode61 remove_diacritics 2"
  );
  -- rank = BM25 with title words counting a little more than body words (a heading names what its
  -- section is about) and the filter words not at all; ORDER BY rank takes FTS5's fast path.
  INSERT INTO units_fts (units_fts, rank) VALUES ('rank', 'bm25(1.5, 1.0, 0.0)');
  -- FTS5's own per-term row counts (what unit_terms keeps, for checking it).
  CREATE VIRTUAL TABLE units_fts_terms USING fts5vocab (units_fts, 'row');
  -- Only units holding CJK text are copied here (the store inserts them); unicode61 would treat a
  -- whole CJK sentence as one token.
  CREATE VIRTUAL TABLE units_cjk USING fts5 (
    title_path, text, content = '', contentless_delete = 1, tokenize = "trigram remove_diacritics 1"
  );
  CREATE TRIGGER units_fts_insert AFTER INSERT ON units BEGIN
    INSERT INTO units_fts (rowid, title_path, text, filter_tokens) VALUES (new.row_id, new.title_path, new.text, new.filter_tokens);
  END;
  CREATE TRIGGER units_fts_delete AFTER DELETE ON units BEGIN
    INSERT INTO units_fts (units_fts, rowid, title_path, text, filter_tokens)
      VALUES ('delete', old.row_id, old.title_path, old.text, old.filter_tokens);
    DELETE FROM units_cjk WHERE rowid = old.row_id;
  END;

  -- Units per plain word (unit-term-counts.ts): the store keeps it as it writes units, so lexical search
  -- can tell how common a query word is without reading the word's doclist.
  CREATE TABLE unit_terms (term TEXT PRIMARY KEY, units INTEGER NOT NULL) WITHOUT ROWID;

  -- Bumped on every change to a space's units, so every process can tell its vector cache is stale.
  CREATE TABLE space_generations (
    space TEXT PRIMARY KEY,
    generation INTEGER NOT NULL
  );

  -- Page records (page-search.ts): whole pages as search objects next to the units.
  CREATE TABLE pages (
    row_id INTEGER PRIMARY KEY,
    space TEXT NOT NULL,
    document_id TEXT NOT NULL,
    page INTEGER NOT NULL,
    terms TEXT NOT NULL,
    printed_numbers TEXT NOT NULL,
    label TEXT,
    captions TEXT NOT NULL,
    unit TEXT NOT NULL,
    UNIQUE (space, document_id, page),
    FOREIGN KEY (space, document_id) REFERENCES documents (space, id) ON DELETE CASCADE
  );
  -- Terms as page-records.ts makes them: already folded and stemmed.
  CREATE VIRTUAL TABLE pages_fts USING fts5 (
    terms, filter_tokens, content = '', contentless_delete = 1, tokenize = "unicode61 remove_diacritics 0"
  );
  INSERT INTO pages_fts (pages_fts, rank) VALUES ('rank', 'bm25(1.0, 0.0)');
  CREATE TRIGGER pages_fts_delete AFTER DELETE ON pages BEGIN
    DELETE FROM pages_fts WHERE rowid = old.row_id;
  END;
  -- Pages per term and space, kept by every write: whole-space statistics without reading doclists.
  CREATE TABLE page_terms (space TEXT NOT NULL, term TEXT NOT NULL, pages INTEGER NOT NULL, PRIMARY KEY (space, term)) WITHOUT ROWID;
  -- One row per document (rowid = the document's rowid): its distinct page terms.
  CREATE VIRTUAL TABLE document_terms_fts USING fts5 (
    terms, filter_tokens, content = '', contentless_delete = 1, tokenize = "unicode61 remove_diacritics 0"
  );
  CREATE TRIGGER document_terms_fts_delete AFTER DELETE ON documents BEGIN
    DELETE FROM document_terms_fts WHERE rowid = old.rowid;
  END;
  -- Pages per term of each document (keyed by the document's rowid, as document_terms_fts is): page
  -- statistics over a few documents read them instead of counting each word's pages in FTS5.
  CREATE TABLE document_page_terms (document_rowid INTEGER NOT NULL, term TEXT NOT NULL, pages INTEGER NOT NULL, PRIMARY KEY (document_rowid, term)) WITHOUT ROWID;
  CREATE TRIGGER document_page_terms_delete AFTER DELETE ON documents BEGIN
    DELETE FROM document_page_terms WHERE document_rowid = old.rowid;
  END;
`;

/**
 * What `database` holds of Folio's: nothing (undefined), or the data format its `schema_version` names
 * (0 for data from before formats were numbered) and whether it has the documents table.
 */
export function storedDataFormat(database: Database.Database): { format: number; documents: boolean } | undefined {
  const tables = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('schema_version', 'documents')").pluck().all() as string[];
  if (tables.length === 0) return undefined;
  const version = tables.includes('schema_version') ? (database.prepare('SELECT version FROM schema_version').pluck().get() as number | undefined) : undefined;
  return { format: version ?? 0, documents: tables.includes('documents') };
}

/**
 * Creates the schema in an empty database, or checks that an existing one is of this Folio's data
 * format: an older one (or one from before formats were numbered) throws data_format_outdated, naming
 * `folio reindex`; a newer one asks for an upgrade of Folio.
 */
export function openSchema(database: Database.Database, path: string): void {
  const check = database.transaction(() => {
    const stored = storedDataFormat(database);
    if (stored) return stored.format;
    database.exec(schema);
    database.prepare('INSERT INTO schema_version (version) VALUES (?)').run(sqliteDataFormat);
    return sqliteDataFormat;
  });
  const found = check.immediate();
  if (found < sqliteDataFormat) throw dataFormatOutdated(path, found, sqliteDataFormat);
  if (found > sqliteDataFormat) throw dataFormatTooNew(path, found, sqliteDataFormat);
}
