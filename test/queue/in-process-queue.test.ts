import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { InProcessQueue, type InProcessQueueOptions } from '../../src/queue/in-process-queue.ts';
import type { IngestJob, IngestJobHandler } from '../../src/queue/types.ts';
import { SqliteStateStore } from '../../src/state/sqlite-state-store.ts';
import { failedIngest, makeJob, readyOutcome, recordEvents, sleep, transientError } from './support/fake-ingest.ts';

describe('InProcessQueue', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A data dir's state; `open` gives a queue on it, like one start of the server. */
  async function stateDir() {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-queue-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return dataDir;
  }
  function open(dataDir: string, options: Partial<InProcessQueueOptions> = {}) {
    const state = new SqliteStateStore({ dataDir });
    const queue = new InProcessQueue({ state, log: silentLogger(), retry: { attempts: 3, backoffMs: 20 }, ...options });
    cleanups.push(async () => {
      await queue.close();
      await state.close();
    });
    return { queue, state };
  }

  it('runs a job, forwards its progress, reports it finished and keeps it pending in the state until then', async () => {
    const { queue, state } = open(await stateDir());
    const events = recordEvents(queue);
    const job = makeJob('report.pdf');
    let pendingWhileRunning: unknown[] = [];
    await queue.work(
      async (running, report) => {
        pendingWhileRunning = await state.list('queue:pending:');
        report({ type: 'stage', stage: 'parsing' });
        report({ type: 'page', stage: 'parsing', page: 1, pageCount: 2 });
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    expect(await queue.enqueue(job)).toEqual({ added: true });
    const finished = await events.finished(job);
    expect(finished.outcome).toEqual(readyOutcome(job));
    expect(events.of(job).map(event => event.type)).toEqual(['progress', 'progress', 'finished']);
    expect(events.of(job)[1]).toMatchObject({ type: 'progress', event: { type: 'page', page: 1, pageCount: 2 } });
    expect(pendingWhileRunning).toEqual([{ key: `queue:pending:${job.id}`, value: job }]);
    expect(await state.list('queue:pending:')).toEqual([]);
    expect(await queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  });

  it('dedupes a job id while it is waiting or running, even for concurrent enqueues, and accepts it again once finished', async () => {
    const { queue } = open(await stateDir());
    const events = recordEvents(queue);
    const job = makeJob('twice.pdf');
    let release!: () => void;
    const released = new Promise<void>(resolve => (release = resolve));
    let runs = 0;
    const results = await Promise.all([queue.enqueue(job), queue.enqueue(job), queue.enqueue({ ...job })]);
    expect(results.filter(result => result.added)).toHaveLength(1);
    await queue.work(
      async running => {
        runs += 1;
        await released;
        return readyOutcome(running);
      },
      { concurrency: 2 },
    );
    expect(await queue.enqueue(job)).toEqual({ added: false }); // running now
    release();
    await events.finished(job);
    expect(runs).toBe(1);
    expect(await queue.enqueue(job)).toEqual({ added: true });
    await events.waitFor(event => event.type === 'finished' && events.of(job).filter(seen => seen.type === 'finished').length === 2);
    expect(runs).toBe(2);
  });

  it('runs at most `concurrency` jobs at once and all of them eventually', async () => {
    const { queue } = open(await stateDir());
    const events = recordEvents(queue);
    const jobs = ['a', 'b', 'c', 'd', 'e'].map(name => makeJob(`${name}.pdf`));
    let runningNow = 0;
    let mostAtOnce = 0;
    await queue.work(
      async job => {
        runningNow += 1;
        mostAtOnce = Math.max(mostAtOnce, runningNow);
        await sleep(30);
        runningNow -= 1;
        return readyOutcome(job);
      },
      { concurrency: 2 },
    );
    await Promise.all(jobs.map(job => queue.enqueue(job)));
    await Promise.all(jobs.map(job => events.finished(job)));
    expect(mostAtOnce).toBe(2);
  });

  it('retries a transient failure (a retryable failed outcome or a retryable throw) with exponential backoff', async () => {
    const { queue } = open(await stateDir());
    const events = recordEvents(queue);
    const job = makeJob('flaky.pdf');
    const runAt: number[] = [];
    await queue.work(
      async running => {
        runAt.push(Date.now());
        if (runAt.length === 1) return failedIngest(running, 'model_unavailable', true, 'The model is busy.');
        if (runAt.length === 2) throw transientError();
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    await queue.enqueue(job);
    const finished = await events.finished(job);
    expect(finished.outcome.status).toBe('ready');
    expect(events.of(job).filter(event => event.type === 'retrying')).toEqual([
      { type: 'retrying', job, attempt: 1, delayMs: 20, error: { code: 'model_unavailable', message: 'The model is busy.' } },
      { type: 'retrying', job, attempt: 2, delayMs: 40, error: { code: 'model_unavailable', message: 'The model is busy; retrying.' } },
    ]);
    expect(runAt[1] - runAt[0]).toBeGreaterThanOrEqual(19);
    expect(runAt[2] - runAt[1]).toBeGreaterThanOrEqual(39);
  });

  it('gives up after the last attempt and reports the failure', async () => {
    const { queue } = open(await stateDir());
    const events = recordEvents(queue);
    const job = makeJob('always-busy.pdf');
    let runs = 0;
    await queue.work(
      async running => {
        runs += 1;
        return failedIngest(running, 'model_quota', true, 'The model quota is used up.');
      },
      { concurrency: 1 },
    );
    await queue.enqueue(job);
    const finished = await events.finished(job);
    expect(runs).toBe(3);
    expect(finished.outcome).toMatchObject({ status: 'failed', error: { code: 'model_quota', message: 'The model quota is used up.' } });
    expect(await queue.counts()).toMatchObject({ failed: 1, delayed: 0 });
  });

  it('does not retry bad input, and turns an unexpected throw into a failed outcome with a user-facing message', async () => {
    const { queue } = open(await stateDir());
    const events = recordEvents(queue);
    const scan = makeJob('scan.pdf');
    const broken = makeJob('broken.pdf');
    const runs = new Map<string, number>();
    await queue.work(
      async job => {
        runs.set(job.name, (runs.get(job.name) ?? 0) + 1);
        if (job.name === 'scan.pdf') return failedIngest(job, 'pdf_unreadable', false, 'That PDF has no text.');
        throw new TypeError('cannot read properties of undefined');
      },
      { concurrency: 1 },
    );
    await queue.enqueue(scan);
    await queue.enqueue(broken);
    expect((await events.finished(scan)).outcome).toMatchObject({ status: 'failed', error: { code: 'pdf_unreadable', message: 'That PDF has no text.' } });
    const brokenOutcome = (await events.finished(broken)).outcome;
    expect(brokenOutcome).toMatchObject({ status: 'failed', documentId: broken.documentId, name: 'broken.pdf', error: { code: 'internal' } });
    expect(brokenOutcome.error?.message).toMatch(/try again/i);
    expect(brokenOutcome.error?.message).not.toContain('undefined');
    expect([...runs.values()]).toEqual([1, 1]);
    expect(events.events.some(event => event.type === 'retrying')).toBe(false);
  });

  it('resumes jobs queued before a restart from the state store', async () => {
    const dataDir = await stateDir();
    const first = open(dataDir);
    const job = makeJob('queued-before-restart.pdf');
    await first.queue.enqueue(job); // no worker yet: the process stops before working on it
    await first.queue.close();
    await first.state.close();

    const second = open(dataDir);
    const events = recordEvents(second.queue);
    const handled: IngestJob[] = [];
    await second.queue.work(
      async running => {
        handled.push(running);
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    await events.finished(job);
    expect(handled).toEqual([job]);
    expect(await second.state.list('queue:pending:')).toEqual([]);
  });

  it('close() lets a running job finish within the grace period, then refuses new jobs', async () => {
    const { queue } = open(await stateDir(), { shutdownGraceMs: 5_000 });
    const events = recordEvents(queue);
    const job = makeJob('finishing.pdf');
    let aborted = false;
    await queue.work(
      async (running, report, signal) => {
        report({ type: 'stage', stage: 'parsing' });
        await sleep(150);
        aborted = signal.aborted;
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    await queue.enqueue(job);
    await events.waitFor(event => event.type === 'progress');
    await queue.close();
    expect(events.of(job).at(-1)).toMatchObject({ type: 'finished', outcome: { status: 'ready' } });
    expect(aborted).toBe(false);
    await expect(queue.enqueue(makeJob('late.pdf'))).rejects.toMatchObject({ code: 'queue_unavailable', retryable: true });
  });

  it('close() aborts a job still running after the grace period, and the next start runs it again', async () => {
    const dataDir = await stateDir();
    const first = open(dataDir, { shutdownGraceMs: 50 });
    const events = recordEvents(first.queue);
    const job = makeJob('long.pdf');
    let sawAbort = false;
    const stuck: IngestJobHandler = async (running, report, signal) => {
      report({ type: 'stage', stage: 'parsing' });
      await new Promise(resolve => signal.addEventListener('abort', resolve));
      sawAbort = true;
      // What ingestFiles does with an abort: catch it and return a failed outcome.
      return failedIngest(running, 'internal', false);
    };
    await first.queue.work(stuck, { concurrency: 1 });
    await first.queue.enqueue(job);
    await events.waitFor(event => event.type === 'progress');
    const closeStarted = Date.now();
    await first.queue.close();
    expect(Date.now() - closeStarted).toBeLessThan(2_000);
    expect(sawAbort).toBe(true);
    expect(events.of(job).some(event => event.type === 'finished')).toBe(false);
    expect((await first.state.list('queue:pending:')).map(entry => entry.key)).toEqual([`queue:pending:${job.id}`]);
    await first.state.close();

    const second = open(dataDir);
    const resumed = recordEvents(second.queue);
    await second.queue.work(async running => readyOutcome(running), { concurrency: 1 });
    expect((await resumed.finished(job)).outcome.status).toBe('ready');
  });

  it('keeps a job that is waiting to retry at close() for the next start', async () => {
    const dataDir = await stateDir();
    const first = open(dataDir, { retry: { attempts: 3, backoffMs: 60_000 } });
    const events = recordEvents(first.queue);
    const job = makeJob('retry-later.pdf');
    await first.queue.work(async running => failedIngest(running, 'store_unavailable', true), { concurrency: 1 });
    await first.queue.enqueue(job);
    await events.waitFor(event => event.type === 'retrying');
    expect(await first.queue.counts()).toMatchObject({ delayed: 1 });
    await first.queue.close();
    await first.state.close();

    const second = open(dataDir);
    const resumed = recordEvents(second.queue);
    await second.queue.work(async running => readyOutcome(running), { concurrency: 1 });
    expect((await resumed.finished(job)).outcome.status).toBe('ready');
  });

  it('keeps working when a listener throws; other listeners still get every event', async () => {
    const { queue } = open(await stateDir());
    queue.subscribe(() => {
      throw new Error('a broken chat message updater');
    });
    const events = recordEvents(queue);
    const jobs = [makeJob('one.pdf'), makeJob('two.pdf')];
    await queue.work(
      async (job, report) => {
        report({ type: 'stage', stage: 'parsing' });
        return readyOutcome(job);
      },
      { concurrency: 1 },
    );
    for (const job of jobs) await queue.enqueue(job);
    await Promise.all(jobs.map(job => events.finished(job)));
    expect(events.events.map(event => `${event.type}:${event.job.name}`)).toEqual([
      'progress:one.pdf',
      'finished:one.pdf',
      'progress:two.pdf',
      'finished:two.pdf',
    ]);
  });

  it('reports a state store failure on enqueue and does not count the job as queued', async () => {
    const { queue, state } = open(await stateDir());
    const job = makeJob('unsaved.pdf');
    await state.close(); // the database is gone: set() throws
    await expect(queue.enqueue(job)).rejects.toThrow();
    expect(await queue.counts()).toMatchObject({ waiting: 0 });
    // The id was released: a second try fails the same way instead of claiming "already queued".
    await expect(queue.enqueue(job)).rejects.toThrow();
  });
});
