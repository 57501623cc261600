import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { reportFault } from '../../support/faults/fault-report.ts';
import { startFolioServe, type FolioServeProcess } from '../../support/faults/folio-serve-process.ts';
import { watchVisibility } from '../../support/faults/visibility-watch.ts';
import { makeLongPdf } from '../../support/parallel/make-long-pdf.ts';
import { filesForm, readServerSentEvents } from '../../web/support/web-test-server.ts';

/**
 * `folio serve` (SQLite, in-process queue) is SIGKILLed while it parses a long PDF, then started again
 * on the same data dir. The job must resume from the stored original and finish, leave exactly one
 * document, and at no moment may search show part of the document (the commit is one transaction).
 */
const pageCount = 600;
const running: FolioServeProcess[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const serve of running) {
    if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill('SIGKILL');
    await serve.exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a Folio process killed mid-ingest', () => {
  it('resumes the job after a restart, with no duplicate and never a half-indexed document in search', { timeout: 150_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-faults-killed-'));
    const environment = { FOLIO_DATA_DIR: dataDir, FOLIO_OCR: 'off', FOLIO_PARSE_WORKERS: '1' };
    let serve = await startFolioServe(environment);
    running.push(serve);
    let baseUrl: string | undefined = serve.baseUrl;
    const watch = watchVisibility({
      baseUrl: () => baseUrl,
      space: 'long',
      documentName: 'long-report.pdf',
      firstPageQuery: 'Section number 1 body text of page 1',
      lastPageQuery: `Section number ${pageCount}`,
      lastPage: pageCount,
    });

    try {
      const progress = await fetch(`${serve.baseUrl}/v1/spaces/long/events`);
      const midParse = readServerSentEvents(
        progress,
        event => event.event === 'progress' && (event.data as { type: string; page?: number }).type === 'page' && (event.data as { page: number }).page >= 60,
      );
      const upload = await fetch(`${serve.baseUrl}/v1/spaces/long/documents`, {
        method: 'POST',
        body: filesForm([{ name: 'long-report.pdf', bytes: await makeLongPdf({ pageCount }) }]),
      });
      expect(upload.status).toBe(202);
      const [submitted] = ((await upload.json()) as { documents: Array<{ documentId: string; jobId: string }> }).documents;
      await midParse;

      serve.child.kill('SIGKILL');
      const killedAt = Date.now();
      baseUrl = undefined;
      expect((await serve.exited).signal).toBe('SIGKILL');

      // What the crash left: a consistent database, the original stored by sha256, the document not ready.
      const sha256 = submitted.jobId.split(':').at(-1)!;
      expect(existsSync(join(dataDir, 'files', sha256))).toBe(true);
      const database = new Database(join(dataDir, 'folio.sqlite'), { readonly: true });
      try {
        expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(database.prepare('SELECT status FROM documents WHERE id = ?').pluck().get(submitted.documentId)).toBe('parsing');
        expect(database.prepare('SELECT count(*) FROM units WHERE document_id = ?').pluck().get(submitted.documentId)).toBe(0);
      } finally {
        database.close();
      }

      serve = await startFolioServe(environment);
      running.push(serve);
      baseUrl = serve.baseUrl;
      const restartedAt = Date.now();

      let document: { status: string; pageCount: number } | undefined;
      for (;;) {
        const listing = (await (await fetch(`${serve.baseUrl}/v1/spaces/long/documents`)).json()) as {
          documents: Array<{ id: string; name: string; status: string; pageCount: number }>;
        };
        // Exactly one document throughout: the resumed job is the same job, not a second copy.
        expect(listing.documents.map(entry => entry.id)).toEqual([submitted.documentId]);
        document = listing.documents[0];
        if (document.status === 'ready' || document.status === 'failed') break;
        if (Date.now() - restartedAt > 90_000) throw new Error(`the resumed job did not finish in 90 s (status ${document.status})`);
        await new Promise(resolve => setTimeout(resolve, 250));
      }
      const readySeenAt = Date.now();
      const resumedReadyMs = readySeenAt - restartedAt;
      expect(document).toMatchObject({ status: 'ready', pageCount });
      expect(serve.stderr()).not.toMatch(/unhandled|uncaught/i);

      const last = (await (
        await fetch(`${serve.baseUrl}/v1/spaces/long/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ question: `Section number ${pageCount}`, k: 3 }),
        })
      ).json()) as any;
      expect(last.pages[0]).toMatchObject({ document: 'long-report.pdf', page: pageCount });
      // One original, no temporary copies left over from the interrupted run.
      expect((await readdir(join(dataDir, 'files'))).filter(name => !name.startsWith('.'))).toEqual([sha256]);

      // An observation that straddles the commit can pair searches from before it with a listing from
      // after it; the final state is judged by one that began once the document was ready.
      await watch.observedAfter(readySeenAt);
      await watch.stop();
      const { observations } = watch;
      const beforeKill = observations.filter(observation => observation.at < killedAt);
      const afterRestart = observations.filter(observation => observation.at >= restartedAt);
      expect(beforeKill.length).toBeGreaterThan(0);
      expect(afterRestart.length).toBeGreaterThan(1);
      // Before the kill and while the resumed job ran: nothing, or everything; never part of it.
      for (const observation of observations) {
        if (!observation.anyVisible) continue;
        expect(observation, 'a partly visible document').toMatchObject({ lastPageVisible: true, status: 'ready' });
      }
      expect(beforeKill.every(observation => !observation.anyVisible)).toBe(true);
      expect(observations.filter(observation => observation.startedAt > readySeenAt).at(-1)).toMatchObject({
        anyVisible: true,
        lastPageVisible: true,
        status: 'ready',
      });

      reportFault({ fault: 'killed-mid-ingest', pageCount, resumedReadyMs, observations: observations.length, partlyVisible: 0 });
    } finally {
      await watch.stop();
    }
  });
});
