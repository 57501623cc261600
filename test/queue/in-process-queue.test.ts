import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { InProcessQueue, type InProcessQueueOptions } from '../../src/queue/in-process-queue.ts';
import type { IngestJob, IngestJobHandler } from '../../src/queue/types.ts';
import { SqliteStateStore } from '../../src/state/sqlite-state-store.ts';
import { describeJobQueueContract } from '../contract/job-queue.contract.ts';
import { failedIngest, makeJob, readyOutcome, recordEvents } from './support/fake-ingest.ts';

describeJobQueueContract('in-process', async settings => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-queue-contract-'));
  const state = new SqliteStateStore({ dataDir });
  const queue = new InProcessQueue({ state, log: silentLogger(), ...settings });
  return {
    worker: queue,
    // One process: another producer is the same queue.
    producer: () => queue,
    watch: async () => ({ queue, events: recordEvents(queue) }),
    async close() {
      await queue.close();
      await state.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

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

  it('keeps a job pending in the state store from enqueue until it finished', async () => {
    const { queue, state } = open(await stateDir());
    const events = recordEvents(queue);
    const job = makeJob('report.pdf');
    let pendingWhileRunning: unknown[] = [];
    await queue.work(
      async running => {
        pendingWhileRunning = await state.list('queue:pending:');
        return readyOutcome(running);
      },
      { concurrency: 1 },
    );
    await queue.enqueue(job);
    await events.finished(job);
    expect(pendingWhileRunning).toEqual([{ key: `queue:pending:${job.id}`, value: job }]);
    expect(await state.list('queue:pending:')).toEqual([]);
  });

  it('adds a job once when the same id is enqueued several times at once', async () => {
    const { queue } = open(await stateDir());
    const job = makeJob('twice.pdf');
    const results = await Promise.all([queue.enqueue(job), queue.enqueue(job), queue.enqueue({ ...job })]);
    expect(results.filter(result => result.added)).toHaveLength(1);
    expect(await queue.counts()).toMatchObject({ waiting: 1 });
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
