import { asFolioError } from '../../src/errors.ts';
import type { Logger } from '../../src/log.ts';

/**
 * The words a Slack user reads when something failed: the FolioError's userMessage (plain, says what to
 * do next). The log gets the code and the internal message, never document text or vendor bodies.
 */
export function replyForError(error: unknown, log: Logger, context: Record<string, unknown> = {}): string {
  const folioError = asFolioError(error);
  const level = folioError.code === 'internal' ? 'error' : 'warn';
  log[level]({ ...context, code: folioError.code, retryable: folioError.retryable, err: folioError.code === 'internal' ? error : undefined }, folioError.message);
  if (folioError.code === 'internal') return 'Something went wrong on my side. Please try again in a minute.';
  return folioError.userMessage;
}
