import { Redis } from 'ioredis';
import { FolioError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { reconnectDelayMs } from './redis-reconnect.ts';
import { redisUrlForLogs } from './redis-url-for-logs.ts';
import type { StateStore } from './types.ts';

export interface RedisStateStoreOptions {
  redisUrl: string;
  log: Logger;
  /** Namespace of every key in Redis (tests use their own, so they can share one Redis). */
  keyPrefix?: string;
}

/**
 * INCR, and PEXPIRE only when INCR created the key: one script, so no other command runs in between
 * (a MULTI with EXPIRE would extend the window on every increment; EXPIRE NX needs Redis 7).
 */
const incrementScript = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** MGET this many keys per round trip when listing. */
const listBatchSize = 500;

/**
 * The StateStore on Redis (REDIS_URL), so every API and worker process shares settings, answers kept
 * for feedback and delivery dedupe keys. Values are JSON strings; expiry is Redis's own (PX), so an
 * expired key is gone for every process at once.
 */
export class RedisStateStore implements StateStore {
  readonly kind = 'redis';
  private readonly redis: Redis;
  private readonly keyPrefix: string;
  private readonly where: string;
  private lastWarningAt = 0;

  constructor(options: RedisStateStoreOptions) {
    this.keyPrefix = options.keyPrefix ?? 'folio:state:';
    this.where = redisUrlForLogs(options.redisUrl);
    // Few retries per command: a request should get a clear error, not hang, while Redis is down.
    this.redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5_000, retryStrategy: reconnectDelayMs });
    this.redis.on('error', error => {
      // One error per reconnect attempt while Redis is down: log the first, then one every 30 s.
      if (Date.now() - this.lastWarningAt < 30_000) return;
      this.lastWarningAt = Date.now();
      options.log.warn({ err: error, redis: this.where }, 'Redis (state) connection problem');
    });
  }

  async get<T>(key: string): Promise<T | undefined> {
    const value = await this.call(() => this.redis.get(this.keyPrefix + key));
    return value === null ? undefined : (JSON.parse(value) as T);
  }

  async set(key: string, value: unknown, options: { ttlSeconds?: number } = {}): Promise<void> {
    const json = JSON.stringify(value);
    await this.call(() =>
      options.ttlSeconds === undefined
        ? this.redis.set(this.keyPrefix + key, json)
        : this.redis.set(this.keyPrefix + key, json, 'PX', ttlMs(options.ttlSeconds)),
    );
  }

  async claim(key: string, options: { ttlSeconds: number }): Promise<boolean> {
    // SET NX is atomic in Redis: of several processes claiming at once, exactly one gets "OK".
    const reply = await this.call(() => this.redis.set(this.keyPrefix + key, 'true', 'PX', ttlMs(options.ttlSeconds), 'NX'));
    return reply === 'OK';
  }

  async increment(key: string, options: { ttlSeconds: number }): Promise<number> {
    const count = await this.call(() => this.redis.eval(incrementScript, 1, this.keyPrefix + key, ttlMs(options.ttlSeconds)));
    return Number(count);
  }

  async delete(key: string): Promise<void> {
    await this.call(() => this.redis.del(this.keyPrefix + key));
  }

  async list<T>(prefix: string): Promise<Array<{ key: string; value: T }>> {
    const keys = await this.call(() => this.scanKeys(this.keyPrefix + prefix));
    // Byte order, like SQLite's BINARY collation, so both stores list in the same order.
    keys.sort((left, right) => Buffer.compare(Buffer.from(left), Buffer.from(right)));
    const entries: Array<{ key: string; value: T }> = [];
    for (let start = 0; start < keys.length; start += listBatchSize) {
      const batch = keys.slice(start, start + listBatchSize);
      const values = await this.call(() => this.redis.mget(...batch));
      batch.forEach((fullKey, index) => {
        const value = values[index];
        // null: expired or deleted between SCAN and MGET.
        if (value !== null) entries.push({ key: fullKey.slice(this.keyPrefix.length), value: JSON.parse(value) as T });
      });
    }
    return entries;
  }

  async close(): Promise<void> {
    if (this.redis.status === 'wait' || this.redis.status === 'end') {
      this.redis.disconnect();
      return;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private scanKeys(fullPrefix: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const keys = new Set<string>(); // SCAN may return a key more than once
      const stream = this.redis.scanStream({ match: `${escapeGlob(fullPrefix)}*`, count: 1000 });
      stream.on('data', (batch: string[]) => batch.forEach(key => keys.add(key)));
      stream.on('end', () => resolve([...keys]));
      stream.on('error', reject);
    });
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new FolioError({
        code: 'store_unavailable',
        message: `Redis state store (${this.where}) failed: ${error instanceof Error ? error.message : String(error)}`,
        userMessage: "Folio's settings store is not reachable right now. Please try again in a minute.",
        retryable: true,
        cause: error,
      });
    }
  }
}

/** Redis PX takes whole milliseconds, at least 1. */
function ttlMs(ttlSeconds: number): number {
  return Math.max(1, Math.round(ttlSeconds * 1000));
}

/** Space ids contain glob characters (`slack:T1:*` is a team space): MATCH must take them literally. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, character => `\\${character}`);
}
