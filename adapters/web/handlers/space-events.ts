import type { RequestHandler } from 'express';
import type { IngestJobEvent } from '../../../src/index.ts';
import { spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';

/**
 * `GET /v1/spaces/:space/events`: ingest progress of the space's documents as server-sent events
 * (`progress`, `retrying`, `finished`), for progress bars. Only this space's jobs are sent. Events
 * that happened before the client connected are not replayed: list the documents for their status.
 */
export function spaceEvents(context: WebContext): RequestHandler {
  return (request, response) => {
    const space = spaceParam(request);
    const stream = context.streams.open(response);
    const unsubscribe = context.folio.onIngestEvent(event => {
      if (event.job.space === space) stream.send(event.type, wireEvent(event));
    });
    stream.signal.addEventListener('abort', unsubscribe, { once: true });
  };
}

/** The data of each event: which document, then what happened (IngestEvent fields for `progress`). */
export function wireEvent(event: IngestJobEvent): Record<string, unknown> {
  const about = { documentId: event.job.documentId, jobId: event.job.id, name: event.job.name };
  switch (event.type) {
    case 'progress':
      return { ...about, ...event.event };
    case 'retrying':
      return { ...about, attempt: event.attempt, delayMs: event.delayMs, error: event.error };
    case 'finished': {
      const { outcome } = event;
      return { ...about, status: outcome.status, pages: outcome.pages, duplicate: outcome.duplicate, error: outcome.error, stats: outcome.stats };
    }
  }
}
