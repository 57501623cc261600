/**
 * How often a job that failed for a transient reason (FolioError.retryable: a model's 429/5xx, a store
 * that was briefly down) runs again. Bad input never retries. The same policy for both queues, so a
 * document behaves the same with and without Redis.
 */
export interface RetryPolicy {
  /** Runs per job, the first one included. */
  attempts: number;
  /** Delay before the first retry; doubled for each further retry (5 s, 10 s, 20 s, ...). */
  backoffMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 4, backoffMs: 5_000 };

/**
 * The wait before run `failedAttempts + 1`. Matches BullMQ's built-in `exponential` backoff
 * (`2^(attemptsMade - 1) × delay`), so the delay announced in a `retrying` event is the real one.
 */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number {
  return Math.round(policy.backoffMs * 2 ** (failedAttempts - 1));
}
