import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DocumentRecord } from '../../documents/types.ts';
import { pathExists } from '../../files/atomic-file.ts';
import { sqliteDataFormat, storedDataFormat } from '../sqlite/schema.ts';
import type { OutdatedData } from './outdated-data.ts';

/**
 * `folio.sqlite` of an older data format, if the data dir holds one (with `includeCurrent`, of this
 * format too, never of a newer one). Every format keeps the records as JSON in `documents.record`,
 * which is all a reindex reads of it; removing it deletes the file (and its WAL) so the store creates
 * the current schema on its next open.
 */
export async function outdatedSqlite(dataDir: string, options: { includeCurrent?: boolean } = {}): Promise<OutdatedData | undefined> {
  const path = join(dataDir, 'folio.sqlite');
  if (!(await pathExists(path))) return undefined;
  const database = new Database(path);
  try {
    const stored = storedDataFormat(database);
    if (!stored?.documents || stored.format > sqliteDataFormat || (stored.format === sqliteDataFormat && !options.includeCurrent)) return undefined;
    const { format } = stored;
    const records = (database.prepare('SELECT record FROM documents ORDER BY created_at, space, id').pluck().all() as string[]).map(
      record => JSON.parse(record) as DocumentRecord,
    );
    return {
      where: path,
      format,
      records,
      remove: async () => {
        for (const suffix of ['', '-wal', '-shm']) await rm(`${path}${suffix}`, { force: true });
      },
    };
  } finally {
    database.close();
  }
}
