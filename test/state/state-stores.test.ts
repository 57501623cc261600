import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FolioError } from '../../src/errors.ts';
import { silentLogger } from '../../src/log.ts';
import { RedisStateStore } from '../../src/state/redis-state-store.ts';
import { SqliteStateStore } from '../../src/state/sqlite-state-store.ts';
import { redisForTests, uniqueRedisPrefix } from '../support/redis-server.ts';
import { describeStateStoreContract } from './state-store.contract.ts';

const redis = await redisForTests();
afterAll(async () => {
  if (redis.state === 'ready') await redis.stop();
});

describeStateStoreContract('SqliteStateStore', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-state-contract-'));
  return { connect: () => new SqliteStateStore({ dataDir }), cleanup: () => rm(dataDir, { recursive: true, force: true }) };
});

if (redis.state === 'missing-in-ci') {
  describe('RedisStateStore', () => {
    it('has a Redis to test against', () => {
      throw new Error(redis.reason);
    });
  });
} else {
  if (redis.state === 'skip') console.info(redis.reason);
  describeStateStoreContract(
    'RedisStateStore',
    async () => {
      if (redis.state !== 'ready') throw new Error('unreachable');
      const keyPrefix = `${uniqueRedisPrefix('state')}:`;
      const cleanupStore = new RedisStateStore({ redisUrl: redis.url, log: silentLogger(), keyPrefix });
      return {
        connect: () => new RedisStateStore({ redisUrl: redis.url, log: silentLogger(), keyPrefix }),
        // A shared Redis (CI) is never flushed: only this suite's keys go.
        cleanup: async () => {
          for (const { key } of await cleanupStore.list('')) await cleanupStore.delete(key);
          expect(await cleanupStore.list('')).toEqual([]);
          await cleanupStore.close();
        },
      };
    },
    { skip: redis.state === 'skip' ? redis.reason : undefined },
  );
}

describe('RedisStateStore without a server', () => {
  it('fails with a retryable store_unavailable error that names the Redis, not its password', async () => {
    const store = new RedisStateStore({ redisUrl: 'redis://:secret-password@127.0.0.1:1', log: silentLogger() });
    const started = Date.now();
    const failure = await store.get('anything').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FolioError);
    expect(failure).toMatchObject({ code: 'store_unavailable', retryable: true });
    expect((failure as FolioError).message).toContain('127.0.0.1:1');
    expect((failure as FolioError).message).not.toContain('secret-password');
    expect((failure as FolioError).userMessage).toMatch(/try again/);
    expect(Date.now() - started).toBeLessThan(10_000);
    await store.close();
  });
});
