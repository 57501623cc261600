import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harbourReport, testSpace, warehouseReport } from '../../../test/contract/knowledge-store-fixtures.ts';
import { undoTreePages } from '../../../test/support/knowledge-store/undo-page-tables.ts';
import { pagesOfTree } from '../tree-pages.ts';
import { SqliteKnowledgeStore } from './sqlite-knowledge-store.ts';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'folio-tree-pages-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('trees kept page by page in SQLite', () => {
  it('gives documents committed before tree pages existed theirs when the store opens, once', async () => {
    const space = testSpace('tree-pages');
    const harbour = harbourReport(space);
    const warehouse = warehouseReport(space);
    const queued = warehouseReport(space, { name: 'queued.pdf', variant: 'queued edition' }).record;
    const store = new SqliteKnowledgeStore({ dataDir });
    await store.commitDocument(harbour);
    await store.commitDocument(warehouse);
    await store.saveRecord({ ...queued, status: 'parsing' });
    await store.close();

    const database = new Database(join(dataDir, 'folio.sqlite'));
    undoTreePages(database);
    database.close();

    const reopened = new SqliteKnowledgeStore({ dataDir });
    try {
      const pages = [1, 2, 3, 4, 5];
      expect(await reopened.getTreePages(space, harbour.record.id, pages)).toEqual(pagesOfTree(harbour.tree, pages));
      expect(await reopened.getTreePages(space, warehouse.record.id, pages)).toEqual(pagesOfTree(warehouse.tree, pages));
      expect(await reopened.getTreePages(space, queued.id, pages)).toEqual([]);
      // A record saved now leaves nothing for the next start-up to write.
      await reopened.saveRecord({ ...warehouseReport(space, { name: 'later.pdf', variant: 'later edition' }).record, status: 'queued' });
      const check = new Database(join(dataDir, 'folio.sqlite'), { readonly: true });
      try {
        expect(check.prepare('SELECT count(*) FROM documents WHERE tree_pages_written = 0').pluck().get()).toBe(0);
        expect(check.prepare('SELECT count(*) FROM tree_pages').pluck().get()).toBe(harbour.tree.totalPages + warehouse.tree.totalPages);
      } finally {
        check.close();
      }
    } finally {
      await reopened.close();
    }
  });
});
