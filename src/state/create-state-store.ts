import type { Logger } from '../log.ts';
import { RedisStateStore } from './redis-state-store.ts';
import { SqliteStateStore } from './sqlite-state-store.ts';
import type { StateStore } from './types.ts';

/**
 * Redis when REDIS_URL is set (several processes then share settings and dedupe keys), else
 * `state.sqlite` in the data dir.
 */
export function createStateStore(config: { dataDir: string; queue: { redisUrl?: string } }, dependencies: { log: Logger }): StateStore {
  if (config.queue.redisUrl) return new RedisStateStore({ redisUrl: config.queue.redisUrl, log: dependencies.log.child({ component: 'state' }) });
  return new SqliteStateStore({ dataDir: config.dataDir });
}
