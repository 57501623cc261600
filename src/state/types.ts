/**
 * Small shared state that is not documents: space settings (team opt-in), answers kept for feedback,
 * feedback, chat-platform installations, delivery dedupe keys, pending in-process jobs. SQLite in the
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
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix`, in key order. */
  list<T>(prefix: string): Promise<Array<{ key: string; value: T }>>;
  close(): Promise<void>;
}
