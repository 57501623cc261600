import type Database from 'better-sqlite3';

/**
 * Takes a SQLite data dir back to before the page-records migration (page-search.ts), as a data dir of an
 * older Folio: its tables, triggers and columns dropped, the schema version one step back. The caller
 * opens the store again to see the step applied to existing documents.
 */
export function undoPageTables(database: Database.Database): void {
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
