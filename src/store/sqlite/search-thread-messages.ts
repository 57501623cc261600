import type { SerializedError } from '../../serialized-error.ts';
import type { SearchCall, SearchCalls, SearchKind } from './search-calls.ts';

export interface SearchThreadData {
  /** The store's database file. */
  path: string;
  busyTimeoutMs: number;
}

/** Main thread → search thread: one search per 'search', answered by its id; 'close' ends the thread. */
export type ToSearchThread = { type: 'search'; id: number; call: SearchCall } | { type: 'close' };

/** Search thread → main thread. 'ready' (or 'failed', when the database cannot be opened) comes once, first. */
export type FromSearchThread =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'result'; id: number; result: SearchCalls[SearchKind]['result'] }
  | { type: 'error'; id: number; error: SerializedError };
