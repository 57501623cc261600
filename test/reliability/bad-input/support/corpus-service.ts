import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createFolio, type FolioOverrides } from '../../../../src/folio.ts';
import type { Folio } from '../../../../src/folio-api.ts';
import { loadConfig } from '../../../../src/config.ts';
import { FolioError } from '../../../../src/errors.ts';
import { silentLogger } from '../../../../src/log.ts';
import { InProcessQueue } from '../../../../src/queue/in-process-queue.ts';
import type { IngestJobEvent } from '../../../../src/queue/types.ts';
import { parseSpaceId, type SpaceId } from '../../../../src/spaces/space-id.ts';
import { SqliteStateStore } from '../../../../src/state/sqlite-state-store.ts';
import { makeHandbookPdf } from '../../../support/answer/make-handbook-pdf.ts';
import type { HostileBytes } from '../../../support/hostile/hostile-files.ts';
import { answerOf } from '../../../support/answer/answer-of.ts';

/** What a user ends up with after sharing one file. */
export interface SubmitOutcome {
  /** Where it ended: refused by submitDocument (nothing stored), or after the ingest job. */
  stage: 'submit' | 'ingest';
  status: 'ready' | 'failed';
  code?: string;
  userMessage?: string;
  documentId?: string;
  pages?: number;
  /** `retrying` events seen before the job finished. */
  retries: number;
}

export interface CorpusService {
  app: Folio;
  dataDir: string;
  space: SpaceId;
  /** The good document ingested before any hostile one. */
  handbookId: string;
  /** Shares `bytes` as `name` through submitDocument and waits for the job to finish. */
  share(name: string, bytes: HostileBytes): Promise<SubmitOutcome>;
  /** Checks the good document is still listed, ready and answerable with its page. */
  expectSpaceIntact(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A Folio service as `folio serve` builds it (createFolio with its SQLite store and state, the
 * in-process queue and its workers, offline models, OCR as configured), in its own data dir, with the
 * 4-page handbook already ingested into the space the hostile files go to. `environment` adds FOLIO_*
 * settings; `retry` replaces the queue's retry policy (the real one waits 5 s, 10 s, 20 s); `overrides`
 * replaces ports (a scripted language model).
 */
export async function startCorpusService(
  options: { environment?: Record<string, string>; retry?: { attempts: number; backoffMs: number }; overrides?: FolioOverrides } = {},
): Promise<CorpusService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-bad-input-'));
  // Inputs live outside the data dir, as an adapter's downloads do.
  const inputDir = await mkdtemp(join(tmpdir(), 'folio-bad-input-files-'));
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', ...options.environment });
  const log = silentLogger();
  const state = new SqliteStateStore({ dataDir });
  const queue = options.retry ? new InProcessQueue({ state, log, retry: options.retry }) : undefined;
  const app = createFolio(config, { log, state, ...(queue ? { queue } : {}), ...options.overrides });
  await app.startWorkers();
  const space = parseSpaceId('reliability');

  const finished = new Map<string, Extract<IngestJobEvent, { type: 'finished' }>>();
  const retries = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  app.onIngestEvent(event => {
    if (event.type === 'retrying') retries.set(event.job.id, (retries.get(event.job.id) ?? 0) + 1);
    if (event.type !== 'finished') return;
    finished.set(event.job.id, event);
    waiters.get(event.job.id)?.();
  });
  const waitFor = (jobId: string) =>
    new Promise<Extract<IngestJobEvent, { type: 'finished' }>>(resolve => {
      const done = () => resolve(finished.get(jobId)!);
      if (finished.has(jobId)) done();
      else waiters.set(jobId, done);
    });

  let inputs = 0;
  const share = async (name: string, bytes: HostileBytes): Promise<SubmitOutcome> => {
    const path = join(inputDir, `input-${(inputs += 1)}`);
    await writeInput(path, bytes);
    try {
      const submitted = await app.submitDocument({ space, path, name, source: { platform: 'web' } });
      if (submitted.duplicate) return { stage: 'submit', status: 'ready', documentId: submitted.documentId, pages: submitted.record?.pageCount, retries: 0 };
      const { outcome } = await waitFor(submitted.jobId);
      return {
        stage: 'ingest',
        status: outcome.status,
        code: outcome.error?.code,
        userMessage: outcome.error?.message,
        documentId: submitted.documentId,
        pages: outcome.pages,
        retries: retries.get(submitted.jobId) ?? 0,
      };
    } catch (error) {
      if (!FolioError.isInstance(error)) throw error;
      return { stage: 'submit', status: 'failed', code: error.code, userMessage: error.userMessage, retries: 0 };
    } finally {
      await rm(path, { force: true });
    }
  };

  const handbook = await share('handbook.pdf', await makeHandbookPdf('a'));
  if (handbook.status !== 'ready') throw new Error(`the good document did not ingest: ${JSON.stringify(handbook)}`);

  return {
    app,
    dataDir,
    space,
    handbookId: handbook.documentId!,
    share,
    async expectSpaceIntact() {
      const records = await app.listDocuments(space);
      expect(records.find(record => record.id === handbook.documentId)).toMatchObject({ status: 'ready', pageCount: 4, name: 'handbook.pdf' });
      // Nothing is left half-way: every document is ready or failed, none stuck "parsing".
      expect(records.filter(record => record.status !== 'ready' && record.status !== 'failed')).toEqual([]);
      const answer = await answerOf(app.ask({ spaces: [space], question: 'How many days of paid vacation does an employee get?' }));
      expect(answer.answer).toContain('28 days of paid vacation');
      expect(answer.citations[0]).toMatchObject({ document: 'handbook.pdf', pages: [1] });
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(inputDir, { recursive: true, force: true });
    },
  };
}

/** Writes bytes, or a sparse file of the given size (only its head is written). */
async function writeInput(path: string, bytes: HostileBytes): Promise<void> {
  if (bytes instanceof Uint8Array) return writeFile(path, bytes);
  const handle = await open(path, 'w');
  try {
    await handle.write(bytes.head, 0, bytes.head.length, 0);
    await handle.truncate(bytes.sizeBytes);
  } finally {
    await handle.close();
  }
}
