import { asFolioError, type Logger } from '../../src/index.ts';

/**
 * The words a chat user reads when something failed: the FolioError's userMessage (plain, says what to
 * do next). The log gets the code and the internal message, never document text or vendor bodies; only
 * an unexpected (internal) error is logged with its stack, and its details never reach the user.
 */
export function replyForError(error: unknown, log: Logger, context: Record<string, unknown> = {}): string {
  const folioError = asFolioError(error);
  const internal = folioError.code === 'internal';
  log[internal ? 'error' : 'warn'](
    { ...context, code: folioError.code, retryable: folioError.retryable, err: internal ? error : undefined },
    folioError.message,
  );
  return internal ? 'Something went wrong on my side. Please try again in a minute.' : folioError.userMessage;
}
