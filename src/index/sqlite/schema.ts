import type Database from 'better-sqlite3';
import { FolioError } from '../../errors.ts';
import { filterTokens } from './filter-tokens.ts';
import { createDocumentPageTermsTable, createPageTables } from './page-search.ts';
import { createTreePagesTable } from './tree-page-rows.ts';
import { createUnitTermsTable } from './unit-term-counts.ts';

/**
 * Schema migrations, applied in order inside one transaction each. Append new steps; never edit a
 * step that has shipped, since existing data dirs already ran it.
 */
const migrations: string[] = [
  `
  CREATE TABLE documents (
    space TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    record TEXT NOT NULL,
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
    UNIQUE (space, id),
    FOREIGN KEY (space, document_id) REFERENCES documents (space, id) ON DELETE CASCADE
  );
  CREATE INDEX units_by_document ON units (space, document_id, node_id, page, part);

  -- BM25 over title path + text; external content (the text lives once, in units).
  CREATE VIRTUAL TABLE units_fts USING fts5 (
    title_path, text, content = 'units', content_rowid = 'row_id', tokenize = "unicode61 remove_diacritics 2"
  );
  -- Only units holding CJK text are copied here (the store inserts them); unicode61 would treat a
  -- whole CJK sentence as one token.
  CREATE VIRTUAL TABLE units_cjk USING fts5 (
    title_path, text, content = '', contentless_delete = 1, tokenize = "trigram remove_diacritics 1"
  );

  CREATE TRIGGER units_fts_insert AFTER INSERT ON units BEGIN
    INSERT INTO units_fts (rowid, title_path, text) VALUES (new.row_id, new.title_path, new.text);
  END;
  CREATE TRIGGER units_fts_delete AFTER DELETE ON units BEGIN
    INSERT INTO units_fts (units_fts, rowid, title_path, text) VALUES ('delete', old.row_id, old.title_path, old.text);
    DELETE FROM units_cjk WHERE rowid = old.row_id;
  END;

  -- Bumped on every change to a space's units, so every process can tell its vector cache is stale.
  CREATE TABLE space_generations (
    space TEXT PRIMARY KEY,
    generation INTEGER NOT NULL
  );
  `,
  `
  -- The space generation at which a document's units were last written: a vector cache reloads only
  -- the documents whose units changed.
  ALTER TABLE documents ADD COLUMN units_version INTEGER NOT NULL DEFAULT 0;
  -- Per-term row counts, to leave out query words so common that BM25 gives them no weight.
  CREATE VIRTUAL TABLE units_fts_terms USING fts5vocab (units_fts, 'row');
  `,
  `
  -- Space and document as hashed words inside the FTS index, so ranking only sees the named spaces.
  ALTER TABLE units ADD COLUMN filter_tokens TEXT NOT NULL DEFAULT '';
  UPDATE units SET filter_tokens = folio_filter_tokens(space, document_id);
  DROP TRIGGER units_fts_insert;
  DROP TRIGGER units_fts_delete;
  DROP TABLE units_fts_terms;
  DROP TABLE units_fts;
  CREATE VIRTUAL TABLE units_fts USING fts5 (
    title_path, text, filter_tokens, content = 'units', content_rowid = 'row_id', tokenize = "unicode61 remove_diacritics 2"
  );
  -- rank = BM25 with title words counting a little more than body words (a heading names what its
  -- section is about) and the filter words not at all; ORDER BY rank takes FTS5's fast path.
  INSERT INTO units_fts (units_fts, rank) VALUES ('rank', 'bm25(1.5, 1.0, 0.0)');
  INSERT INTO units_fts (units_fts) VALUES ('rebuild');
  CREATE VIRTUAL TABLE units_fts_terms USING fts5vocab (units_fts, 'row');
  CREATE TRIGGER units_fts_insert AFTER INSERT ON units BEGIN
    INSERT INTO units_fts (rowid, title_path, text, filter_tokens) VALUES (new.row_id, new.title_path, new.text, new.filter_tokens);
  END;
  CREATE TRIGGER units_fts_delete AFTER DELETE ON units BEGIN
    INSERT INTO units_fts (units_fts, rowid, title_path, text, filter_tokens)
      VALUES ('delete', old.row_id, old.title_path, old.text, old.filter_tokens);
    DELETE FROM units_cjk WHERE rowid = old.row_id;
  END;
  `,
  createUnitTermsTable,
  createPageTables,
  createDocumentPageTermsTable,
  createTreePagesTable,
];

export function migrate(database: Database.Database): void {
  database.function('folio_filter_tokens', { deterministic: true }, (space, documentId) => filterTokens(String(space), String(documentId)));
  database.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const apply = database.transaction(() => {
    const row = database.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
    const current = row?.version ?? 0;
    for (let version = current + 1; version <= migrations.length; version += 1) database.exec(migrations[version - 1]);
    if (!row) database.prepare('INSERT INTO schema_version (version) VALUES (?)').run(migrations.length);
    else if (current < migrations.length) database.prepare('UPDATE schema_version SET version = ?').run(migrations.length);
    return current;
  });
  const current = apply.immediate();
  if (current > migrations.length) {
    throw new FolioError({
      code: 'config_invalid',
      message: `folio.sqlite has schema version ${current}, newer than this Folio (${migrations.length}); upgrade Folio`,
      userMessage: 'Folio is older than its data: an administrator needs to upgrade it.',
    });
  }
}
