import type { SerializedError } from '../../serialized-error.ts';
import type { LexicalQuery } from '../types.ts';
import type { LexicalRow } from './lexical-search.ts';

export interface LexicalThreadData {
  /** The store's database file. */
  path: string;
  busyTimeoutMs: number;
}

/** Main thread → lexical thread: one query per 'search', answered by its id; 'close' ends the thread. */
export type ToLexicalThread = { type: 'search'; id: number; query: LexicalQuery } | { type: 'close' };

/** Lexical thread → main thread. 'ready' (or 'failed', when the database cannot be opened) comes once, first. */
export type FromLexicalThread =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'rows'; id: number; rows: LexicalRow[] }
  | { type: 'error'; id: number; error: SerializedError };
