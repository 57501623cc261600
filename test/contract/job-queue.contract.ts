import { afterEach, describe, expect, it } from 'vitest';
import { FolioError } from '../../src/errors.ts';
import type { JobQueue } from '../../src/queue/types.ts';
import { failedIngest, makeJob, readyOutcome, type recordEvents, sleep } from '../queue/support/fake-ingest.ts';

/** How a suite's queues retry and shut down; the contract sets these, each queue takes them its own way. */
export interface QueueSettings {
  retry: { attempts: number; backoffMs: number };
  shutdownGraceMs: number;
}

/**
 * One deployment of a queue. `worker` works jobs; `producer()` is a queue of another process of the
 * same deployment (the same queue for an in-process one); `watch()` subscribes as another process
 * would and resolves once it hears every later event.
 */
export interface QueueDeployment {
  worker: JobQueue;
  producer(): JobQueue;
  watch(): Promise<{ queue: JobQueue; events: ReturnType<typeof recordEvents> }>;
  /** Closes what the deployment opened and removes what it stored. */
  close(): Promise<void>;
}

export interface JobQueueContractOptions {
  /** Skips the whole suite (e.g. no Redis), with the reason in the suite name. */
  skip?: string;
  timeoutMs?: number;
}

const defaults: QueueSettings = { retry: { attempts: 3, backoffMs: 100 }, shutdownGraceMs: 10_000 };

/**
 * The behaviour every JobQueue must have: jobs run with their progress seen by every subscriber,
 * deduplicated by id while waiting or running, at most `concurrency` at once, transient failures
 * retried with exponential backoff, bad input and unexpected throws failed at once with a message for
 * the person, and close() letting a running job finish.
 */
export function describeJobQueueContract(
  name: string,
  deploy: (settings: QueueSettings) => Promise<QueueDeployment>,
  options: JobQueueContractOptions = {},
): void {
  describe.skipIf(Boolean(options.skip))(
    `JobQueue contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`,
    { timeout: options.timeoutMs ?? 30_000 },
    () => {
      const deployments: QueueDeployment[] = [];
      afterEach(async () => {
        for (const deployment of deployments.splice(0).reverse()) await deployment.close();
      });
      async function deployment(settings: Partial<QueueSettings> = {}): Promise<QueueDeployment> {
        const opened = await deploy({ ...defaults, ...settings });
        deployments.push(opened);
        return opened;
      }

      it('runs a job and gives every subscriber its progress in order, then the outcome', async () => {
        const { worker, watch } = await deployment();
        const watcher = await watch();
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

      it('dedupes a job id while it waits or runs, and takes it again once it finished or failed', async () => {
        const { worker, producer, watch } = await deployment();
        const watcher = await watch();
        const job = makeJob('shared-twice.pdf');
        expect(await worker.enqueue(job)).toEqual({ added: true });
        expect(await producer().enqueue({ ...job, queuedAt: new Date().toISOString() })).toEqual({ added: false });
        expect(await worker.counts()).toMatchObject({ waiting: 1 });

        let release!: () => void;
        let released = new Promise<void>(resolve => (release = resolve));
        const runs: string[] = [];
        await worker.work(
          async (running, report) => {
            runs.push(running.name);
            report({ type: 'stage', stage: 'parsing' });
            await released;
            return running.name === 'bad.pdf' ? failedIngest(running, 'file_unsupported', false) : readyOutcome(running);
          },
          { concurrency: 1 },
        );
        await watcher.events.waitFor(event => event.type === 'progress' && event.job.id === job.id);
        expect(await producer().enqueue(job)).toEqual({ added: false }); // running
        release();
        await watcher.events.finished(job);
        expect(await producer().enqueue(job)).toEqual({ added: true }); // finished: shared again
        await watcher.events.waitFor(event => event.type === 'finished' && watcher.events.of(job).filter(seen => seen.type === 'finished').length === 2);
        expect(runs).toEqual(['shared-twice.pdf', 'shared-twice.pdf']);

        released = Promise.resolve();
        const bad = makeJob('bad.pdf');
        await worker.enqueue(bad);
        expect((await watcher.events.finished(bad)).outcome.status).toBe('failed');
        expect(await worker.enqueue(bad)).toEqual({ added: true }); // failed: may be shared again (after a fix)
        await watcher.events.waitFor(event => event.type === 'finished' && watcher.events.of(bad).filter(seen => seen.type === 'finished').length === 2);
      });

      it('runs at most `concurrency` jobs at once, and all of them', async () => {
        const { worker, watch } = await deployment();
        const watcher = await watch();
        const jobs = ['a', 'b', 'c', 'd', 'e'].map(name => makeJob(`${name}.pdf`));
        let runningNow = 0;
        let mostAtOnce = 0;
        await worker.work(
          async job => {
            runningNow += 1;
            mostAtOnce = Math.max(mostAtOnce, runningNow);
            await sleep(100);
            runningNow -= 1;
            return readyOutcome(job);
          },
          { concurrency: 2 },
        );
        await Promise.all(jobs.map(job => worker.enqueue(job)));
        await Promise.all(jobs.map(job => watcher.events.finished(job)));
        expect(mostAtOnce).toBe(2);
      });

      it('retries a transient failure, an outcome or a throw, with exponential backoff, announcing each retry', async () => {
        const { worker, watch } = await deployment({ retry: { attempts: 4, backoffMs: 50 } });
        const watcher = await watch();
        const job = makeJob('flaky.pdf');
        const runAt: number[] = [];
        await worker.work(
          async running => {
            runAt.push(Date.now());
            if (runAt.length === 2)
              throw new FolioError({ code: 'store_unavailable', message: 'ECONNRESET', userMessage: 'The store hiccuped.', retryable: true });
            if (runAt.length <= 3) return failedIngest(running, 'model_unavailable', true, 'The model is busy.');
            return readyOutcome(running);
          },
          { concurrency: 1 },
        );
        await worker.enqueue(job);
        expect((await watcher.events.finished(job)).outcome.status).toBe('ready');
        expect(watcher.events.of(job).filter(event => event.type === 'retrying')).toEqual([
          { type: 'retrying', job, attempt: 1, delayMs: 50, error: { code: 'model_unavailable', message: 'The model is busy.' } },
          { type: 'retrying', job, attempt: 2, delayMs: 100, error: { code: 'store_unavailable', message: 'The store hiccuped.' } },
          { type: 'retrying', job, attempt: 3, delayMs: 200, error: { code: 'model_unavailable', message: 'The model is busy.' } },
        ]);
        // Each run waits at least the delay announced before it.
        expect(runAt[1] - runAt[0]).toBeGreaterThanOrEqual(45);
        expect(runAt[2] - runAt[1]).toBeGreaterThanOrEqual(95);
        expect(runAt[3] - runAt[2]).toBeGreaterThanOrEqual(195);
      });

      it('fails bad input at once, an unexpected throw with a message for the person, and a transient failure after its last attempt', async () => {
        const { worker, watch } = await deployment({ retry: { attempts: 2, backoffMs: 50 } });
        const watcher = await watch();
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
        expect(crashed.error?.message).toMatch(/try again/i);
        expect(crashed.error?.message).not.toContain('index out of range');
        expect((await watcher.events.finished(busy)).outcome).toMatchObject({
          status: 'failed',
          error: { code: 'model_quota', message: 'The model quota is used up for today.' },
        });
        expect(Object.fromEntries(runs)).toEqual({ 'scan.pdf': 1, 'crash.pdf': 1, 'busy.pdf': 2 });
        expect(watcher.events.events.filter(event => event.type === 'retrying').map(event => event.job.name)).toEqual(['busy.pdf']);
        expect(await watcher.queue.counts()).toMatchObject({ failed: 3, waiting: 0, active: 0, delayed: 0 });
      });

      it('close() lets a running job finish within the grace period, then refuses new jobs', async () => {
        const { worker, watch } = await deployment();
        const watcher = await watch();
        const job = makeJob('almost-done.pdf');
        let aborted: boolean | undefined;
        await worker.work(
          async (running, report, signal) => {
            report({ type: 'stage', stage: 'parsing' });
            await sleep(300);
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
        await expect(worker.enqueue(makeJob('after-close.pdf'))).rejects.toMatchObject({ code: 'queue_unavailable', retryable: true });
      });
    },
  );
}
