import type Database from 'better-sqlite3';
import type { DocumentTree } from '../../documents/document-tree.ts';
import { treePages, type TreePage } from '../tree-pages.ts';

/**
 * A document's tree page by page (tree-pages.ts) in SQLite: one `tree_pages` row per page, written
 * with the whole tree at commit and removed with it, so the answer step reads its context's pages
 * without parsing the whole tree.
 */

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
