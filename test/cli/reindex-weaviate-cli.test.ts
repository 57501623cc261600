import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WeaviateRest } from '../../src/store/weaviate/weaviate-rest.ts';
import { startWeaviateProcess, weaviateAvailability, type WeaviateProcess } from '../support/faults/weaviate-process.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import { jsonLines, runFolio } from '../support/run-folio.ts';

/**
 * `folio reindex` on Weaviate, against a private weaviate-server (it deletes Folio's collections, which
 * the shared test server's other tests use): collections written before data formats were numbered are
 * refused by `folio serve`'s check and every command that reads them, and rebuilt with the same documents.
 */
const availability = weaviateAvailability();
if (availability.state === 'missing-in-ci') {
  describe('folio reindex on Weaviate', () => {
    it('has a weaviate-server binary to run', () => {
      throw new Error(availability.reason);
    });
  });
}
const weaviateBinary = availability.state === 'ready' ? availability.binary : undefined;

describe.skipIf(!weaviateBinary)('folio reindex on Weaviate (CLI, end to end)', () => {
  let weaviate: WeaviateProcess;
  let workDir: string;
  let environment: Record<string, string>;

  beforeAll(async () => {
    weaviate = await startWeaviateProcess(weaviateBinary!);
    workDir = await mkdtemp(join(tmpdir(), 'folio-cli-reindex-weaviate-'));
    environment = { FOLIO_DATA_DIR: join(workDir, 'data'), FOLIO_OCR: 'off', WEAVIATE_URL: weaviate.url, WEAVIATE_GRPC_PORT: String(weaviate.grpcPort) };
    await writeFile(join(workDir, 'memo.pdf'), await makeTestPdf([{ texts: [{ text: 'The canteen opens at eight.', x: 72, top: 100, size: 12 }] }]));
    expect((await runFolio(['ingest', join(workDir, 'memo.pdf'), '--space', 'team-a', '--json'], environment)).exitCode).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await weaviate?.dispose();
    await rm(workDir, { recursive: true, force: true });
  });

  it('refuses collections of an older data format naming folio reindex, then rebuilds them with the same documents', async () => {
    const [before] = jsonLines((await runFolio(['docs', '--space', 'team-a', '--json'], environment)).stdout) as Array<{ id: string; status: string }>;
    expect(before.status).toBe('ready');
    // As an older Folio created them: no data format in the collections' descriptions.
    const rest = new WeaviateRest({ url: weaviate.url });
    for (const name of ['FolioDocument', 'FolioUnit', 'FolioPage']) {
      const collection = await rest.request<Record<string, unknown>>('GET', `/v1/schema/${name}`);
      await rest.request('PUT', `/v1/schema/${name}`, { ...collection, description: 'Folio objects; one tenant per space' });
    }

    const refused = await runFolio(['docs', '--space', 'team-a'], environment);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/Weaviate collection Folio\w+ holds data format 1; this Folio reads data format \d+\. Run `folio reindex`/);

    const rebuilt = await runFolio(['reindex', '--json'], environment);
    expect(rebuilt.stderr).toContain(`Weaviate at ${weaviate.url} holds data format 1: reading 1 document again from its original.`);
    expect(JSON.parse(rebuilt.stdout)).toEqual({ status: 'rebuilt', documents: 1, ready: 1, failed: 0, alreadyDone: 0 });
    const [after] = jsonLines((await runFolio(['docs', '--space', 'team-a', '--json'], environment)).stdout) as Array<{ id: string; status: string }>;
    expect(after).toMatchObject({ id: before.id, status: 'ready' });
    const answer = jsonLines((await runFolio(['ask', 'When does the canteen open?', '--space', 'team-a', '--json'], environment)).stdout)[0] as {
      answer: string;
    };
    expect(answer.answer).toContain('eight');
  }, 240_000);

  it('reads every document again with --all when the collections are already of this format', async () => {
    const [before] = jsonLines((await runFolio(['docs', '--space', 'team-a', '--json'], environment)).stdout) as Array<{ id: string }>;
    expect(JSON.parse((await runFolio(['reindex', '--json'], environment)).stdout)).toMatchObject({ status: 'current' });
    const all = await runFolio(['reindex', '--all', '--json'], environment);
    expect(JSON.parse(all.stdout)).toEqual({ status: 'rebuilt', documents: 1, ready: 1, failed: 0, alreadyDone: 0 });
    expect(jsonLines((await runFolio(['docs', '--space', 'team-a', '--json'], environment)).stdout)).toMatchObject([{ id: before.id, status: 'ready' }]);
  }, 240_000);
});
