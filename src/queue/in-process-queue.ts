import type { Logger } from '../log.ts';
import type { StateStore } from '../state/types.ts';
import { failureOf, finalOutcome, runHandler } from './job-failure.ts';
import { JobEventListeners } from './job-event-listeners.ts';
import { queueClosed } from './queue-errors.ts';
import { defaultRetryPolicy, retryDelayMs, type RetryPolicy } from './retry-policy.ts';
import type { IngestJob, IngestJobHandler, JobQueue, QueueCounts } from './types.ts';

export interface InProcessQueueOptions {
  /** Pending jobs are written here, so a restart resumes them (see `work`). */
  state: StateStore;
  log: Logger;
  retry?: RetryPolicy;
  /** How long close() waits for running jobs before aborting them (they resume at the next start). */
  shutdownGraceMs?: number;
}

/** A job waiting for a free slot; `attempt` is the 1-based number of its next run. */
interface QueuedJob {
  job: IngestJob;
  attempt: number;
}

interface RunningJob {
  abort: AbortController;
  promise: Promise<void>;
}

const pendingPrefix = 'queue:pending:';

/**
 * The default JobQueue: jobs run in this process, `concurrency` at a time. Each queued job is also kept
 * in the StateStore until it finishes, so after a crash or restart `work()` picks up where it stopped
 * (the originals are already stored). Delivery is at least once: a job interrupted between its last
 * step and the clean-up runs again, which ingest recognises as the same bytes.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly listeners: JobEventListeners;
  private readonly retry: RetryPolicy;
  private readonly waiting: QueuedJob[] = [];
  /** Every job id that is waiting, running or waiting to retry: what enqueue dedupes against. */
  private readonly pendingIds = new Set<string>();
  private readonly running = new Map<string, RunningJob>();
  private readonly delayed = new Map<string, NodeJS.Timeout>();
  private failed = 0;
  private handler?: IngestJobHandler;
  private concurrency = 1;
  private closing?: Promise<void>;

  constructor(private readonly options: InProcessQueueOptions) {
    this.listeners = new JobEventListeners(options.log);
    this.retry = options.retry ?? defaultRetryPolicy;
  }

  async enqueue(job: IngestJob): Promise<{ added: boolean }> {
    if (this.closing) throw queueClosed();
    if (this.pendingIds.has(job.id)) return { added: false };
    // Claimed before the first await, so two concurrent enqueues of one file cannot both add it.
    this.pendingIds.add(job.id);
    try {
      await this.options.state.set(pendingPrefix + job.id, job);
    } catch (error) {
      this.pendingIds.delete(job.id);
      throw error;
    }
    this.waiting.push({ job, attempt: 1 });
    this.pump();
    return { added: true };
  }

  async work(handler: IngestJobHandler, options: { concurrency: number }): Promise<void> {
    if (this.closing) throw queueClosed();
    this.handler = handler;
    this.concurrency = Math.max(1, options.concurrency);
    // Jobs left by an earlier run with this state (crash, restart): run them again.
    for (const { value: job } of await this.options.state.list<IngestJob>(pendingPrefix)) {
      if (this.pendingIds.has(job.id)) continue;
      this.options.log.info({ jobId: job.id, name: job.name }, 'resuming an ingest job left by an earlier run');
      this.pendingIds.add(job.id);
      this.waiting.push({ job, attempt: 1 });
    }
    this.pump();
  }

  subscribe(listener: Parameters<JobQueue['subscribe']>[0]): () => void {
    return this.listeners.add(listener);
  }

  async counts(): Promise<QueueCounts> {
    return { waiting: this.waiting.length, active: this.running.size, delayed: this.delayed.size, failed: this.failed };
  }

  /** Nothing to reach: the queue lives in this process. */
  async ping(): Promise<void> {}

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    // Jobs waiting or waiting to retry stay in the StateStore; the next start resumes them.
    for (const timer of this.delayed.values()) clearTimeout(timer);
    this.delayed.clear();
    this.waiting.length = 0;
    const running = [...this.running.values()];
    if (running.length === 0) return;
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>(resolve => (graceTimer = setTimeout(resolve, this.options.shutdownGraceMs ?? 30_000)));
    await Promise.race([Promise.all(running.map(entry => entry.promise)), grace]);
    clearTimeout(graceTimer);
    // Still running after the grace period: abort; their pending entries stay, so the next start resumes them.
    for (const entry of running) entry.abort.abort(new Error('Folio is shutting down'));
    await Promise.allSettled(running.map(entry => entry.promise));
  }

  private pump(): void {
    if (!this.handler || this.closing) return;
    while (this.running.size < this.concurrency && this.waiting.length > 0) this.start(this.waiting.shift()!, this.handler);
  }

  private start(queued: QueuedJob, handler: IngestJobHandler): void {
    const entry: RunningJob = { abort: new AbortController(), promise: Promise.resolve() };
    entry.promise = this.run(queued, handler, entry)
      .catch(error => this.options.log.error({ err: error, jobId: queued.job.id }, 'the in-process queue failed to finish a job'))
      .finally(() => {
        this.release(queued.job.id, entry);
        this.pump();
      });
    this.running.set(queued.job.id, entry);
  }

  /** Only this run's entry: a listener may already have queued and started the same id again. */
  private release(jobId: string, entry: RunningJob): void {
    if (this.running.get(jobId) === entry) this.running.delete(jobId);
  }

  private async run({ job, attempt }: QueuedJob, handler: IngestJobHandler, entry: RunningJob): Promise<void> {
    const signal = entry.abort.signal;
    const result = await runHandler(handler, job, event => this.listeners.emit({ type: 'progress', job, event }), signal);
    const failure = failureOf(result);
    // Interrupted by close(): not finished, so it stays pending and the next start runs it again.
    if (failure && signal.aborted) return;
    if (failure?.retryable && attempt < this.retry.attempts && !this.closing) {
      const delayMs = retryDelayMs(this.retry, attempt);
      this.options.log.warn({ jobId: job.id, attempt, delayMs, code: failure.code }, 'ingest failed for a transient reason; retrying');
      const timer = setTimeout(() => {
        this.delayed.delete(job.id);
        this.waiting.push({ job, attempt: attempt + 1 });
        this.pump();
      }, delayMs);
      this.delayed.set(job.id, timer);
      this.release(job.id, entry);
      this.listeners.emit({ type: 'retrying', job, attempt, delayMs, error: { code: failure.code, message: failure.message } });
      return;
    }
    if (failure?.retryable && this.closing) return; // would have retried: the next start does
    const outcome = finalOutcome(job, result);
    if (outcome.status === 'failed') this.failed += 1;
    await this.options.state
      .delete(pendingPrefix + job.id)
      .catch(error => this.options.log.warn({ err: error, jobId: job.id }, 'could not clear a finished job; it will run again at the next start'));
    // Counts and dedupe already say "done" when listeners hear it.
    this.pendingIds.delete(job.id);
    this.release(job.id, entry);
    this.listeners.emit({ type: 'finished', job, outcome });
  }
}
