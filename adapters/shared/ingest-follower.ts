import { FolioError, type Folio, type IngestEvent, type IngestJobEvent, type IngestOutcome, type SpaceId } from '../../src/index.ts';
import type { ChatText } from '../../src/index.ts';
import { retryLine } from './ingest-messages.ts';

/** Progress of a followed job: an ingest event, or the words for a retry the queue scheduled. */
export type FollowedProgress = IngestEvent | { type: 'retrying'; line: ChatText };

/** A job someone follows: the document it makes, where, and its name (for messages). */
export interface FollowedJob {
  jobId: string;
  documentId: string;
  space: SpaceId;
  name: string;
}

interface Follower {
  onProgress: (event: FollowedProgress) => void;
  resolve: (outcome: IngestOutcome) => void;
  reject: (error: FolioError) => void;
  name: string;
}

export interface IngestFollowerOptions {
  /** One sentence on how people see later whether a document is ready (Slack "`/folio docs` shows…"). */
  statusHint: string;
}

/**
 * Follows queued ingest jobs through the app's event stream (this process's workers or, with Redis,
 * any worker), so the chat message that shared a file can show its progress and then its summary, and
 * a question asked with the file can wait for it. One per adapter; `stop` on shutdown.
 */
export class IngestFollower {
  private readonly followers = new Map<string, Set<Follower>>();
  private unsubscribe?: () => void;
  private stopped = false;

  constructor(
    private readonly app: Folio,
    private readonly options: IngestFollowerOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.unsubscribe ??= this.app.onIngestEvent(event => this.dispatch(event));
  }

  /**
   * Stops following (shutdown). The jobs themselves go on (the queue keeps them); whoever waited is told
   * the file is still being read instead of waiting for an event this process will no longer see.
   */
  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const followers of this.followers.values()) for (const follower of followers) follower.reject(this.stillReading(follower.name, 'restarting'));
  }

  /**
   * Resolves with the job's outcome, or rejects (queue_unavailable, retryable) when none came within
   * `timeoutMs` or the follower stopped. The record is read after subscribing, so a job another worker
   * finished before this call is not waited for forever.
   */
  async follow(job: FollowedJob, onProgress: Follower['onProgress'], options: { timeoutMs: number }): Promise<IngestOutcome> {
    if (this.stopped) throw this.stillReading(job.name, 'restarting');
    this.start();
    let follower!: Follower;
    let timer: NodeJS.Timeout | undefined;
    const finished = new Promise<IngestOutcome>((resolve, reject) => {
      follower = { onProgress, resolve, reject, name: job.name };
      timer = setTimeout(() => reject(this.stillReading(job.name, 'slow')), options.timeoutMs);
    });
    finished.catch(() => undefined); // not awaited when the record already shows the outcome
    const set = this.followers.get(job.jobId) ?? new Set<Follower>();
    set.add(follower);
    this.followers.set(job.jobId, set);
    try {
      const record = await this.app.findDocument(job.space, job.documentId).catch(() => undefined);
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

  /** Shown after "I could not read <name>: " — the file is not lost, only not finished yet. */
  private stillReading(name: string, reason: 'slow' | 'restarting'): FolioError {
    const why = reason === 'slow' ? 'it is taking longer than usual' : 'Folio is restarting';
    return new FolioError({
      code: 'queue_unavailable',
      message: `no outcome for ${name} (${reason})`,
      userMessage: `I have not finished it yet (${why}); it will be ready without you sharing it again. ${this.options.statusHint}`,
      retryable: true,
    });
  }
}
