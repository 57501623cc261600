import type Database from 'better-sqlite3';
import type { DocumentTree } from '../../ingest/types.ts';
import { treePages, type TreePage } from '../tree-pages.ts';

/**
 * A document's tree page by page (tree-pages.ts) in SQLite: one `tree_pages` row per page, written
 * with the whole tree at commit and removed with it, so the answer step reads its context's pages
 * without parsing the whole tree.
 */

/** The migration step that creates `tree_pages` (documents' existing trees are split by `writeMissingTreePages`). */
export const createTreePagesTable = `
  -- A rowid table: its rows are large (a page's text), which a WITHOUT ROWID table stores poorly.
  CREATE TABLE tree_pages (
    row_id INTEGER PRIMARY KEY,
    space TEXT NOT NULL,
    document_id TEXT NOT NULL,
    page INTEGER NOT NULL,
    content TEXT NOT NULL,
    UNIQUE (space, document_id, page),
    FOREIGN KEY (space, document_id) REFERENCES documents (space, id) ON DELETE CASCADE
  );
  -- 0 for a tree committed before this step, written page by page when the store opens; every commit
  -- after it writes its tree pages itself, so records saved later need nothing at start-up.
  ALTER TABLE documents ADD COLUMN tree_pages_written INTEGER NOT NULL DEFAULT 1;
  UPDATE documents SET tree_pages_written = 0 WHERE EXISTS (SELECT 1 FROM trees t WHERE t.space = documents.space AND t.document_id = documents.id);
`;

/** Writes a document's tree pages; inside the caller's write transaction. */
export function writeTreePages(database: Database.Database, space: string, documentId: string, tree: DocumentTree): void {
  const insert = database.prepare('INSERT INTO tree_pages (space, document_id, page, content) VALUES (?, ?, ?, ?)');
  for (const page of treePages(tree)) insert.run(space, documentId, page.page, JSON.stringify(page));
}

export function removeTreePages(database: Database.Database, space: string, documentId: string): void {
  database.prepare('DELETE FROM tree_pages WHERE space = ? AND document_id = ?').run(space, documentId);
}

/** The document's tree pages among `pages`, in page order. */
export function readTreePages(database: Database.Database, space: string, documentId: string, pages: number[]): TreePage[] {
  if (pages.length === 0) return [];
  const rows = database
    .prepare('SELECT content FROM tree_pages WHERE space = ? AND document_id = ? AND page IN (SELECT value FROM json_each(?)) ORDER BY page')
    .pluck()
    .all(space, documentId, JSON.stringify([...new Set(pages)])) as string[];
  return rows.map(row => JSON.parse(row) as TreePage);
}

/** Splits the trees of documents committed before tree pages existed, one write transaction each. */
export function writeMissingTreePages(database: Database.Database, write: (work: () => void) => void): void {
  const missing = database.prepare('SELECT space, id FROM documents WHERE tree_pages_written = 0').all() as Array<{ space: string; id: string }>;
  for (const { space, id } of missing) {
    write(() => {
      const tree = database.prepare('SELECT tree FROM trees WHERE space = ? AND document_id = ?').pluck().get(space, id) as string | undefined;
      removeTreePages(database, space, id);
      if (tree) writeTreePages(database, space, id, JSON.parse(tree) as DocumentTree);
      database.prepare('UPDATE documents SET tree_pages_written = 1 WHERE space = ? AND id = ?').run(space, id);
    });
  }
}
