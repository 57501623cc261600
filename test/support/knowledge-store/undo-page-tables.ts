import type Database from 'better-sqlite3';

/**
 * Takes a SQLite data dir back to before the page-records migration (page-search.ts), as a data dir of an
 * older Folio: its tables, triggers and columns dropped (and the steps after it), the schema version back
 * to before it. The caller opens the store again to see the step applied to existing documents.
 */
export function undoPageTables(database: Database.Database): void {
  undoDocumentPageTerms(database);
  database.exec(`
    DROP TRIGGER pages_fts_delete;
    DROP TRIGGER document_terms_fts_delete;
    DROP TABLE pages_fts;
    DROP TABLE document_terms_fts;
    DROP TABLE pages;
    DROP TABLE page_terms;
    ALTER TABLE documents DROP COLUMN page_count;
    ALTER TABLE documents DROP COLUMN page_length;
    ALTER TABLE documents DROP COLUMN page_terms;
    ALTER TABLE documents DROP COLUMN pages_indexed;
    UPDATE schema_version SET version = version - 1;
  `);
}

/**
 * Takes a SQLite data dir back to before the per-document page counts (page-search.ts): the table, its
 * trigger and the documents' flag dropped, the schema version one step back.
 */
export function undoDocumentPageTerms(database: Database.Database): void {
  undoTreePages(database);
  database.exec(`
    DROP TRIGGER document_page_terms_delete;
    DROP TABLE document_page_terms;
    ALTER TABLE documents DROP COLUMN page_terms_counted;
    UPDATE schema_version SET version = version - 1;
  `);
}

/**
 * Takes a SQLite data dir back to before trees were kept page by page (tree-page-rows.ts): the table
 * and the documents' flag dropped, the schema version one step back.
 */
export function undoTreePages(database: Database.Database): void {
  database.exec(`
    DROP TABLE tree_pages;
    ALTER TABLE documents DROP COLUMN tree_pages_written;
    UPDATE schema_version SET version = version - 1;
  `);
}
