import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeHandbookPdf } from '../../test/support/answer/make-handbook-pdf.ts';
import { createFolio, loadConfig, parseSpaceId, type Folio } from '../../src/index.ts';
import { plainChatText } from '../../src/index.ts';
import { IngestFollower, type FollowedProgress } from './ingest-follower.ts';
import { submitSharedFile } from './submit-shared-file.ts';

const space = parseSpaceId('slack:T1:C1');

describe('following a shared file through the queue', () => {
  let dataDir: string;
  let app: Folio;
  let follower: IngestFollower;
  let handbook: Uint8Array;

  beforeEach(async () => {
    // Made once: pdf-lib stamps the creation time, so two calls may give different bytes.
    handbook ??= await makeHandbookPdf('a');
    dataDir = await mkdtemp(join(tmpdir(), 'folio-follower-'));
    app = createFolio(loadConfig({ FOLIO_DATA_DIR: join(dataDir, 'data'), FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off', FOLIO_PARSE_WORKERS: '1' }));
    follower = new IngestFollower(app, { statusHint: '`/folio docs` shows when it is ready.' });
  });
  afterEach(async () => {
    follower.stop();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function downloaded(): Promise<{ path: string; bytes: number; remove: () => Promise<void>; removed: () => boolean }> {
    const path = join(dataDir, `download-${Math.random()}.pdf`);
    await writeFile(path, handbook);
    let removed = false;
    return { path, bytes: handbook.length, remove: async () => void (removed = true), removed: () => removed };
  }

  it('shows each stage, ends with the outcome, and answers the same bytes again at once as a duplicate', async () => {
    await app.startWorkers();
    const lines: string[] = [];
    const file = await downloaded();
    const submitted: string[] = [];
    const outcome = await submitSharedFile(
      { app, follower },
      { space, name: 'handbook.pdf', source: { platform: 'slack' }, downloaded: file },
      {
        timeoutMs: 30_000,
        onProgress: line => lines.push(plainChatText(line)),
        onSubmitted: async document => void submitted.push(document.documentId),
      },
    );
    expect(outcome).toMatchObject({ name: 'handbook.pdf', status: 'ready', pages: 4, duplicate: false });
    expect(file.removed()).toBe(true);
    expect(submitted).toEqual([outcome.documentId]);
    expect(lines[0]).toBe('Queued handbook.pdf; I will start reading it shortly.');
    expect(lines).toContain('Indexing handbook.pdf so it can be searched…');

    const again = await submitSharedFile(
      { app, follower },
      { space, name: 'handbook.pdf', source: { platform: 'slack' }, downloaded: await downloaded() },
      { timeoutMs: 1_000, onProgress: () => undefined },
    );
    expect(again).toMatchObject({ documentId: outcome.documentId, status: 'ready', duplicate: true });
  });

  it('says the file is still being read when no outcome comes in time, or when the follower stops', async () => {
    // No workers: the job stays queued.
    const { jobId, documentId } = await app.submitDocument({ space, path: (await downloaded()).path, name: 'slow.pdf', source: { platform: 'slack' } });
    const progress: FollowedProgress[] = [];
    const slow = follower.follow({ jobId, documentId, space, name: 'slow.pdf' }, event => progress.push(event), { timeoutMs: 50 });
    await expect(slow).rejects.toMatchObject({
      code: 'queue_unavailable',
      retryable: true,
      userMessage:
        'I have not finished it yet (it is taking longer than usual); it will be ready without you sharing it again. `/folio docs` shows when it is ready.',
    });
    const waiting = follower.follow({ jobId, documentId, space, name: 'slow.pdf' }, () => undefined, { timeoutMs: 60_000 });
    follower.stop();
    await expect(waiting).rejects.toMatchObject({ userMessage: expect.stringContaining('(Folio is restarting)') });
    await expect(follower.follow({ jobId, documentId, space, name: 'slow.pdf' }, () => undefined, { timeoutMs: 60_000 })).rejects.toMatchObject({
      code: 'queue_unavailable',
    });
    expect(progress).toEqual([]);
  });
});
