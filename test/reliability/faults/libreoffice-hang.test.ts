import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolio } from '../../../src/folio.ts';
import type { Folio } from '../../../src/folio-api.ts';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger } from '../../../src/log.ts';
import { InProcessQueue } from '../../../src/queue/in-process-queue.ts';
import type { IngestJobEvent } from '../../../src/queue/types.ts';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';
import { SqliteStateStore } from '../../../src/state/sqlite-state-store.ts';
import { makeHandbookPdf } from '../../support/answer/make-handbook-pdf.ts';
import { reportFault } from '../../support/faults/fault-report.ts';
import { isProcessAlive, writeHangingSoffice } from '../../support/office/fake-soffice.ts';
import { writeReportDocx } from '../../support/office/make-office-documents.ts';

/**
 * LibreOffice hanging on a file, through the service's own path (submitDocument → queue → ingest): a
 * stand-in soffice that never finishes (and starts a child of its own). The job must fail with
 * conversion_timeout after FOLIO_CONVERT_TIMEOUT_S, on every attempt the queue makes, with the whole
 * process group killed each time; a PDF shared after it is read normally.
 */
describe('LibreOffice hanging', () => {
  let directory: string;
  let app: Folio;
  let pidFile: string;
  const events: IngestJobEvent[] = [];
  const space = parseSpaceId('web:office');

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'folio-faults-soffice-'));
    const hanging = await writeHangingSoffice(directory);
    pidFile = hanging.pidFile;
    const config = loadConfig({
      FOLIO_DATA_DIR: join(directory, 'data'),
      FOLIO_LOG_LEVEL: 'silent',
      FOLIO_OCR: 'off',
      FOLIO_PARSE_WORKERS: '1',
      FOLIO_SOFFICE_PATH: hanging.sofficePath,
      FOLIO_CONVERT_TIMEOUT_S: '1',
    });
    const log = silentLogger();
    const state = new SqliteStateStore({ dataDir: config.dataDir });
    // The production retry policy, with a short backoff: a timeout counts as transient, so it is tried again.
    const queue = new InProcessQueue({ state, log, retry: { attempts: 2, backoffMs: 300 } });
    app = createFolio(config, { log, state, queue });
    app.onIngestEvent(event => events.push(event));
    await app.startWorkers();
  });

  afterAll(async () => {
    await app?.close();
    await rm(directory, { recursive: true, force: true });
  });

  const finishedOf = (name: string) =>
    new Promise<Extract<IngestJobEvent, { type: 'finished' }>>(resolve => {
      const stop = app.onIngestEvent(event => {
        if (event.type === 'finished' && event.job.name === name) {
          stop();
          resolve(event);
        }
      });
    });

  /** The soffice stand-in's pid and its child's, as the last run wrote them. */
  const lastRunPids = async () => (await readFile(pidFile, 'utf8')).trim().split(/\s+/).map(Number);

  it('fails the job with conversion_timeout, kills the process group every time, and reads the next document', { timeout: 60_000 }, async () => {
    const docxPath = join(directory, 'minutes.docx');
    const pdfPath = join(directory, 'handbook.pdf');
    await writeReportDocx(docxPath);
    await writeFile(pdfPath, await makeHandbookPdf('a'));
    const docxFinished = finishedOf('minutes.docx');
    const pdfFinished = finishedOf('handbook.pdf');
    const started = Date.now();

    const docx = await app.submitDocument({ space, path: docxPath, name: 'minutes.docx', source: { platform: 'web' } });
    await app.submitDocument({ space, path: pdfPath, name: 'handbook.pdf', source: { platform: 'web' } });

    // First attempt: timed out, retried; nothing of that run is left.
    const retry = await waitFor(() => events.find(event => event.type === 'retrying' && event.job.name === 'minutes.docx'), 20_000);
    expect(retry).toMatchObject({ error: { code: 'conversion_timeout' } });
    const firstRun = await lastRunPids();
    expect(firstRun).toHaveLength(2);
    for (const pid of firstRun) expect(isProcessAlive(pid), `pid ${pid} of the first run`).toBe(false);

    const { outcome } = await docxFinished;
    const failedAfterMs = Date.now() - started;
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'conversion_timeout', message: expect.stringMatching(/minutes\.docx/) } });
    const secondRun = await lastRunPids();
    expect(secondRun).not.toEqual(firstRun);
    for (const pid of secondRun) expect(isProcessAlive(pid), `pid ${pid} of the second run`).toBe(false);
    // Two attempts of a 1 s timeout each, not a worker blocked for good.
    expect(failedAfterMs).toBeLessThan(15_000);

    const record = (await app.listDocuments(space)).find(candidate => candidate.id === docx.documentId);
    expect(record).toMatchObject({ status: 'failed', error: { code: 'conversion_timeout' } });

    // The document queued behind it is read normally.
    expect((await pdfFinished).outcome).toMatchObject({ status: 'ready', pages: 4 });
    const found = await app.search([space], 'paid vacation days');
    expect(found.pages[0]).toMatchObject({ documentName: 'handbook.pdf', page: 1 });

    reportFault({ fault: 'libreoffice-hang', failedAfterMs, attempts: 2, userMessage: outcome.error?.message, pdfReadyAfterMs: Date.now() - started });
  });
});

async function waitFor<T>(find: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`nothing matched within ${timeoutMs} ms`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}
