import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { serializeError } from '../../serialized-error.ts';
import { searchLexicalRows } from './lexical-search.ts';
import type { FromLexicalThread, LexicalThreadData, ToLexicalThread } from './lexical-thread-messages.ts';

/**
 * The lexical search thread (see LexicalSearchThread): its own read-only connection to the store's
 * file, answering one query at a time. WAL mode lets it read while the main thread's connection writes;
 * each query reads the latest committed state.
 */
const port = parentPort!;
const { path, busyTimeoutMs } = workerData as LexicalThreadData;
const post = (message: FromLexicalThread) => port.postMessage(message);

try {
  const database = new Database(path, { readonly: true, fileMustExist: true });
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
  port.on('message', (message: ToLexicalThread) => {
    if (message.type === 'close') {
      database.close();
      port.close();
      return;
    }
    try {
      post({ type: 'rows', id: message.id, rows: searchLexicalRows(database, message.query) });
    } catch (error) {
      post({ type: 'error', id: message.id, error: serializeError(error) });
    }
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', error: serializeError(error) });
}
