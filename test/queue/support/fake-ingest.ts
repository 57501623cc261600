import { randomBytes } from 'node:crypto';
import { FolioError, type FolioErrorCode } from '../../../src/errors.ts';
import type { IngestOutcome } from '../../../src/ingest/ingest-files.ts';
import type { IngestJob, IngestJobEvent, JobQueue } from '../../../src/queue/types.ts';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';

/** A job for a made-up file; ids look like the real ones (`space:sha256`, with ':' inside the space). */
export function makeJob(name: string, space = 'slack:T1:C1'): IngestJob {
  const sha256 = randomBytes(32).toString('hex');
  const spaceId = parseSpaceId(space);
  return {
    id: `${spaceId}:${sha256}`,
    space: spaceId,
    documentId: `doc-${sha256.slice(0, 12)}`,
    sha256,
    name,
    source: { platform: 'slack', fileId: 'F1' },
    queuedAt: new Date().toISOString(),
  };
}

export function readyOutcome(job: IngestJob, pages = 2): IngestOutcome {
  return { documentId: job.documentId, name: job.name, pages, status: 'ready', duplicate: false };
}

/** What ingestFiles returns when it caught an error (it never throws for a bad file). */
export function failedIngest(job: IngestJob, code: FolioErrorCode, retryable: boolean, message = `user-facing text for ${code}`): IngestOutcome {
  return { documentId: job.documentId, name: job.name, pages: 0, status: 'failed', duplicate: false, error: { code, message, retryable } };
}

export function transientError(): FolioError {
  return new FolioError({ code: 'model_unavailable', message: 'HTTP 503 from the model', userMessage: 'The model is busy; retrying.', retryable: true });
}

export const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Everything a queue's subscribers see, with a way to wait for a particular event. */
export function recordEvents(queue: JobQueue) {
  const events: IngestJobEvent[] = [];
  const waiters: Array<{ matches: (event: IngestJobEvent) => boolean; resolve: (event: IngestJobEvent) => void }> = [];
  const unsubscribe = queue.subscribe(event => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.matches(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  return {
    events,
    unsubscribe,
    /** Resolves with the first matching event, past or future; rejects after `timeoutMs`. */
    waitFor(matches: (event: IngestJobEvent) => boolean, timeoutMs = 10_000, what = 'an event'): Promise<IngestJobEvent> {
      const seen = events.find(matches);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; saw: ${events.map(describeEvent).join(', ') || 'nothing'}`)),
          timeoutMs,
        );
        waiters.push({
          matches,
          resolve: event => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
    finished(job: IngestJob, timeoutMs?: number) {
      return this.waitFor(event => event.type === 'finished' && event.job.id === job.id, timeoutMs, `${job.name} to finish`) as Promise<
        Extract<IngestJobEvent, { type: 'finished' }>
      >;
    },
    of(job: IngestJob) {
      return events.filter(event => event.job.id === job.id);
    },
  };
}

function describeEvent(event: IngestJobEvent): string {
  if (event.type === 'progress') return `progress(${event.job.name}:${event.event.type === 'stage' ? event.event.stage : event.event.type})`;
  return `${event.type}(${event.job.name})`;
}
