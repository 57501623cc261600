import { FolioError } from '../errors.ts';

export function queueClosed(): FolioError {
  return new FolioError({
    code: 'queue_unavailable',
    message: 'the job queue is shutting down',
    userMessage: 'Folio is restarting; please share the file again in a minute.',
    retryable: true,
  });
}

/** `where` names the backend for operators (a Redis URL without its password). */
export function queueUnavailable(where: string, cause: unknown): FolioError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new FolioError({
    code: 'queue_unavailable',
    message: `the job queue (${where}) is not reachable: ${reason}`,
    userMessage: "Folio's job queue is not reachable right now, so the file was not queued. Please try again in a minute.",
    retryable: true,
    cause,
  });
}
