import type { Worker } from 'node:worker_threads';
import { PageWorkerPool, type PoolReadOptions } from './page-worker-pool.ts';

export type { WorkerPageResult } from './page-worker-pool.ts';

export interface ReadPagesInWorkersOptions extends PoolReadOptions {
  /** Threads that read: with `readHere`, this one plus `workerCount - 1` workers; without, `workerCount` workers. */
  workerCount: number;
  /** Starts one worker; tests pass their own to watch the workers' lifetimes. */
  startWorker?: () => Worker;
}

/**
 * Reads one PDF with worker threads started for it alone (see PageWorkerPool for how pages are handed
 * out and committed), and ends every worker before this returns or throws, whatever happened (error,
 * abort). For many documents in a row, a PageWorkerPool that lives across them saves the start-up.
 */
export async function readPagesInWorkers(data: Uint8Array, options: ReadPagesInWorkersOptions): Promise<void> {
  options.signal?.throwIfAborted();
  const threadsHere = options.readHere ? 1 : 0;
  const size = Math.max(1 - threadsHere, Math.min(options.workerCount - threadsHere, options.pageCount - threadsHere));
  const pool = new PageWorkerPool({ size, startWorker: options.startWorker });
  try {
    await pool.read(data, options);
  } finally {
    await pool.close();
  }
}
