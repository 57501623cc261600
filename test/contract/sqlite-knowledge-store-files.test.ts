import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { harbourReport, makeDocument, testEmbedding, testSpace, warehouseReport } from './knowledge-store-fixtures.ts';
import { searchUnits } from '../../src/search/unit-search.ts';

const writerScript = fileURLToPath(new URL('../support/knowledge-store/sqlite-writer.ts', import.meta.url));

function runWriter(dataDir: string, space: SpaceId, prefix: string, count: number): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise(resolve => {
    execFile(process.execPath, ['--import', 'tsx', writerScript, dataDir, space, prefix, String(count)], { timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('SqliteKnowledgeStore on disk', () => {
  let dataDir: string;
  const space = 'web:sqlite-files' as SpaceId;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-sqlite-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps documents, trees and units across close and reopen', async () => {
    const report = warehouseReport(space, { withVectors: true });
    const first = new SqliteKnowledgeStore({ dataDir });
    await first.commitDocument(report);
    await first.searchVector({ spaces: [space], vector: testEmbedding.embedOne('pallets'), k: 3 });
    await first.close();

    const reopened = new SqliteKnowledgeStore({ dataDir });
    expect((await reopened.listDocuments(space)).map(record => record.id)).toEqual([report.record.id]);
    expect(await reopened.getTree(space, report.record.id)).toEqual(report.tree);
    expect((await searchUnits(reopened, { spaces: [space], text: 'pallets per hour', k: 3 }))[0].unit.page).toBe(3);
    expect((await reopened.searchVector({ spaces: [space], vector: testEmbedding.embedOne('pallets handled per hour'), k: 3 }))[0].unit.page).toBe(3);
    await reopened.close();
  });

  it('sees commits made through another instance in its vector search', async () => {
    const reader = new SqliteKnowledgeStore({ dataDir });
    const writer = new SqliteKnowledgeStore({ dataDir });
    const query = { spaces: [space], vector: testEmbedding.embedOne('pallets handled per hour'), k: 5 };
    expect(await reader.searchVector(query)).toEqual([]);
    const report = warehouseReport(space, { withVectors: true });
    await writer.commitDocument(report);
    expect((await reader.searchVector(query))[0]?.unit.documentId).toBe(report.record.id);
    await writer.deleteDocument(space, report.record.id);
    expect(await reader.searchVector(query)).toEqual([]);
    await Promise.all([reader.close(), writer.close()]);
  });

  it('lets several processes write into one file at once without SQLITE_BUSY or lost writes', async () => {
    const store = new SqliteKnowledgeStore({ dataDir });
    const ownWrites = (async () => {
      for (let index = 0; index < 15; index += 1) {
        const document = makeDocument(space, `parent-${index}.pdf`, [{ title: `Parent ${index}`, page: 1, text: 'Parent memo about wombat.' }], {
          withVectors: true,
        });
        await store.commitDocument(document);
        await new Promise(resolve => setImmediate(resolve));
      }
    })();
    const children = await Promise.all([runWriter(dataDir, space, 'alpha', 40), runWriter(dataDir, space, 'beta', 40), ownWrites]);
    for (const child of children.slice(0, 2) as Array<{ exitCode: number; stdout: string; stderr: string }>) {
      expect(child.stderr).not.toMatch(/SQLITE_BUSY|locked/);
      expect(child.exitCode).toBe(0);
      expect(JSON.parse(child.stdout.trim())).toEqual({ written: 40 });
    }
    const records = await store.listDocuments(space);
    expect(records).toHaveLength(95);
    expect(records.every(record => record.status === 'ready')).toBe(true);
    expect(await searchUnits(store, { spaces: [space], text: 'wombat', k: 200 })).toHaveLength(95);
    expect(await store.searchVector({ spaces: [space], vector: testEmbedding.embedOne('wombat memo'), k: 200 })).toHaveLength(95);
    await store.close();
  });

  it('refuses a database written by a newer Folio instead of guessing', async () => {
    await new SqliteKnowledgeStore({ dataDir }).close();
    const database = new Database(join(dataDir, 'folio.sqlite'));
    const version = database.prepare('SELECT version FROM schema_version').pluck().get() as number;
    expect(version).toBeGreaterThanOrEqual(1);
    database.prepare('UPDATE schema_version SET version = ?').run(version + 1);
    database.close();
    expect(() => new SqliteKnowledgeStore({ dataDir })).toThrow(/newer than this Folio/);
  });

  it.each([
    ['an older data format', (database: Database.Database) => database.prepare('UPDATE schema_version SET version = version - 1').run(), /data format 7;/],
    [
      'data from before formats were numbered',
      (database: Database.Database) => database.exec('DROP TABLE schema_version'),
      /before data formats were numbered/,
    ],
  ])('refuses %s and names folio reindex, leaving the data as it was', async (_name, age, found) => {
    const first = new SqliteKnowledgeStore({ dataDir });
    await first.saveRecord({ ...harbourReport(testSpace('format')).record, status: 'ready' });
    await first.close();
    const database = new Database(join(dataDir, 'folio.sqlite'));
    age(database);
    database.close();
    let thrown: unknown;
    try {
      new SqliteKnowledgeStore({ dataDir });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'data_format_outdated' });
    expect((thrown as Error).message).toMatch(found);
    expect((thrown as Error).message).toContain('folio reindex');
    const kept = new Database(join(dataDir, 'folio.sqlite'), { readonly: true });
    expect(kept.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1);
    kept.close();
  });
});
