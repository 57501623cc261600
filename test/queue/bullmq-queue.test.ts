import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FolioError } from '../../src/errors.ts';
import { silentLogger } from '../../src/log.ts';
import { toBullmqJobId } from '../../src/queue/bullmq-job-id.ts';
import { BullmqQueue, type BullmqQueueOptions } from '../../src/queue/bullmq-queue.ts';
import type { IngestJob } from '../../src/queue/types.ts';
import { deleteRedisKeys, redisForTests, uniqueRedisPrefix } from '../support/redis-server.ts';
import { describeJobQueueContract } from '../contract/job-queue.contract.ts';
import { failedIngest, makeJob, readyOutcome, recordEvents } from './support/fake-ingest.ts';

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

describeJobQueueContract(
  'bullmq',
  async settings => {
    const prefix = uniqueRedisPrefix('bullmq-contract');
    const queues: BullmqQueue[] = [];
    const open = () => {
      const queue = new BullmqQueue({ redisUrl, prefix, log: silentLogger(), ...settings });
      queues.push(queue);
      return queue;
    };
    return {
      worker: open(),
      producer: open,
      async watch() {
        const queue = open();
        const events = recordEvents(queue);
        await queue.eventsReady();
        return { queue, events };
      },
      async close() {
        for (const queue of queues.reverse()) await queue.close();
        await deleteRedisKeys(redisUrl, prefix);
      },
    };
  },
  { skip: redis.state === 'ready' ? undefined : redis.reason },
);

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
