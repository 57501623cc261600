import type { FolioApp } from '../../src/app.ts';
import { FolioError } from '../../src/errors.ts';
import type { IngestOutcome } from '../../src/ingest/ingest-files.ts';
import type { IngestEvent } from '../../src/ingest/types.ts';
import type { IngestJobEvent } from '../../src/queue/types.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { retryLine } from '../shared/ingest-messages.ts';

interface Waiter {
  onProgress: (event: IngestEvent | { type: 'retrying'; line: string }) => void;
  resolve: (outcome: IngestOutcome) => void;
}

/**
 * Follows queued ingest jobs through the app's event stream (this process's workers or, with Redis,
 * any worker) so the message that shared a file can show progress and the summary, and a question
 * asked with the file waits for it.
 */
export class IngestWaiter {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private unsubscribe?: () => void;

  constructor(private readonly app: FolioApp) {}

  start(): void {
    this.unsubscribe ??= this.app.onIngestEvent(event => this.dispatch(event));
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /**
   * Resolves with the job's outcome. The record is checked after subscribing, so a job that finished
   * before this call (a fast worker elsewhere) is not waited for forever.
   */
  async wait(
    job: { jobId: string; documentId: string; space: SpaceId; name: string },
    onProgress: Waiter['onProgress'],
    options: { timeoutMs: number },
  ): Promise<IngestOutcome> {
    this.start();
    let waiter!: Waiter;
    let timer: NodeJS.Timeout | undefined;
    const finished = new Promise<IngestOutcome>((resolve, reject) => {
      waiter = { onProgress, resolve };
      timer = setTimeout(() => reject(stillReading(job.name)), options.timeoutMs);
    });
    finished.catch(() => undefined); // not awaited when the record already shows the outcome
    const set = this.waiters.get(job.jobId) ?? new Set<Waiter>();
    set.add(waiter);
    this.waiters.set(job.jobId, set);
    try {
      const { record } = await this.app.getDocument(job.space, job.documentId).catch(() => ({ record: undefined }));
      if (record && (record.status === 'ready' || record.status === 'failed')) {
        return {
          documentId: record.id,
          name: record.name,
          pages: record.pageCount,
          status: record.status,
          duplicate: false,
          error: record.error,
          stats: record.stats,
        };
      }
      return await finished;
    } finally {
      clearTimeout(timer);
      set.delete(waiter);
      if (set.size === 0) this.waiters.delete(job.jobId);
    }
  }

  private dispatch(event: IngestJobEvent): void {
    const waiters = this.waiters.get(event.job.id);
    if (!waiters) return;
    for (const waiter of waiters) {
      if (event.type === 'finished') waiter.resolve(event.outcome);
      else if (event.type === 'progress') waiter.onProgress(event.event);
      else waiter.onProgress({ type: 'retrying', line: retryLine(event) });
    }
  }
}

function stillReading(name: string): FolioError {
  return new FolioError({
    code: 'queue_unavailable',
    message: `no outcome for ${name} in time`,
    userMessage: 'it is taking longer than usual, and I am still on it. `/folio docs` shows when it is ready.',
    retryable: true,
  });
}
