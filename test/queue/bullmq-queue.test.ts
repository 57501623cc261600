import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FolioError } from '../../src/errors.ts';
import { silentLogger } from '../../src/log.ts';
import { toBullmqJobId } from '../../src/queue/bullmq-job-id.ts';
import { BullmqQueue, type BullmqQueueOptions } from '../../src/queue/bullmq-queue.ts';
import type { IngestJob } from '../../src/queue/types.ts';
import { deleteRedisKeys, redisForTests, uniqueRedisPrefix } from '../support/redis-server.ts';
import { failedIngest, makeJob, readyOutcome, recordEvents, sleep } from './support/fake-ingest.ts';

const redis = await redisForTests();
afterAll(async () => {
  if (redis.state === 'ready') await redis.stop();
});

describe('BullmqQueue without Redis', () => {
  it('fails ping and enqueue with a retryable queue_unavailable error that hides the password, and still closes', async () => {
    const queue = new BullmqQueue({ redisUrl: 'redis://:hunter2-secret@127.0.0.1:1', log: silentLogger(), commandTimeoutMs: 1_500 });
    const pingFailure = await queue.ping().catch((error: unknown) => error);
    expect(pingFailure).toBeInstanceOf(FolioError);
    expect(pingFailure).toMatchObject({ code: 'queue_unavailable', retryable: true });
    expect((pingFailure as FolioError).message).toContain('127.0.0.1:1');
    expect((pingFailure as FolioError).message).not.toContain('hunter2');
    await expect(queue.enqueue(makeJob('nowhere.pdf'))).rejects.toMatchObject({
      code: 'queue_unavailable',
      userMessage: expect.stringMatching(/not reachable/),
    });
    const closeStarted = Date.now();
    await queue.close();
    expect(Date.now() - closeStarted).toBeLessThan(5_000);
  });
});

if (redis.state === 'missing-in-ci') {
  describe('BullmqQueue', () => {
    it('has a Redis to test against', () => {
      throw new Error(redis.reason);
    });
  });
} else if (redis.state === 'skip') {
  console.info(redis.reason);
}
// Read only by hooks and tests, which do not run when the suite is skipped.
const redisUrl = redis.state === 'ready' ? redis.url : '';

// Without a Redis (and CI unset) every test below is reported as skipped, with the reason.
describe.skipIf(redis.state !== 'ready')(`BullmqQueue${redis.state === 'skip' ? ` (skipped: ${redis.reason})` : ''}`, { timeout: 30_000 }, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  const prefixes: string[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const prefix of prefixes.splice(0)) await deleteRedisKeys(redisUrl, prefix);
  });

  /** Queue instances on one prefix behave like processes of one deployment. */
  function deployment() {
    const prefix = uniqueRedisPrefix('bullmq');
    prefixes.push(prefix);
    return (options: Partial<BullmqQueueOptions> = {}) => {
      const queue = new BullmqQueue({ redisUrl, prefix, log: silentLogger(), retry: { attempts: 3, backoffMs: 100 }, ...options });
      cleanups.push(() => queue.close());
      return queue;
    };
  }

  /** Another process that only listens, like an API process updating a chat message. */
  async function observer(open: ReturnType<typeof deployment>) {
    const queue = open();
    const events = recordEvents(queue);
    await queue.eventsReady();
    return { queue, events };
  }

  it('works a job and delivers its progress and result to a subscriber in another process', async () => {
    const open = deployment();
    const worker = open();
    const watcher = await observer(open);
    const job = makeJob('report.pdf', 'slack:T1:dm:U7');
    await worker.work(
      async (running, report) => {
        report({ type: 'stage', stage: 'parsing' });
        report({ type: 'page', stage: 'parsing', page: 1, pageCount: 2 });
        report({ type: 'page', stage: 'parsing', page: 2, pageCount: 2 });
        report({ type: 'stage', stage: 'indexing' });
        return readyOutcome(running, 2);
      },
      { concurrency: 1 },
    );
    expect(await worker.enqueue(job)).toEqual({ added: true });
    const finished = await watcher.events.finished(job);
    expect(finished).toEqual({ type: 'finished', job, outcome: readyOutcome(job, 2) });
    expect(watcher.events.of(job)).toEqual([
      { type: 'progress', job, event: { type: 'stage', stage: 'parsing' } },
      { type: 'progress', job, event: { type: 'page', stage: 'parsing', page: 1, pageCount: 2 } },
      { type: 'progress', job, event: { type: 'page', stage: 'parsing', page: 2, pageCount: 2 } },
      { type: 'progress', job, event: { type: 'stage', stage: 'indexing' } },
      finished,
    ]);
    expect(await watcher.queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  });

  it('dedupes by id while a job waits or runs, and accepts the id again once it completed or failed', async () => {
    const open = deployment();
    const producer = open();
    const watcher = await observer(open);
    const job = makeJob('shared-twice.pdf');
    expect(await producer.enqueue(job)).toEqual({ added: true });
    expect(await open().enqueue({ ...job, queuedAt: new Date().toISOString() })).toEqual({ added: false });
    expect(await producer.counts()).toMatchObject({ waiting: 1 });

    let release!: () => void;
    let released = new Promise<void>(resolve => (release = resolve));
    const runs: string[] = [];
    await producer.work(
      async (running, report) => {
        runs.push(running.name);
        report({ type: 'stage', stage: 'parsing' });
        await released;
        return running.name === 'bad.pdf' ? failedIngest(running, 'file_unsupported', false) : readyOutcome(running);
      },
      { concurrency: 1 },
    );
    await watcher.events.waitFor(event => event.type === 'progress' && event.job.id === job.id);
    expect(await producer.enqueue(job)).toEqual({ added: false }); // active
    release();
    await watcher.events.finished(job);
    expect(await producer.enqueue(job)).toEqual({ added: true }); // completed: shared again
    await watcher.events.waitFor(event => event.type === 'finished' && watcher.events.of(job).filter(seen => seen.type === 'finished').length === 2);
    expect(runs).toEqual(['shared-twice.pdf', 'shared-twice.pdf']);

    released = Promise.resolve();
    const bad = makeJob('bad.pdf');
    await producer.enqueue(bad);
    expect((await watcher.events.finished(bad)).outcome.status).toBe('failed');
    expect(await producer.enqueue(bad)).toEqual({ added: true }); // failed: may be re-submitted (e.g. after a fix)
    await watcher.events.waitFor(event => event.type === 'finished' && watcher.events.of(bad).filter(seen => seen.type === 'finished').length === 2);
  });

  it('retries a transient failure with exponential backoff, announcing it to every process', async () => {
    const open = deployment();
    const worker = open();
    const watcher = await observer(open);
    const job = makeJob('flaky.pdf');
    const runAt: number[] = [];
    await worker.work(
      async running => {
        runAt.push(Date.now());
        if (runAt.length === 1) return failedIngest(running, 'model_unavailable', true, 'The model is busy.');
        if (runAt.length === 2) throw new FolioError({ code: 'store_unavailable', message: 'ECONNRESET', userMessage: 'The store hiccuped.', retryable: true });
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    await worker.enqueue(job);
    expect((await watcher.events.finished(job)).outcome.status).toBe('ready');
    expect(watcher.events.of(job).filter(event => event.type === 'retrying')).toEqual([
      { type: 'retrying', job, attempt: 1, delayMs: 100, error: { code: 'model_unavailable', message: 'The model is busy.' } },
      { type: 'retrying', job, attempt: 2, delayMs: 200, error: { code: 'store_unavailable', message: 'The store hiccuped.' } },
    ]);
    expect(runAt[1] - runAt[0]).toBeGreaterThanOrEqual(95);
    expect(runAt[2] - runAt[1]).toBeGreaterThanOrEqual(195);
  });

  it('fails bad input at once, and a job that keeps failing transiently after its last attempt, with the user-facing reason', async () => {
    const open = deployment();
    const worker = open({ retry: { attempts: 2, backoffMs: 50 } });
    const watcher = await observer(open);
    const scan = makeJob('scan.pdf');
    const crash = makeJob('crash.pdf');
    const busy = makeJob('busy.pdf');
    const runs = new Map<string, number>();
    await worker.work(
      async running => {
        runs.set(running.name, (runs.get(running.name) ?? 0) + 1);
        if (running.name === 'scan.pdf') return failedIngest(running, 'pdf_unreadable', false, 'That PDF is a scan without text.');
        if (running.name === 'crash.pdf') throw new RangeError('index out of range');
        return failedIngest(running, 'model_quota', true, 'The model quota is used up for today.');
      },
      { concurrency: 3 },
    );
    for (const job of [scan, crash, busy]) await worker.enqueue(job);
    expect((await watcher.events.finished(scan)).outcome).toMatchObject({
      status: 'failed',
      error: { code: 'pdf_unreadable', message: 'That PDF is a scan without text.' },
    });
    const crashed = (await watcher.events.finished(crash)).outcome;
    expect(crashed).toMatchObject({ status: 'failed', documentId: crash.documentId, name: 'crash.pdf', error: { code: 'internal' } });
    expect(crashed.error?.message).not.toContain('index out of range');
    expect((await watcher.events.finished(busy)).outcome).toMatchObject({
      status: 'failed',
      error: { code: 'model_quota', message: 'The model quota is used up for today.' },
    });
    expect(Object.fromEntries(runs)).toEqual({ 'scan.pdf': 1, 'crash.pdf': 1, 'busy.pdf': 2 });
    expect(watcher.events.events.filter(event => event.type === 'retrying').map(event => event.job.name)).toEqual(['busy.pdf']);
    expect(await watcher.queue.counts()).toMatchObject({ failed: 3, waiting: 0, active: 0, delayed: 0 });
  });

  it('close() lets a running job finish before it returns', async () => {
    const open = deployment();
    const worker = open({ shutdownGraceMs: 10_000 });
    const watcher = await observer(open);
    const job = makeJob('almost-done.pdf');
    let aborted: boolean | undefined;
    await worker.work(
      async (running, report, signal) => {
        report({ type: 'stage', stage: 'parsing' });
        await sleep(400);
        aborted = signal.aborted;
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    await worker.enqueue(job);
    await watcher.events.waitFor(event => event.type === 'progress' && event.job.id === job.id);
    await worker.close();
    expect(aborted).toBe(false);
    expect((await watcher.events.finished(job)).outcome.status).toBe('ready');
    await expect(worker.enqueue(makeJob('after-close.pdf'))).rejects.toMatchObject({ code: 'queue_unavailable' });
  });

  it('close() hands a job still running after the grace period back to the queue, where another worker finishes it', async () => {
    const open = deployment();
    const leaving = open({ shutdownGraceMs: 100 });
    const watcher = await observer(open);
    const job = makeJob('long-deck.pptx');
    let sawAbort = false;
    await leaving.work(
      async (running, report, signal) => {
        report({ type: 'stage', stage: 'converting' });
        await new Promise(resolve => signal.addEventListener('abort', resolve));
        sawAbort = true;
        return failedIngest(running, 'internal', false); // what ingestFiles makes of an abort
      },
      { concurrency: 1 },
    );
    await leaving.enqueue(job);
    await watcher.events.waitFor(event => event.type === 'progress' && event.job.id === job.id);
    await leaving.close();
    expect(sawAbort).toBe(true);
    expect(await watcher.queue.counts()).toMatchObject({ waiting: 1, active: 0, failed: 0 });
    expect(watcher.events.of(job).some(event => event.type === 'finished')).toBe(false);

    const handled: IngestJob[] = [];
    await open().work(
      async running => {
        handled.push(running);
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    expect((await watcher.events.finished(job)).outcome.status).toBe('ready');
    expect(handled).toEqual([job]);
  });

  it('recovers a job whose worker process died (stalled-job check) within a bounded time', { timeout: 25_000 }, async () => {
    const open = deployment();
    const watcher = await observer(open);
    const prefix = prefixes.at(-1)!;
    const child = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url)),
        fileURLToPath(new URL('./support/stalling-worker.ts', import.meta.url)),
        redisUrl,
        prefix,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let childOutput = '';
    child.stdout.on('data', chunk => (childOutput += chunk));
    child.stderr.on('data', chunk => (childOutput += chunk));
    const childExited = new Promise<void>(resolve => child.once('exit', () => resolve()));
    cleanups.push(async () => {
      child.kill('SIGKILL');
      await childExited;
    });

    const job = makeJob('kills-its-worker.pdf');
    await watcher.queue.enqueue(job);
    await watcher.events.waitFor(
      event => event.type === 'progress' && event.job.id === job.id,
      15_000,
      `the child worker to take the job (child said: ${childOutput})`,
    );
    child.kill('SIGKILL');
    await childExited;
    const killedAt = Date.now();

    const rescuer = open({ lockDurationMs: 1_000, stalledIntervalMs: 500 });
    const handled: string[] = [];
    await rescuer.work(
      async running => {
        handled.push(running.id);
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    expect((await watcher.events.finished(job, 15_000)).outcome.status).toBe('ready');
    expect(handled).toEqual([job.id]);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
  });

  it('stores jobs under an id BullMQ accepts, derived from space and sha256', async () => {
    const open = deployment();
    const producer = open();
    const job = makeJob('ids.pdf', 'slack:T1:C1');
    await producer.enqueue(job);
    expect(toBullmqJobId(job.id)).toBe(`slack%3AT1%3AC1%3A${job.sha256}`);
    expect(await producer.enqueue({ ...job })).toEqual({ added: false });
  });
});
