import type { Config } from '../config.ts';
import type { ModelsConfig } from '../models/models-config.ts';
import type { Logger } from '../log.ts';
import type { StateStore } from '../state/types.ts';
import { BullmqQueue } from './bullmq-queue.ts';
import { InProcessQueue } from './in-process-queue.ts';
import type { JobQueue } from './types.ts';

/**
 * BullMQ on Redis when REDIS_URL is set (API processes enqueue, `folio worker` processes work), else
 * the in-process queue, which keeps its pending jobs in `state` to resume them after a restart.
 */
export function createJobQueue(config: Config, dependencies: { state: StateStore; log: Logger }): JobQueue {
  const log = dependencies.log.child({ component: 'queue' });
  if (!config.queue.redisUrl) return new InProcessQueue({ state: dependencies.state, log });
  return new BullmqQueue({ redisUrl: config.queue.redisUrl, log, limiter: modelCallLimiter(config.models) });
}

/**
 * With a model provider, every ingest job calls it (figure descriptions, embeddings) and each process
 * already caps its own calls at FOLIO_MODEL_CONCURRENCY. This caps the fleet: however many workers
 * run, at most FOLIO_MODEL_CONCURRENCY jobs start per 10 s, so a channel that shares 200 files at once
 * does not turn into a burst of 429s. Offline ingest calls no model and is not limited.
 */
export function modelCallLimiter(models: ModelsConfig): { max: number; durationMs: number } | undefined {
  if (models.provider === 'offline') return undefined;
  return { max: models.concurrency, durationMs: 10_000 };
}
