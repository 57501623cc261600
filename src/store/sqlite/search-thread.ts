import { Worker } from 'node:worker_threads';
import { deserializeError } from '../../serialized-error.ts';
import type { SearchCall, SearchCalls, SearchKind } from './search-calls.ts';
import type { FromSearchThread, SearchThreadData, ToSearchThread } from './search-thread-messages.ts';

const workerEntry = new URL('./search-thread-entry.js', import.meta.url);

function startSearchWorker(data: SearchThreadData): Worker {
  return new Worker(workerEntry, { workerData: data });
}

type SearchResult = SearchCalls[SearchKind]['result'];

interface Pending {
  call: SearchCall;
  resolve: (result: SearchResult) => void;
  reject: (error: unknown) => void;
}

/**
 * FTS5 queries on a thread of their own (search-calls.ts: unit BM25, page candidates, page
 * statistics). better-sqlite3 is synchronous: in the main thread a question's BM25 and page queries
 * over a large index block everything else and run one after the other, while on other cores they run
 * at the same time as each other and as the vector scoring of the same question.
 *
 * Until the thread is ready, and for good if it fails to start or dies, callers search in their own
 * thread (`ready` says which); queries in flight when it dies are answered by `fallback`, so a broken
 * thread costs speed, never an answer. The thread does not keep the process alive while idle.
 */
export class SearchThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private state: 'starting' | 'ready' | 'failed' | 'closed' = 'starting';
  private settleStart!: () => void;
  /** Resolves once the thread has started, or failed to (then callers search in their own thread); never rejects. */
  readonly started = new Promise<void>(resolve => (this.settleStart = resolve));

  constructor(
    data: SearchThreadData,
    private readonly fallback: (call: SearchCall) => SearchResult,
    /** Starts the thread; tests pass their own. */
    startWorker: (data: SearchThreadData) => Worker = startSearchWorker,
  ) {
    this.worker = startWorker(data);
    this.worker.unref();
    this.worker.on('message', (message: FromSearchThread) => this.receive(message));
    this.worker.on('error', () => this.fail());
    this.worker.on('exit', () => this.fail());
  }

  /** Searches sent and not answered yet. */
  get queries(): number {
    return this.pending.size;
  }

  /** True once the thread can take queries (and until it fails or is closed). */
  get ready(): boolean {
    return this.state === 'ready';
  }

  search<Kind extends SearchKind>(kind: Kind, query: SearchCalls[Kind]['query']): Promise<SearchCalls[Kind]['result']> {
    const call = { kind, query } as SearchCall;
    if (this.state !== 'ready') return Promise.resolve().then(() => this.fallback(call) as SearchCalls[Kind]['result']);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<SearchCalls[Kind]['result']>((resolve, reject) => {
      this.pending.set(id, { call, resolve: resolve as (result: SearchResult) => void, reject });
      this.worker.postMessage({ type: 'search', id, call } satisfies ToSearchThread);
    });
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    const ready = this.state === 'ready';
    this.state = 'closed';
    this.settleStart();
    // A thread that failed, or is still loading its modules (a short CLI command's store), is stopped
    // at once: it holds no query, and waiting for it to start only to close it would delay the exit.
    if (!ready) {
      await this.worker.terminate();
      return;
    }
    const exited = new Promise(resolve => this.worker.once('exit', resolve));
    // Waiting for an unref'ed thread would not keep the process alive: the await could end the program.
    this.worker.ref();
    this.worker.postMessage({ type: 'close' } satisfies ToSearchThread);
    await exited;
    for (const pending of this.pending.values()) pending.reject(new Error('the store was closed during a search'));
    this.pending.clear();
  }

  private receive(message: FromSearchThread): void {
    if (message.type === 'ready') {
      if (this.state === 'starting') this.state = 'ready';
      this.settleStart();
      return;
    }
    if (message.type === 'failed') {
      this.fail();
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.settle(message.id);
    if (message.type === 'result') pending.resolve(message.result);
    else pending.reject(deserializeError(message.error));
  }

  private settle(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  /** The thread is gone or unusable: from now on (and for the queries it still held) search here. */
  private fail(): void {
    if (this.state === 'closed') return;
    this.state = 'failed';
    this.settleStart();
    for (const [id, pending] of this.pending) {
      this.settle(id);
      try {
        pending.resolve(this.fallback(pending.call));
      } catch (error) {
        pending.reject(error);
      }
    }
    void this.worker.terminate();
  }
}
