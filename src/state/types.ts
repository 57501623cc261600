/**
 * Small shared state that is not documents: space settings (team opt-in, answer visibility), answers kept for feedback,
 * feedback, chat-platform installations, delivery dedupe keys, question counters, pending in-process jobs. SQLite in the
 * data dir by default; Redis when REDIS_URL is set, so several processes share it. Values are JSON.
 */
export interface StateStore {
  readonly kind: 'sqlite' | 'redis';
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, options?: { ttlSeconds?: number }): Promise<void>;
  /**
   * Sets the key only when it is absent (or expired); true when this call set it. Used to handle a
   * delivery once however often the platform retries it.
   */
  claim(key: string, options: { ttlSeconds: number }): Promise<boolean>;
  /**
   * Adds 1 to the counter at `key` and returns the new count (1 for a key that was absent or expired).
   * Atomic across processes: of n concurrent calls, each gets a different count. The TTL is set when
   * the counter starts and is not extended by later increments, so a counter always ends `ttlSeconds`
   * after its first increment. Used to count questions per person per minute.
   */
  increment(key: string, options: { ttlSeconds: number }): Promise<number>;
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix`, in key order. */
  list<T>(prefix: string): Promise<Array<{ key: string; value: T }>>;
  close(): Promise<void>;
}
