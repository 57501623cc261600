import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createFolio } from '../../src/folio.ts';
import { loadConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/log.ts';
import { BullmqQueue } from '../../src/queue/bullmq-queue.ts';
import { createJobQueue } from '../../src/queue/create-job-queue.ts';
import { createStateStore } from '../../src/state/create-state-store.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import { redisForTests } from '../support/redis-server.ts';
import { runFolio } from '../support/run-folio.ts';
import { recordEvents } from './support/fake-ingest.ts';

const redis = await redisForTests();
const directories: string[] = [];
afterAll(async () => {
  await Promise.all(directories.map(directory => rm(directory, { recursive: true, force: true })));
  if (redis.state === 'ready') await redis.stop();
});

async function dataDir(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'folio-worker-'));
  directories.push(directory);
  return directory;
}

describe('folio worker without Redis', () => {
  it('refuses to start and says why REDIS_URL is needed', async () => {
    const run = await runFolio(['worker'], { FOLIO_DATA_DIR: await dataDir(), REDIS_URL: '' });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('REDIS_URL');
    expect(run.stderr).toMatch(/folio serve/);
  });

  it('exits with a clear message when Redis cannot be reached', async () => {
    const run = await runFolio(['worker'], { FOLIO_DATA_DIR: await dataDir(), REDIS_URL: 'redis://:not-logged@127.0.0.1:1' });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('folio worker cannot start');
    expect(run.stderr).toContain('127.0.0.1:1');
    expect(run.stderr).not.toContain('not-logged');
  });
});

if (redis.state === 'missing-in-ci') {
  describe('folio worker', () => {
    it('has a Redis to test against', () => {
      throw new Error(redis.reason);
    });
  });
} else if (redis.state === 'skip') {
  console.info(redis.reason);
}
// The CLI uses the production queue name and key prefix, so a shared Redis (REDIS_URL) gets a
// database of its own; a server started for this file is private anyway.
const redisUrl = redis.state !== 'ready' ? '' : redis.origin === 'started' ? redis.url : withDatabase(redis.url, 13);

// Without a Redis (and CI unset) the test below is reported as skipped, with the reason.
describe.skipIf(redis.state !== 'ready')(`folio worker${redis.state === 'skip' ? ` (skipped: ${redis.reason})` : ''}`, () => {
  it('ingests a PDF submitted by another process, reports progress there, and stops cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    const directory = await dataDir();
    const environment = { FOLIO_DATA_DIR: directory, REDIS_URL: redisUrl };
    const worker = spawn(process.execPath, [fileURLToPath(new URL('../../bin/folio.js', import.meta.url)), 'worker'], {
      // Only this test's settings: a WEAVIATE_URL from CI would give the worker another store than this process.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...environment, FOLIO_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    worker.stderr.on('data', chunk => (stderr += chunk));
    const exited = new Promise<number | null>(resolve => worker.once('exit', code => resolve(code)));
    try {
      await vi.waitFor(() => expect(stderr, 'the worker to start').toContain('waiting for ingest jobs'), { timeout: 30_000, interval: 100 });

      // The API side: same config, its own process state, the same Redis queue.
      const config = loadConfig(environment);
      const log = silentLogger();
      const state = createStateStore(config, { log });
      const queue = createJobQueue(config, { state, log });
      expect(queue).toBeInstanceOf(BullmqQueue);
      const app = createFolio(config, { log, state, queue });
      try {
        const events = recordEvents(queue);
        await (queue as BullmqQueue).eventsReady();
        const token = `zephyrine${randomBytes(3).toString('hex')}`;
        const pdfPath = join(directory, 'handbook.pdf');
        await writeFile(
          pdfPath,
          await makeTestPdf([
            {
              texts: [
                { text: 'Travel handbook', x: 72, top: 72, size: 20, font: 'bold' },
                { text: 'Bookings go through the travel desk.', x: 72, top: 120, size: 11 },
              ],
            },
            {
              texts: [
                { text: 'Refunds', x: 72, top: 72, size: 16, font: 'bold' },
                { text: `Refunds are paid within 14 days, code ${token}.`, x: 72, top: 110, size: 11 },
              ],
            },
          ]),
        );
        const space = parseSpaceId('slack:T9:C9');
        const submitted = await app.submitDocument({ space, path: pdfPath, name: 'handbook.pdf', source: { platform: 'slack', fileId: 'F9' } });
        expect(submitted.duplicate).toBe(false);

        const finished = await events.waitFor(event => event.type === 'finished' && event.job.id === submitted.jobId, 60_000, 'the worker to finish the PDF');
        expect(finished).toMatchObject({ type: 'finished', outcome: { status: 'ready', pages: 2, documentId: submitted.documentId } });
        const stages = events.events.flatMap(event => (event.type === 'progress' && event.event.type === 'stage' ? [event.event.stage] : []));
        expect(stages).toEqual(expect.arrayContaining(['parsing', 'indexing', 'ready']));
        expect(events.events.some(event => event.type === 'progress' && event.event.type === 'page' && event.event.pageCount === 2)).toBe(true);

        const [record] = await app.listDocuments(space);
        expect(record).toMatchObject({ id: submitted.documentId, status: 'ready', pageCount: 2 });
        const found = await app.search([space], token);
        expect(found.pages[0]).toMatchObject({ documentName: 'handbook.pdf', page: 2 });
        // The worker logs the result too (its own copy of the event may arrive a moment after ours).
        await vi.waitFor(() => expect(stderr, 'the worker to log the result').toContain('document ready'), { timeout: 10_000, interval: 100 });
      } finally {
        await app.close();
      }

      const stopAskedAt = Date.now();
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - stopAskedAt).toBeLessThan(15_000);
      expect(stderr).toContain('Folio worker stopped.');
    } finally {
      if (worker.exitCode === null) worker.kill('SIGKILL');
    }
  });
});

function withDatabase(url: string, database: number): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
