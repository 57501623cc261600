import { Worker } from 'node:worker_threads';
import type { PageReading } from './read-pdf-page.ts';
import { deserializeError, type FromPageWorker, type PageWorkerInput, type ToPageWorker } from './worker-messages.ts';

export type WorkerPageResult = PageReading | { needsOcr: true };

export interface ReadPagesInWorkersOptions {
  name: string;
  pageCount: number;
  workerCount: number;
  figureDpi: number;
  /** Scanned pages come back as `needsOcr` (the caller owns the OCR engine) instead of staying empty. */
  deferOcr: boolean;
  /** Called once per page in page order; the next call waits until this one settles. */
  onPage: (pageNumber: number, result: WorkerPageResult) => Promise<void>;
  /**
   * Reads a page in this thread. When given, this thread takes page ranges like a worker does, starting
   * at once while the workers are still starting up (~0.3–1 s), so short documents gain instead of
   * waiting, and `workerCount - 1` workers are started. Without it, `workerCount` workers do all pages.
   */
  readHere?: (pageNumber: number) => Promise<PageReading>;
  signal?: AbortSignal;
  /** Starts one worker; tests pass their own to watch the workers' lifetimes. */
  startWorker?: (input: PageWorkerInput) => Worker;
}

/** Pages a worker reads per request: small enough to balance uneven pages, large enough to cut chatter. */
const maxPagesPerRange = 4;
/** Results read ahead of the page being committed: bounds the PNGs and geometry waiting in memory. */
const maxPagesAhead = 24;

/**
 * Above this resident size a new range goes to a reader only when no other reader is busy: pages
 * that need hundreds of MB (huge operator lists, many large images) are then read one at a time, as
 * in a single thread, instead of side by side.
 */
const soloAboveRssBytes = 800 * 1024 * 1024;

const workerEntry = new URL('./page-worker-entry.js', import.meta.url);

export function startPageWorker(input: PageWorkerInput): Worker {
  return new Worker(workerEntry, { workerData: input });
}

/**
 * Reads a PDF's pages with worker threads (and this thread, see `readHere`), each with its own pdf.js
 * document, and hands the results to `onPage` in page order. Readers ask for small page ranges as they
 * go idle, so one slow page does not hold up the others, and get no new range while `maxPagesAhead`
 * results wait to be committed, and only one reader at a time works while the process is above
 * `soloAboveRssBytes`. Every worker is terminated before this returns or throws, whatever
 * happened (error, abort), and this thread's reading has stopped.
 */
export async function readPagesInWorkers(data: Uint8Array, options: ReadPagesInWorkersOptions): Promise<void> {
  options.signal?.throwIfAborted();
  const shared = new SharedArrayBuffer(data.byteLength);
  new Uint8Array(shared).set(data);
  const input: PageWorkerInput = { data: shared, name: options.name, figureDpi: options.figureDpi, deferOcr: options.deferOcr };
  const startWorker = options.startWorker ?? startPageWorker;
  const rangeSize = Math.max(1, Math.min(maxPagesPerRange, Math.ceil(options.pageCount / (options.workerCount * 3))));

  type Reader = Worker | 'here';
  const workers: Worker[] = [];
  const ready = new Set<Worker>();
  const idle: Reader[] = options.readHere ? ['here'] : [];
  let readingHere: Promise<void> = Promise.resolve();
  let busyReaders = 0;
  const waiting = new Map<number, WorkerPageResult>();
  let nextRangeStart = 1;
  let nextPageToCommit = 1;
  let committing = false;
  let settled = false;
  let finish!: (error?: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = error => {
      if (settled) return;
      settled = true;
      if (error === undefined) resolve();
      else reject(error);
    };
  });

  const dispatch = () => {
    while (!settled && idle.length > 0 && nextRangeStart <= options.pageCount && nextRangeStart < nextPageToCommit + maxPagesAhead) {
      if (busyReaders > 0 && process.memoryUsage.rss() > soloAboveRssBytes) break;
      busyReaders++;
      const lastPage = Math.min(options.pageCount, nextRangeStart + rangeSize - 1);
      const reader = idle.pop()!;
      if (reader === 'here') readingHere = readRangeHere(nextRangeStart, lastPage);
      else reader.postMessage({ type: 'read', firstPage: nextRangeStart, lastPage } satisfies ToPageWorker);
      nextRangeStart = lastPage + 1;
    }
  };

  const commit = async () => {
    if (committing) return;
    committing = true;
    try {
      while (!settled && waiting.has(nextPageToCommit)) {
        const result = waiting.get(nextPageToCommit)!;
        waiting.delete(nextPageToCommit);
        await options.onPage(nextPageToCommit, result);
        nextPageToCommit++;
        dispatch();
      }
      if (nextPageToCommit > options.pageCount) finish();
    } catch (error) {
      finish(error);
    } finally {
      committing = false;
    }
  };

  const readRangeHere = async (firstPage: number, lastPage: number) => {
    // Let the dispatch loop finish first: this range is read asynchronously, page by page.
    await Promise.resolve();
    try {
      for (let pageNumber = firstPage; pageNumber <= lastPage && !settled; pageNumber++) {
        waiting.set(pageNumber, await options.readHere!(pageNumber));
        void commit();
      }
      busyReaders--;
      idle.push('here');
      dispatch();
    } catch (error) {
      finish(error);
    }
  };

  const onAbort = () => finish(options.signal!.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    dispatch();
    const threadsHere = options.readHere ? 1 : 0;
    const count = Math.max(1 - threadsHere, Math.min(options.workerCount - threadsHere, options.pageCount - threadsHere));
    for (let index = 0; index < count; index++) {
      const worker = startWorker(input);
      workers.push(worker);
      worker.on('message', (message: FromPageWorker) => {
        if (message.type === 'idle') {
          // The first 'idle' says the worker is ready; each later one ends a range.
          if (ready.has(worker)) busyReaders--;
          ready.add(worker);
          idle.push(worker);
          dispatch();
        } else if (message.type === 'page') {
          waiting.set(message.pageNumber, 'needsOcr' in message ? { needsOcr: true } : message.reading);
          void commit();
        } else {
          finish(deserializeError(message.error));
        }
      });
      worker.on('error', error => finish(error));
      worker.on('exit', code => finish(new Error(`a PDF parse worker stopped unexpectedly (exit code ${code})`)));
    }
    await done;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    settled = true;
    await Promise.all([...workers.map(worker => worker.terminate()), readingHere.catch(() => {})]);
  }
}
