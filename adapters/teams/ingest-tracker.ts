import type { FolioApp } from '../../src/app.ts';
import { FolioError } from '../../src/errors.ts';
import type { IngestOutcome } from '../../src/ingest/ingest-files.ts';
import type { IngestEvent } from '../../src/ingest/types.ts';
import type { IngestJobEvent } from '../../src/queue/types.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { retryLine } from '../shared/ingest-messages.ts';

export type TrackedProgress = IngestEvent | { type: 'retrying'; line: string };

interface Follower {
  onProgress: (event: TrackedProgress) => void;
  resolve: (outcome: IngestOutcome) => void;
  reject: (error: FolioError) => void;
  name: string;
}

/**
 * Follows queued ingest jobs through the app's event stream (this process's workers or, with Redis, any
 * worker), so the message that shared a file can show its progress and then its summary.
 */
export class IngestTracker {
  private readonly followers = new Map<string, Set<Follower>>();
  private unsubscribe?: () => void;

  constructor(private readonly app: FolioApp) {}

  start(): void {
    this.unsubscribe ??= this.app.onIngestEvent(event => this.dispatch(event));
  }

  /**
   * Stops following (shutdown). The jobs themselves go on (the queue keeps them); whoever waited is told
   * the file is still being read instead of waiting for an event this process will no longer see.
   */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const [, followers] of this.followers) for (const follower of followers) follower.reject(stillReading(follower.name, 'restarting'));
  }

  /**
   * Resolves with the job's outcome. The record is read after subscribing, so a job another worker
   * finished before this call is not waited for forever.
   */
  async follow(
    job: { jobId: string; documentId: string; space: SpaceId; name: string },
    onProgress: Follower['onProgress'],
    options: { timeoutMs: number },
  ): Promise<IngestOutcome> {
    let follower!: Follower;
    let timer: NodeJS.Timeout | undefined;
    const finished = new Promise<IngestOutcome>((resolve, reject) => {
      follower = { onProgress, resolve, reject, name: job.name };
      timer = setTimeout(() => reject(stillReading(job.name)), options.timeoutMs);
    });
    const set = this.followers.get(job.jobId) ?? new Set<Follower>();
    set.add(follower);
    this.followers.set(job.jobId, set);
    try {
      const record = await this.app.getDocument(job.space, job.documentId).then(
        found => found.record,
        () => undefined,
      );
      if (record && (record.status === 'ready' || record.status === 'failed')) {
        return { documentId: record.id, name: record.name, pages: record.pageCount, status: record.status, duplicate: false, error: record.error, stats: record.stats };
      }
      return await finished;
    } finally {
      clearTimeout(timer);
      set.delete(follower);
      if (set.size === 0) this.followers.delete(job.jobId);
    }
  }

  private dispatch(event: IngestJobEvent): void {
    for (const follower of this.followers.get(event.job.id) ?? []) {
      if (event.type === 'finished') follower.resolve(event.outcome);
      else if (event.type === 'progress') follower.onProgress(event.event);
      else follower.onProgress({ type: 'retrying', line: retryLine(event) });
    }
  }
}

function stillReading(name: string, reason: 'slow' | 'restarting' = 'slow'): FolioError {
  const why = reason === 'slow' ? 'is taking longer than usual' : 'is still being read while Folio restarts';
  return new FolioError({
    code: 'queue_unavailable',
    message: `no outcome for ${name} (${reason})`,
    userMessage: `**${name}** ${why}; it will be ready without you sharing it again. Ask me "docs" later to see when it is ready.`,
    retryable: true,
  });
}
