import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import { jsonLines, runFolio } from '../support/run-folio.ts';

describe('folio forget-space (CLI, end to end)', () => {
  let workDir: string;
  let environment: Record<string, string>;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-cli-forget-space-'));
    environment = { FOLIO_DATA_DIR: join(workDir, 'data'), FOLIO_OCR: 'off', WEAVIATE_URL: '' };
    await writeFile(join(workDir, 'memo.pdf'), await makeTestPdf([{ texts: [{ text: 'The canteen opens at eight.', x: 72, top: 100, size: 12 }] }]));
    expect((await runFolio(['ingest', join(workDir, 'memo.pdf'), '--space', 'team-a', '--json'], environment)).exitCode).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('refuses without --yes when it cannot ask, and forgets the space with --yes', async () => {
    const refused = await runFolio(['forget-space', 'team-a'], environment);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('Not forgetting team-a: add --yes to confirm (nothing was deleted).');
    expect(jsonLines((await runFolio(['docs', '--space', 'team-a', '--json'], environment)).stdout)).toHaveLength(1);

    const forgotten = await runFolio(['forget-space', 'team-a', '--yes', '--json'], environment);
    expect(forgotten.exitCode).toBe(0);
    expect(jsonLines(forgotten.stdout)).toEqual([{ space: 'web:team-a', forgotten: true, documents: 1, deletedFiles: 1, stillReading: [], leftovers: [] }]);
    expect(jsonLines((await runFolio(['docs', '--space', 'team-a', '--json'], environment)).stdout)).toEqual([]);
  }, 120_000);
});
