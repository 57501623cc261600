import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Backoffs, type MinimalJob } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/log.ts';
import { fromBullmqJobId, toBullmqJobId } from '../../src/queue/bullmq-job-id.ts';
import { createJobQueue, modelCallLimiter } from '../../src/queue/create-job-queue.ts';
import { retryDelayMs } from '../../src/queue/retry-policy.ts';
import type { JobQueue } from '../../src/queue/types.ts';
import { createStateStore } from '../../src/state/create-state-store.ts';
import { redisUrlForLogs } from '../../src/state/redis-url-for-logs.ts';
import type { StateStore } from '../../src/state/types.ts';

describe('BullMQ job ids', () => {
  it('map space:sha256 ids to ids without ":" (which BullMQ rejects) and back, one to one', () => {
    const ids = ['slack:T1:C1:abc123', 'slack:T1:dm:U2:abc123', 'web:handbook:abc123', 'teams:tenant:19%3Ameeting:abc', 'web:50%:x'];
    const mapped = ids.map(toBullmqJobId);
    for (const [index, id] of ids.entries()) {
      expect(mapped[index]).not.toContain(':');
      expect(fromBullmqJobId(mapped[index])).toBe(id);
    }
    expect(new Set(mapped).size).toBe(ids.length);
    expect(toBullmqJobId('slack:T1:C1:abc123')).toBe(toBullmqJobId('slack:T1:C1:abc123'));
  });
});

describe('retry delays', () => {
  it("announce exactly the delay BullMQ's exponential backoff waits", async () => {
    for (const attemptsMade of [1, 2, 3, 4]) {
      const bullmq = await Backoffs.calculate({ type: 'exponential', delay: 5_000 }, attemptsMade, new Error('x'), {} as MinimalJob);
      expect(retryDelayMs({ attempts: 5, backoffMs: 5_000 }, attemptsMade)).toBe(bullmq);
    }
    expect([1, 2, 3].map(attempt => retryDelayMs({ attempts: 4, backoffMs: 5_000 }, attempt))).toEqual([5_000, 10_000, 20_000]);
  });
});

describe('redisUrlForLogs', () => {
  it('hides passwords and user names but keeps host, port and database', () => {
    expect(redisUrlForLogs('redis://:s3cret@cache.internal:6380/2')).toBe('redis://:***@cache.internal:6380/2');
    expect(redisUrlForLogs('rediss://folio:s3cret@cache.internal:6380')).toBe('rediss://***:***@cache.internal:6380');
    expect(redisUrlForLogs('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redisUrlForLogs('not a url')).not.toContain('not a url');
  });
});

describe('createJobQueue and createStateStore', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  async function build(environment: Record<string, string>): Promise<{ queue: JobQueue; state: StateStore }> {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-factories-'));
    closers.push(() => rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ FOLIO_DATA_DIR: dataDir, ...environment });
    const state = createStateStore(config, { log: silentLogger() });
    const queue = createJobQueue(config, { state, log: silentLogger() });
    closers.push(
      () => state.close(),
      () => queue.close(),
    );
    return { queue, state };
  }

  it('use the in-process queue and SQLite state without REDIS_URL', async () => {
    const { queue, state } = await build({});
    expect(queue.kind).toBe('in-process');
    expect(state.kind).toBe('sqlite');
  });

  it('use BullMQ and Redis state with REDIS_URL (nothing is contacted until used)', async () => {
    const { queue, state } = await build({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(queue.kind).toBe('bullmq');
    expect(state.kind).toBe('redis');
  });

  it('limit how fast jobs start only when a model provider is configured', () => {
    expect(modelCallLimiter(loadConfig({}).models)).toBeUndefined();
    expect(modelCallLimiter(loadConfig({ GEMINI_API_KEY: 'test-key', FOLIO_MODEL_CONCURRENCY: '6' }).models)).toEqual({ max: 6, durationMs: 10_000 });
  });
});
