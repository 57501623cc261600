import { describe, expect, it } from 'vitest';
import { formatLoadReport } from '../../bench/lib/load-report.ts';
import { runLoad, type LoadSettings } from '../../bench/lib/load-run.ts';
import type { LoadMode } from '../../bench/lib/load-service.ts';
import { redisForTests } from '../support/redis-server.ts';

// `npm run bench:load` with tiny numbers, so the bench cannot rot: the real `folio serve` (and in BullMQ
// mode two `folio worker` processes) under a burst of 3 questions, 2 uploads and 2 Slack mentions, then
// a 2-second soak. Only counts and errors are checked, never timings.

// The bench starts its own redis-server; this only decides whether BullMQ mode can run here.
const redis = await redisForTests({ ...process.env, REDIS_URL: '' });
if (redis.state === 'ready') await redis.stop();
const modes: LoadMode[] = redis.state === 'ready' ? ['in-process', 'bullmq'] : ['in-process'];

const settings: LoadSettings = {
  modes,
  questions: 3,
  sseShare: 0.34,
  ingests: 2,
  slackEvents: 2,
  preIngest: 1,
  soakSeconds: 2,
  soakConcurrency: 1,
  modelLatencyMs: [5, 15],
  modelConcurrency: 4,
  workers: 2,
  seed: 3,
  log: () => undefined,
};

describe('bench:load core', () => {
  if (redis.state === 'missing-in-ci') {
    it('has a Redis for the BullMQ mode', () => {
      throw new Error(redis.reason);
    });
  } else if (redis.state === 'skip') {
    console.info(`bench:load BullMQ mode not tested: ${redis.reason}`);
  }

  it(`runs ${modes.join(' and ')} with tiny numbers and reports every measurement without errors`, { timeout: 240_000 }, async () => {
    const results = await runLoad(settings);
    expect(results.map(result => result.mode)).toEqual(modes);
    for (const result of results) {
      const { burst, soak } = result;
      expect(result.processes.map(process => process.role)).toEqual(result.mode === 'bullmq' ? ['serve', 'worker', 'worker'] : ['serve']);
      expect([burst.ask.count, burst.askStreamingFirstText.count, burst.upload.count, burst.ingestToReady.count, burst.slackAck.count]).toEqual([
        3, 1, 2, 2, 2,
      ]);
      const errors = [burst.ask, burst.upload, burst.ingestToReady, burst.slackAck, soak.asks, soak.slackAck].flatMap(summary => summary.errorSamples);
      expect(errors, result.mode).toEqual([]);
      expect(burst.slackAnswered).toBe(2);
      expect(soak.asks.count).toBeGreaterThan(0);
      expect(soak.slackAck.count).toBeGreaterThan(0);
      for (const memory of [...burst.memory, ...soak.memory]) expect(memory.peakMb).toBeGreaterThan(10);
    }
    const report = formatLoadReport(settings, results);
    for (const text of ['p50 ms', 'p95 ms', 'p99 ms', 'burst: Slack ack', 'soak peak MB', ...modes]) expect(report).toContain(text);
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
  });
});
