import { QueueEvents, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { IngestOutcome } from '../ingest/ingest-files.ts';
import type { Logger } from '../log.ts';
import { fromBullmqJobId } from './bullmq-job-id.ts';
import { failedOutcome, type JobFailure } from './job-failure.ts';
import type { JobEventListeners } from './job-event-listeners.ts';
import { reconnectDelayMs } from '../state/redis-reconnect.ts';
import type { IngestJob, IngestJobEvent } from './types.ts';
import { withTimeout } from './with-timeout.ts';

/** What a BullMQ job carries: the IngestJob (with its original id), plus why it failed once it has. */
export type StoredJob = IngestJob & { failure?: Pick<JobFailure, 'code' | 'message'> };

/** A completed job's return value: enough for every process to report `finished`. */
export interface FinishedJob {
  job: IngestJob;
  outcome: IngestOutcome;
}

export interface BullmqEventReaderOptions {
  redisUrl: string;
  queue: Queue<StoredJob, FinishedJob>;
  /** Reads the stream's current position. */
  redis: Redis;
  listeners: JobEventListeners;
  log: Logger;
  timeoutMs: number;
  onConnectionError(error: Error): void;
}

const stalledFailureMessage =
  'Folio stopped several times while reading this file, so it gave up. Please share it again; if that keeps failing, the file may be too large or too complex.';

/**
 * Turns BullMQ's event stream into IngestJobEvents for this process's listeners: workers publish
 * `progress` and `retrying` as job progress, a completed job returns its outcome, and a failed job
 * keeps its user-facing reason in its data. Reading starts at the stream position of this call, so
 * nothing published after it is missed (QueueEvents on its own starts at "now" a moment later).
 */
export async function startBullmqEventReader(options: BullmqEventReaderOptions): Promise<QueueEvents> {
  const { queue, listeners, log } = options;
  const last = await withTimeout(options.redis.xrevrange(queue.toKey('events'), '+', '-', 'COUNT', 1), options.timeoutMs, 'reading the event stream');
  const queueEvents = new QueueEvents(queue.name, {
    connection: { url: options.redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelayMs },
    prefix: queue.opts.prefix,
    autorun: false,
    lastEventId: last[0]?.[0] ?? '0-0',
  });
  queueEvents.on('error', error => options.onConnectionError(error));
  queueEvents.on('progress', ({ data }) => {
    if (isJobEvent(data)) listeners.emit(data);
  });
  queueEvents.on('completed', ({ returnvalue }) => {
    const finished = returnvalue as unknown as FinishedJob | undefined;
    if (finished?.job && finished.outcome) listeners.emit({ type: 'finished', job: finished.job, outcome: finished.outcome });
  });
  queueEvents.on('failed', ({ jobId, failedReason }) => void reportFailure(options, jobId, failedReason));
  queueEvents.on('retries-exhausted', ({ jobId, attemptsMade }) =>
    log.warn({ jobId: fromBullmqJobId(jobId), attemptsMade: Number(attemptsMade) }, 'an ingest job failed on every attempt'),
  );
  void queueEvents.run().catch(error => log.error({ err: error }, 'stopped reading ingest progress events'));
  try {
    await withTimeout(queueEvents.waitUntilReady(), options.timeoutMs, 'connecting the event reader');
  } catch (error) {
    await queueEvents.close().catch(() => undefined);
    throw error;
  }
  return queueEvents;
}

/** The IngestJob fields only, so the stored failure never travels in events. */
export function ingestJobOf(stored: StoredJob): IngestJob {
  return {
    id: stored.id,
    space: stored.space,
    documentId: stored.documentId,
    sha256: stored.sha256,
    name: stored.name,
    source: stored.source,
    queuedAt: stored.queuedAt,
    ...(stored.file ? { file: stored.file } : {}),
  };
}

/** The 'failed' event carries only the id: the job (kept for a while after failing) has the rest. */
async function reportFailure(options: BullmqEventReaderOptions, bullmqJobId: string, failedReason: string): Promise<void> {
  try {
    const stored = (await options.queue.getJob(bullmqJobId))?.data;
    if (!stored) {
      options.log.warn({ jobId: fromBullmqJobId(bullmqJobId), failedReason }, 'a failed ingest job was removed before its failure could be reported');
      return;
    }
    const job = ingestJobOf(stored);
    // No failure stored: BullMQ failed it itself (stalled too often), without our processor.
    const reason = stored.failure ?? { code: 'internal', message: stalledFailureMessage };
    options.listeners.emit({ type: 'finished', job, outcome: failedOutcome(job, reason) });
  } catch (error) {
    options.log.warn({ err: error, jobId: fromBullmqJobId(bullmqJobId) }, 'could not report a failed ingest job');
  }
}

function isJobEvent(data: unknown): data is IngestJobEvent {
  if (!data || typeof data !== 'object') return false;
  const event = data as { type?: unknown; job?: { id?: unknown } };
  return (event.type === 'progress' || event.type === 'retrying') && typeof event.job?.id === 'string';
}
