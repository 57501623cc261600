/**
 * How long a Redis connection (queue and state) waits before its next attempt to reach Redis again
 * (ioredis `retryStrategy`). The libraries' defaults grow to 5 s (ioredis) and 20 s (BullMQ), so after a
 * Redis restart uploads kept failing, workers sat idle and state reads waited up to that long while
 * /readyz already said ready; every 2 s at most is cheap and brings Folio back within moments of Redis.
 */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(250 * attempt, 2_000);
}
