import type { DocumentSource } from '../documents/types.ts';
import type { IngestOutcome } from '../ingest/ingest-files.ts';
import type { PreparedDocument } from '../ingest/record-submission.ts';
import type { IngestEvent } from '../ingest/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';

/** One document to ingest. Its original is already stored (BlobStore, by sha256) when the job is queued. */
export interface IngestJob {
  /** `${space}:${sha256}`: the same file shared twice into one space is one job. */
  id: string;
  space: SpaceId;
  documentId: string;
  sha256: string;
  /** File name as shared (cleaned at submission). */
  name: string;
  source: DocumentSource;
  /** The type found at submission, so the worker does not detect it again (absent in jobs queued by older versions). */
  file?: PreparedDocument['file'];
  /** When it was queued (ISO 8601). */
  queuedAt: string;
}

/** Progress of a job, seen by every process that subscribes (the adapter that queued it updates its message). */
export type IngestJobEvent =
  | { type: 'progress'; job: IngestJob; event: IngestEvent }
  /** A transient failure; the job runs again after `delayMs`. */
  | { type: 'retrying'; job: IngestJob; attempt: number; delayMs: number; error: { code: string; message: string } }
  /** Finished, ready or failed for good (`outcome.status`). */
  | { type: 'finished'; job: IngestJob; outcome: IngestOutcome };

/** Does the work of one job; `report` forwards ingest progress to subscribers. */
export type IngestJobHandler = (job: IngestJob, report: (event: IngestEvent) => void, signal: AbortSignal) => Promise<IngestOutcome>;

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * Ingest jobs: in-process (default) or BullMQ on Redis. Jobs are deduplicated by id, transient
 * failures (FolioError.retryable) retried with exponential backoff, bad input fails at once.
 */
export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Queues a job unless one with the same id is waiting or running (`added: false`). */
  enqueue(job: IngestJob): Promise<{ added: boolean }>;
  /** Starts working on jobs in this process. */
  work(handler: IngestJobHandler, options: { concurrency: number }): Promise<void>;
  /** Every job's progress; returns the unsubscribe function. */
  subscribe(listener: (event: IngestJobEvent) => void): () => void;
  counts(): Promise<QueueCounts>;
  /** Throws (FolioError queue_unavailable) when the queue's backend cannot be reached. */
  ping(): Promise<void>;
  /** Graceful: stops taking jobs, lets running ones finish (or hands them back), then closes. */
  close(): Promise<void>;
}
