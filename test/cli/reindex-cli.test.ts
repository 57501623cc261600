import { readdir, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { reindexData } from '../../src/reindex-data.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import { jsonLines, runFolio } from '../support/run-folio.ts';

/** What a data dir of the Folio before data formats were introduced says it is: schema version 7. */
function ageDataDir(dataDir: string): void {
  const database = new Database(join(dataDir, 'folio.sqlite'));
  database.prepare('UPDATE schema_version SET version = 7').run();
  database.close();
}

describe('folio reindex (CLI, end to end)', () => {
  let workDir: string;
  let dataDir: string;
  let environment: Record<string, string>;
  let before: Array<{ id: string; name: string; status: string; pageCount: number }>;
  const question = 'When does the canteen open?';

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-cli-reindex-'));
    dataDir = join(workDir, 'data');
    environment = { FOLIO_DATA_DIR: dataDir, FOLIO_OCR: 'off', WEAVIATE_URL: '' };
    await writeFile(
      join(workDir, 'memo.pdf'),
      await makeTestPdf([
        { texts: [{ text: 'Staff notes.', x: 72, top: 100, size: 12 }] },
        { texts: [{ text: 'The canteen opens at eight.', x: 72, top: 100, size: 12 }] },
      ]),
    );
    await writeFile(join(workDir, 'parking.pdf'), await makeTestPdf([{ texts: [{ text: 'Visitors park on level two.', x: 72, top: 100, size: 12 }] }]));
    for (const [file, space] of [
      ['memo.pdf', 'team-a'],
      ['parking.pdf', 'team-b'],
    ]) {
      expect((await runFolio(['ingest', join(workDir, file), '--space', space, '--json'], environment)).exitCode).toBe(0);
    }
    before = [
      ...jsonLines((await runFolio(['docs', '--space', 'team-a', '--json'], environment)).stdout),
      ...jsonLines((await runFolio(['docs', '--space', 'team-b', '--json'], environment)).stdout),
    ] as typeof before;
    expect(before.map(record => record.status)).toEqual(['ready', 'ready']);
  }, 180_000);
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('refuses an older data dir naming folio reindex, then rebuilds it with the same documents', async () => {
    ageDataDir(dataDir);
    const refused = await runFolio(['docs', '--space', 'team-a'], environment);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/folio\.sqlite holds data format 7; this Folio reads data format \d+\. Run `folio reindex`/);

    const rebuilt = await runFolio(['reindex'], environment);
    expect(rebuilt.stderr).toContain('holds data format 7: reading 2 documents again from their originals.');
    expect(rebuilt.stdout.trim()).toBe('Rebuilt 2 documents: 2 ready, 0 could not be read.');
    expect(rebuilt.exitCode).toBe(0);
    expect(await readdir(dataDir)).not.toContain('reindex-plan.json');

    const after = [
      ...jsonLines((await runFolio(['docs', '--space', 'team-a', '--json'], environment)).stdout),
      ...jsonLines((await runFolio(['docs', '--space', 'team-b', '--json'], environment)).stdout),
    ] as typeof before;
    expect(after.map(({ id, name, status, pageCount }) => ({ id, name, status, pageCount }))).toEqual(
      before.map(({ id, name, status, pageCount }) => ({ id, name, status, pageCount })),
    );
    const answer = jsonLines((await runFolio(['ask', question, '--space', 'team-a', '--json'], environment)).stdout)[0] as {
      answer: string;
      citations: Array<{ documentId: string; pages: number[] }>;
    };
    expect(answer.answer).toContain('eight');
    expect(answer.citations[0]).toMatchObject({ documentId: before[0].id, pages: [2] });

    expect(JSON.parse((await runFolio(['reindex', '--json'], environment)).stdout)).toMatchObject({ status: 'current' });
  }, 240_000);

  it('loses nothing when it stops after removing the old data: the next run continues from its plan', async () => {
    ageDataDir(dataDir);
    const config = await loadConfig({ ...process.env, ...environment });
    await expect(
      reindexData(config, {
        open: () => {
          throw new Error('stopped right after the old data was removed');
        },
      }),
    ).rejects.toThrow('stopped right after');
    expect(await readdir(dataDir)).toContain('reindex-plan.json');

    const continued = await runFolio(['reindex', '--json'], environment);
    expect(continued.stderr).toContain('Continuing a reindex that stopped: 0 of 2 documents are back.');
    expect(JSON.parse(continued.stdout)).toEqual({ status: 'rebuilt', documents: 2, ready: 2, failed: 0, alreadyDone: 0 });
    expect(jsonLines((await runFolio(['docs', '--space', 'team-b', '--json'], environment)).stdout)).toMatchObject([{ name: 'parking.pdf', status: 'ready' }]);
  }, 240_000);

  it('reads every document again with --all, taking up what this Folio reads now, and keeps their ids', async () => {
    await writeFile(
      join(workDir, 'scan-0042.pdf'),
      await makeTestPdf([
        {
          texts: [
            { text: 'Bicycle Storage Guidelines', x: 72, top: 80, size: 28 },
            { text: 'Bicycles are kept in the shed behind building C.', x: 72, top: 160, size: 12 },
          ],
        },
      ]),
    );
    expect((await runFolio(['ingest', join(workDir, 'scan-0042.pdf'), '--space', 'team-b', '--json'], environment)).exitCode).toBe(0);
    // What a Folio before titles left: the same data format, a record without a title.
    const database = new Database(join(dataDir, 'folio.sqlite'));
    const row = database.prepare("SELECT id, record FROM documents WHERE name = 'scan-0042.pdf'").get() as { id: string; record: string };
    const { title, ...untitled } = JSON.parse(row.record) as { title?: string };
    expect(title).toBe('Bicycle Storage Guidelines');
    database.prepare('UPDATE documents SET record = ? WHERE id = ?').run(JSON.stringify(untitled), row.id);
    database.close();
    expect(JSON.parse((await runFolio(['reindex', '--json'], environment)).stdout)).toMatchObject({ status: 'current' });

    const all = await runFolio(['reindex', '--all', '--json'], environment);
    expect(all.exitCode).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual({ status: 'rebuilt', documents: 3, ready: 3, failed: 0, alreadyDone: 0 });
    const documents = jsonLines((await runFolio(['docs', '--space', 'team-b', '--json'], environment)).stdout) as Array<{
      id: string;
      name: string;
      title?: string;
    }>;
    expect(documents.find(document => document.name === 'scan-0042.pdf')).toMatchObject({ id: row.id, title: 'Bicycle Storage Guidelines' });
  }, 240_000);
});
