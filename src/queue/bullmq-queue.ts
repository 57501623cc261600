import { hostname } from 'node:os';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job, type QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { FolioError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { redisUrlForLogs } from '../state/redis-url-for-logs.ts';
import { fromBullmqJobId, toBullmqJobId } from './bullmq-job-id.ts';
import { ingestJobOf, startBullmqEventReader, type FinishedJob, type StoredJob } from './bullmq-event-reader.ts';
import { failureOf, finalOutcome, runHandler } from './job-failure.ts';
import { JobEventListeners } from './job-event-listeners.ts';
import { queueClosed, queueUnavailable } from './queue-errors.ts';
import { reconnectDelayMs } from '../state/redis-reconnect.ts';
import { defaultRetryPolicy, retryDelayMs, type RetryPolicy } from './retry-policy.ts';
import type { IngestJob, IngestJobEvent, IngestJobHandler, JobQueue, QueueCounts } from './types.ts';
import { withTimeout } from './with-timeout.ts';

export interface BullmqQueueOptions {
  redisUrl: string;
  log: Logger;
  /** Every process of one deployment must use the same name and prefix. */
  queueName?: string;
  /** Redis key prefix; tests use one of their own so they can share a Redis. */
  prefix?: string;
  retry?: RetryPolicy;
  /** At most `max` jobs start per `durationMs`, across all workers (they call models: vision, embeddings). */
  limiter?: { max: number; durationMs: number };
  /**
   * A worker holds a job's lock for this long and renews it at half that. Parsing runs partly on the main
   * thread, and a long synchronous stretch delays renewal, so the default leaves plenty of room: a job is
   * only taken as stalled (its worker died) after it.
   */
  lockDurationMs?: number;
  /** How often workers look for jobs whose lock expired, and put them back in the queue. */
  stalledIntervalMs?: number;
  /** A job that stalls more often than this fails for good (it may be what kills its worker). */
  maxStalledCount?: number;
  /** How long close() lets running jobs finish before handing them back to the queue. */
  shutdownGraceMs?: number;
  /** Failed jobs are kept this long, for the failure report and for operators. */
  keepFailedSeconds?: number;
  /** Bound on enqueue(), ping() and the other calls that wait for Redis. */
  commandTimeoutMs?: number;
}

const jobName = 'ingest';
/** States in which a job is over; a new enqueue of its id replaces it. */
const finishedStates = new Set(['completed', 'failed', 'unknown']);

/**
 * JobQueue on BullMQ + Redis, for several processes: any process enqueues, `folio worker` processes run
 * the jobs, and every subscriber (in any process) sees every job's progress through BullMQ's event
 * stream (QueueEvents). Job ids are deterministic (`space:sha256`), so a file shared twice is one job.
 */
export class BullmqQueue implements JobQueue {
  readonly kind = 'bullmq';
  private readonly queue: Queue<StoredJob, FinishedJob>;
  /** For ping() and reading the event stream's position; connects on first use. */
  private readonly redis: Redis;
  private readonly listeners: JobEventListeners;
  private readonly retry: RetryPolicy;
  private readonly where: string;
  private readonly timeoutMs: number;
  private worker?: Worker<StoredJob, FinishedJob>;
  private queueEvents?: QueueEvents;
  private eventsStarting?: Promise<void>;
  private closing?: Promise<void>;
  private lastConnectionWarningAt = 0;

  constructor(private readonly options: BullmqQueueOptions) {
    this.listeners = new JobEventListeners(options.log);
    this.retry = options.retry ?? defaultRetryPolicy;
    this.where = redisUrlForLogs(options.redisUrl);
    this.timeoutMs = options.commandTimeoutMs ?? 5_000;
    this.queue = new Queue<StoredJob, FinishedJob>(this.name, {
      // Few retries per command: enqueue should fail with a clear message, not hang, when Redis is down.
      connection: { url: options.redisUrl, maxRetriesPerRequest: 2, retryStrategy: reconnectDelayMs },
      prefix: this.prefix,
      defaultJobOptions: {
        attempts: this.retry.attempts,
        backoff: { type: 'exponential', delay: this.retry.backoffMs },
        // A completed job must not block a later re-submit of the same file (after a forget, say).
        removeOnComplete: true,
        removeOnFail: { age: options.keepFailedSeconds ?? 7 * 24 * 3600, count: 1000 },
      },
    });
    this.queue.on('error', error => this.warnConnection(error));
    this.redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: reconnectDelayMs });
    this.redis.on('error', error => this.warnConnection(error));
  }

  private get name(): string {
    return this.options.queueName ?? 'ingest';
  }

  private get prefix(): string {
    return this.options.prefix ?? 'folio';
  }

  async enqueue(job: IngestJob): Promise<{ added: boolean }> {
    if (this.closing) throw queueClosed();
    const bullmqJobId = toBullmqJobId(job.id);
    try {
      return await withTimeout(this.addUnlessPending(bullmqJobId, job), this.timeoutMs, 'enqueue');
    } catch (error) {
      throw error instanceof FolioError ? error : queueUnavailable(this.where, error);
    }
  }

  /**
   * Two processes enqueueing the same new file at the same moment may both report `added: true`;
   * BullMQ still creates one job (an existing id is not added again), which is what matters.
   */
  private async addUnlessPending(bullmqJobId: string, job: IngestJob): Promise<{ added: boolean }> {
    const existing = await this.queue.getJob(bullmqJobId);
    if (existing) {
      if (!finishedStates.has(await existing.getState())) return { added: false };
      await existing.remove();
    }
    await this.queue.add(jobName, job, { jobId: bullmqJobId });
    return { added: true };
  }

  async work(handler: IngestJobHandler, options: { concurrency: number }): Promise<void> {
    if (this.closing) throw queueClosed();
    if (this.worker) throw new Error('BullmqQueue.work() was already called');
    const limiter = this.options.limiter;
    const worker = new Worker<StoredJob, FinishedJob>(this.name, (job, token, signal) => this.process(handler, job, token, signal), {
      connection: { url: this.options.redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelayMs },
      prefix: this.prefix,
      name: `${hostname()}:${process.pid}`,
      concurrency: Math.max(1, options.concurrency),
      limiter: limiter ? { max: limiter.max, duration: limiter.durationMs } : undefined,
      lockDuration: this.options.lockDurationMs ?? 120_000,
      stalledInterval: this.options.stalledIntervalMs ?? 60_000,
      maxStalledCount: this.options.maxStalledCount ?? 2,
    });
    worker.on('error', error => this.warnConnection(error));
    worker.on('stalled', jobId => this.options.log.warn({ jobId: fromBullmqJobId(jobId) }, 'an ingest job stalled (its worker stopped); it runs again'));
    this.worker = worker;
    try {
      await withTimeout(worker.waitUntilReady(), this.timeoutMs, 'starting the worker');
    } catch (error) {
      this.worker = undefined;
      await worker.close(true).catch(() => undefined);
      throw queueUnavailable(this.where, error);
    }
  }

  /**
   * One run of one job. A transient failure is thrown, so BullMQ retries it with backoff; bad input
   * throws UnrecoverableError, so it fails at once. A job interrupted by close() goes back to the queue.
   */
  private async process(
    handler: IngestJobHandler,
    bullmqJob: Job<StoredJob, FinishedJob>,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<FinishedJob> {
    const job = ingestJobOf(bullmqJob.data);
    const progress = this.progressPublisher(bullmqJob);
    const result = await runHandler(handler, job, event => progress.publish({ type: 'progress', job, event }), signal ?? new AbortController().signal);
    await progress.flush();
    const failure = failureOf(result);
    if (!failure) return { job, outcome: finalOutcome(job, result) };
    if (signal?.aborted) {
      // Shutting down: hand the job back so another worker (or the next start) runs it, without using up an attempt.
      await bullmqJob
        .moveToWait(token)
        .catch(error => this.options.log.warn({ err: error, jobId: job.id }, 'could not hand a job back; it runs again once its lock expires'));
      throw new WaitingError();
    }
    const attempt = bullmqJob.attemptsMade + 1;
    if (failure.retryable && attempt < (bullmqJob.opts.attempts ?? 1)) {
      const delayMs = retryDelayMs(this.retry, attempt);
      this.options.log.warn({ jobId: job.id, attempt, delayMs, code: failure.code }, 'ingest failed for a transient reason; retrying');
      await bullmqJob.updateProgress(asProgress({ type: 'retrying', job, attempt, delayMs, error: { code: failure.code, message: failure.message } }));
      throw new Error(`${failure.code}: ${failure.message}`);
    }
    // Failing for good: keep the user-facing reason with the job, for the 'failed' event in every process.
    await bullmqJob.updateData({ ...job, failure: { code: failure.code, message: failure.message } });
    throw failure.retryable ? new Error(`${failure.code}: ${failure.message}`) : new UnrecoverableError(`${failure.code}: ${failure.message}`);
  }

  /** Sends progress in order without making the (synchronous) report callback wait for Redis. */
  private progressPublisher(bullmqJob: Job<StoredJob, FinishedJob>) {
    let pending: Promise<void> = Promise.resolve();
    return {
      publish: (event: IngestJobEvent) => {
        pending = pending
          .then(() => bullmqJob.updateProgress(asProgress(event)))
          .catch(error => this.options.log.warn({ err: error, jobId: event.job.id }, 'could not publish ingest progress'));
      },
      flush: () => pending,
    };
  }

  subscribe(listener: (event: IngestJobEvent) => void): () => void {
    const unsubscribe = this.listeners.add(listener);
    void this.eventsReady().catch(error =>
      this.options.log.warn({ err: error }, 'could not start listening to ingest progress; will retry on the next subscribe'),
    );
    return unsubscribe;
  }

  /**
   * Resolves once progress events are being read. Events are read from the stream position of this
   * moment, so nothing published after it is missed (QueueEvents alone starts at "now" some time later).
   */
  eventsReady(): Promise<void> {
    this.eventsStarting ??= this.startEvents().catch(error => {
      this.eventsStarting = undefined;
      throw error;
    });
    return this.eventsStarting;
  }

  private async startEvents(): Promise<void> {
    if (this.closing) return;
    this.queueEvents = await startBullmqEventReader({
      redisUrl: this.options.redisUrl,
      queue: this.queue,
      redis: this.redis,
      listeners: this.listeners,
      log: this.options.log,
      timeoutMs: this.timeoutMs,
      onConnectionError: error => this.warnConnection(error),
    });
    // close() began while the reader was connecting: it waits for this promise, then closes the reader.
  }

  async counts(): Promise<QueueCounts> {
    const counts = await withTimeout(this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'), this.timeoutMs, 'counting jobs').catch(
      error => {
        throw queueUnavailable(this.where, error);
      },
    );
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  async ping(): Promise<void> {
    try {
      await withTimeout(this.redis.ping(), this.timeoutMs, 'PING');
    } catch (error) {
      throw queueUnavailable(this.where, error);
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const worker = this.worker;
    if (worker) {
      const graceMs = this.options.shutdownGraceMs ?? 30_000;
      const closed = worker.close().then(
        () => true,
        () => true,
      );
      if (!(await Promise.race([closed, delay(graceMs).then(() => false)]))) {
        this.options.log.warn({ graceMs }, 'ingest jobs still running at shutdown; handing them back to the queue');
        worker.cancelAllJobs('Folio is shutting down');
        // A handler that ignores its abort signal: stop waiting. Its lock expires and another worker takes the job.
        if (!(await Promise.race([closed, delay(graceMs).then(() => false)]))) {
          this.options.log.error('an ingest job ignored the shutdown signal; leaving it to stalled-job recovery');
          await worker.disconnect().catch(() => undefined);
        }
      }
    }
    // A reader still starting would otherwise be created after the close below, and never closed.
    await this.eventsStarting?.catch(() => undefined);
    await Promise.allSettled([this.queueEvents?.close(), this.queue.close()]);
    // A client that never connected (lazyConnect) has nothing to say goodbye to.
    if (this.redis.status === 'wait') this.redis.disconnect();
    else await withTimeout(this.redis.quit(), 1_000, 'QUIT').catch(() => this.redis.disconnect());
  }

  /** Redis being down produces an error per reconnect attempt: log the first, then one every 30 s. */
  private warnConnection(error: Error): void {
    const now = Date.now();
    if (now - this.lastConnectionWarningAt < 30_000) return;
    this.lastConnectionWarningAt = now;
    this.options.log.warn({ err: error, redis: this.where }, 'Redis (job queue) connection problem');
  }
}

function delay(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms).unref());
}

/** BullMQ types progress as JobProgress (number | object | ...); our events are plain JSON objects. */
function asProgress(event: IngestJobEvent): object {
  return event;
}
