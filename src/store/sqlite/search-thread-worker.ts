import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { serializeError } from '../../serialized-error.ts';
import { runSearch } from './search-calls.ts';
import type { FromSearchThread, SearchThreadData, ToSearchThread } from './search-thread-messages.ts';

/**
 * A search thread (see SearchThread): its own read-only connection to the store's file, answering one
 * search at a time. WAL mode lets it read while the main thread's connection writes; each search reads
 * the latest committed state.
 */
const port = parentPort!;
const { path, busyTimeoutMs } = workerData as SearchThreadData;
const post = (message: FromSearchThread) => port.postMessage(message);

try {
  const database = new Database(path, { readonly: true, fileMustExist: true });
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
  port.on('message', (message: ToSearchThread) => {
    if (message.type === 'close') {
      database.close();
      port.close();
      return;
    }
    try {
      post({ type: 'result', id: message.id, result: runSearch(database, message.call) });
    } catch (error) {
      post({ type: 'error', id: message.id, error: serializeError(error) });
    }
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', error: serializeError(error) });
}
