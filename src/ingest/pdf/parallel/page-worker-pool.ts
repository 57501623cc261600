import { Worker } from 'node:worker_threads';
import { liveMemoryBytes } from './live-memory.ts';
import type { PageReading } from './read-pdf-page.ts';
import { deserializeError } from '../../../serialized-error.ts';
import type { FromPageWorker, ToPageWorker } from './worker-messages.ts';

export type WorkerPageResult = PageReading | { needsOcr: true };

/** One document for the pool to read. */
export interface PoolReadOptions {
  name: string;
  pageCount: number;
  figureDpi: number;
  /** pdf.js's speed layer in the workers (see ParsePdfOptions); true unless given. */
  pdfjsFast?: boolean;
  /** Scanned pages come back as `needsOcr` (the caller owns the OCR engine) instead of staying empty. */
  deferOcr: boolean;
  /** Called once per page in page order; the next call waits until this one settles. */
  onPage: (pageNumber: number, result: WorkerPageResult) => Promise<void>;
  /**
   * Reads a page in this thread. When given, this thread also takes page ranges of this document, like
   * a worker, starting at once while workers may still be starting up.
   */
  readHere?: (pageNumber: number) => Promise<PageReading>;
  signal?: AbortSignal;
}

export interface PageWorkerPoolOptions {
  /** Worker threads; they start with the first document and live until close(). */
  size: number;
  /** Starts one worker; tests pass their own to watch the workers' lifetimes. */
  startWorker?: () => Worker;
  /** Live memory above which only one reader works at a time; `defaultSoloAboveLiveBytes` unless given. */
  soloAboveLiveBytes?: number;
}

/** Pages a reader takes per request: small enough to balance uneven pages, large enough to cut chatter. */
const maxPagesPerRange = 4;
/** Results read ahead of the page being committed, per document: bounds the PNGs and geometry waiting in memory. */
const maxPagesAhead = 24;
/**
 * Above this much live memory (the JavaScript heaps in use plus the external memory V8 knows of:
 * decoded images, buffers), summed over this thread and each worker as of the last page it read, a
 * new range goes to a reader only when no other reader is busy: documents whose pages need hundreds
 * of MB (huge operator lists, many large images) are then read one page at a time, as in a single
 * thread, instead of side by side. Not the resident size: a process's RSS keeps what its threads'
 * allocators have freed but not returned, so after a few documents it sits above any fixed line
 * whatever is being read, and a line on RSS would leave one reader working most of the time. The line
 * sits well above the live memory that ordinary documents reach: it is for pages far outside that.
 */
export const defaultSoloAboveLiveBytes = 640 * 1024 * 1024;

const workerEntry = new URL('./page-worker-entry.js', import.meta.url);

export function startPageWorker(): Worker {
  return new Worker(workerEntry);
}

interface PoolWorker {
  worker: Worker;
  ready: boolean;
  /** The document whose range it is reading, if any. */
  busy?: Job;
  /** Documents it has opened (and not yet been told to close). */
  opened: Set<Job>;
  /** Its live memory when it last reported a page (see FromPageWorker); 0 before its first. */
  liveBytes: number;
}

/** A document being read: which ranges are handed out, which results wait to be committed in order. */
interface Job {
  id: number;
  options: PoolReadOptions;
  data: SharedArrayBuffer;
  rangeSize: number;
  nextRangeStart: number;
  nextPageToCommit: number;
  waiting: Map<number, WorkerPageResult>;
  committing: boolean;
  settled: boolean;
  /** Workers that have opened this document: each one parsed its fonts and structure once more. */
  openedBy: Set<PoolWorker>;
  hereIdle: boolean;
  readingHere: Promise<void>;
  finish: (error?: unknown) => void;
}

/**
 * Worker threads that read PDF pages, kept across documents: starting a worker (tsx, pdf.js, its
 * fonts), which is costly, is paid once per pool instead of once per document, and documents read at
 * the same time are spread over the workers. A worker with nothing left of its own document takes
 * one no other worker has opened yet (each worker that opens a document parses its fonts and structure
 * again), else helps the oldest one. Each document's results are handed to its `onPage` in page order,
 * at most `maxPagesAhead` pages ahead, and above `soloAboveLiveBytes` of live memory only one reader works at a time.
 * Workers are `unref`ed while no document is being read, so an idle pool does not keep the process alive.
 */
export class PageWorkerPool {
  readonly size: number;
  readonly #startWorker: () => Worker;
  readonly #soloAboveLiveBytes: number;
  readonly #workers: PoolWorker[] = [];
  readonly #jobs: Job[] = [];
  #nextJobId = 1;
  #busyReaders = 0;
  #closed = false;

  constructor(options: PageWorkerPoolOptions) {
    this.size = Math.max(0, Math.floor(options.size));
    this.#startWorker = options.startWorker ?? startPageWorker;
    this.#soloAboveLiveBytes = options.soloAboveLiveBytes ?? defaultSoloAboveLiveBytes;
  }

  /** Worker threads running now (started and not exited). */
  get workerCount(): number {
    return this.#workers.length;
  }

  /**
   * Reads every page of one PDF with the pool's workers (and this thread, see `readHere`) and hands the
   * results to `onPage` in page order. Returns or throws once this document is finished with: every
   * range this thread was reading has stopped, and the workers are told to free the document.
   */
  async read(data: Uint8Array, options: PoolReadOptions): Promise<void> {
    options.signal?.throwIfAborted();
    if (this.#closed) throw new Error('PageWorkerPool.read called after close()');
    if (this.size === 0 && !options.readHere) throw new Error('a PageWorkerPool of size 0 needs readHere');
    const shared = new SharedArrayBuffer(data.byteLength);
    new Uint8Array(shared).set(data);
    const readers = this.size + (options.readHere ? 1 : 0);
    let finish!: (error?: unknown) => void;
    const done = new Promise<void>((resolve, reject) => {
      finish = error => (error === undefined ? resolve() : reject(error));
    });
    const job: Job = {
      id: this.#nextJobId++,
      options,
      data: shared,
      rangeSize: Math.max(1, Math.min(maxPagesPerRange, Math.ceil(options.pageCount / (readers * 3)))),
      nextRangeStart: 1,
      nextPageToCommit: 1,
      waiting: new Map(),
      committing: false,
      settled: false,
      openedBy: new Set(),
      hereIdle: Boolean(options.readHere),
      readingHere: Promise.resolve(),
      finish: error => {
        if (job.settled) return;
        job.settled = true;
        finish(error);
      },
    };
    const onAbort = () => job.finish(options.signal!.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    this.#jobs.push(job);
    this.#refWorkers(true);
    try {
      this.#startWorkers();
      this.#dispatch();
      await done;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      job.finish();
      this.#jobs.splice(this.#jobs.indexOf(job), 1);
      for (const reader of job.openedBy) {
        reader.opened.delete(job);
        reader.worker.postMessage({ type: 'close', jobId: job.id } satisfies ToPageWorker);
      }
      if (this.#jobs.length === 0) this.#refWorkers(false);
      await job.readingHere.catch(() => {});
    }
  }

  /** Ends every worker; documents still being read fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of [...this.#jobs]) job.finish(new Error('the PDF parse worker pool was closed'));
    const workers = this.#workers.splice(0);
    await Promise.all(workers.map(reader => reader.worker.terminate()));
  }

  #startWorkers(): void {
    while (!this.#closed && this.#workers.length < this.size) {
      const reader: PoolWorker = { worker: this.#startWorker(), ready: false, opened: new Set(), liveBytes: 0 };
      this.#workers.push(reader);
      reader.worker.on('message', (message: FromPageWorker) => this.#onMessage(reader, message));
      reader.worker.on('error', error => this.#onWorkerGone(reader, error));
      reader.worker.on('exit', code => this.#onWorkerGone(reader, new Error(`a PDF parse worker stopped unexpectedly (exit code ${code})`)));
    }
  }

  #onMessage(reader: PoolWorker, message: FromPageWorker): void {
    if (message.type === 'ready') {
      reader.ready = true;
    } else if (message.type === 'page') {
      reader.liveBytes = message.liveBytes;
      const job = this.#jobs.find(each => each.id === message.jobId);
      if (job && !job.settled) {
        job.waiting.set(message.pageNumber, 'needsOcr' in message ? { needsOcr: true } : message.reading);
        void this.#commit(job);
      }
      return;
    } else {
      const job = reader.busy;
      reader.busy = undefined;
      this.#busyReaders--;
      if (message.type === 'error') job?.finish(deserializeError(message.error));
    }
    this.#dispatch();
  }

  #onWorkerGone(reader: PoolWorker, error: Error): void {
    const index = this.#workers.indexOf(reader);
    if (index < 0) return;
    this.#workers.splice(index, 1);
    for (const job of reader.opened) job.openedBy.delete(reader);
    if (reader.busy) {
      this.#busyReaders--;
      reader.busy.finish(error);
    }
    // A worker that never got ready cannot start at all (a broken install): starting another would
    // fail the same way, so the documents waiting on the pool fail now instead of waiting forever.
    if (!reader.ready) {
      for (const job of this.#jobs) if (!job.options.readHere) job.finish(error);
      return;
    }
    if (this.#jobs.length > 0) this.#startWorkers();
    this.#dispatch();
  }

  #dispatch(): void {
    for (const job of this.#jobs) {
      if (job.hereIdle && this.#hasRange(job) && this.#mayStartReader()) this.#readHere(job);
    }
    for (const reader of this.#workers) {
      if (!reader.ready || reader.busy) continue;
      const job = this.#jobFor(reader);
      if (!job || !this.#mayStartReader()) continue;
      if (!reader.opened.has(job)) {
        const { name, figureDpi, deferOcr, pdfjsFast = true } = job.options;
        reader.worker.postMessage({ type: 'open', jobId: job.id, data: job.data, name, figureDpi, pdfjsFast, deferOcr } satisfies ToPageWorker);
        reader.opened.add(job);
        job.openedBy.add(reader);
      }
      const [firstPage, lastPage] = this.#takeRange(job);
      reader.busy = job;
      this.#busyReaders++;
      reader.worker.postMessage({ type: 'read', jobId: job.id, firstPage, lastPage } satisfies ToPageWorker);
    }
  }

  /** Its own document first; else the one opened by the fewest workers; the oldest among equals. */
  #jobFor(reader: PoolWorker): Job | undefined {
    const open = this.#jobs.filter(job => this.#hasRange(job));
    const own = open.find(job => reader.opened.has(job));
    if (own) return own;
    let best: Job | undefined;
    for (const job of open) if (!best || job.openedBy.size < best.openedBy.size) best = job;
    return best;
  }

  #mayStartReader(): boolean {
    if (this.#busyReaders === 0) return true;
    const live = this.#workers.reduce((sum, reader) => sum + reader.liveBytes, liveMemoryBytes());
    return live <= this.#soloAboveLiveBytes;
  }

  #hasRange(job: Job): boolean {
    return !job.settled && job.nextRangeStart <= job.options.pageCount && job.nextRangeStart < job.nextPageToCommit + maxPagesAhead;
  }

  #takeRange(job: Job): [number, number] {
    const firstPage = job.nextRangeStart;
    const lastPage = Math.min(job.options.pageCount, firstPage + job.rangeSize - 1);
    job.nextRangeStart = lastPage + 1;
    return [firstPage, lastPage];
  }

  #readHere(job: Job): void {
    const [firstPage, lastPage] = this.#takeRange(job);
    job.hereIdle = false;
    this.#busyReaders++;
    job.readingHere = (async () => {
      // Let the dispatch loop finish first: this range is read asynchronously, page by page.
      await Promise.resolve();
      try {
        for (let pageNumber = firstPage; pageNumber <= lastPage && !job.settled; pageNumber++) {
          job.waiting.set(pageNumber, await job.options.readHere!(pageNumber));
          void this.#commit(job);
        }
      } catch (error) {
        job.finish(error);
      } finally {
        this.#busyReaders--;
        job.hereIdle = true;
        this.#dispatch();
      }
    })();
  }

  async #commit(job: Job): Promise<void> {
    if (job.committing) return;
    job.committing = true;
    try {
      while (!job.settled && job.waiting.has(job.nextPageToCommit)) {
        const result = job.waiting.get(job.nextPageToCommit)!;
        job.waiting.delete(job.nextPageToCommit);
        await job.options.onPage(job.nextPageToCommit, result);
        job.nextPageToCommit++;
        this.#dispatch();
      }
      if (job.nextPageToCommit > job.options.pageCount) job.finish();
    } catch (error) {
      job.finish(error);
    } finally {
      job.committing = false;
    }
  }

  #refWorkers(active: boolean): void {
    for (const reader of this.#workers) {
      if (active) reader.worker.ref();
      else reader.worker.unref();
    }
  }
}
