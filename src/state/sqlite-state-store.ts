import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { StateStore } from './types.ts';

/** The embedded StateStore: one table in `state.sqlite` in the data dir (WAL, shared by CLI and server). */
export class SqliteStateStore implements StateStore {
  readonly kind = 'sqlite';
  private readonly database: Database.Database;

  constructor(options: { dataDir: string }) {
    mkdirSync(options.dataDir, { recursive: true });
    this.database = new Database(join(options.dataDir, 'state.sqlite'));
    this.database.pragma('busy_timeout = 30000');
    this.database.pragma('journal_mode = WAL');
    this.database.exec(`CREATE TABLE IF NOT EXISTS state (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      expires_at INTEGER
    ) WITHOUT ROWID`);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const row = this.database.prepare('SELECT value FROM state WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)').get(key, Date.now()) as
      | { value: string }
      | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async set(key: string, value: unknown, options: { ttlSeconds?: number } = {}): Promise<void> {
    this.database
      .prepare(
        'INSERT INTO state (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
      )
      .run(key, JSON.stringify(value), expiry(options.ttlSeconds));
  }

  async claim(key: string, options: { ttlSeconds: number }): Promise<boolean> {
    const now = Date.now();
    // One statement: two processes claiming at once cannot both win.
    const result = this.database
      .prepare(
        `INSERT INTO state (key, value, expires_at) VALUES (?, 'true', ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
         WHERE state.expires_at IS NOT NULL AND state.expires_at <= ?`,
      )
      .run(key, expiry(options.ttlSeconds), now);
    return result.changes > 0;
  }

  async increment(key: string, options: { ttlSeconds: number }): Promise<number> {
    const now = Date.now();
    // One statement (SQLite holds the write lock for it): concurrent processes never get the same count.
    // An expired counter starts again at 1 with a new expiry; a live one keeps the expiry it started with.
    const row = this.database
      .prepare(
        `INSERT INTO state (key, value, expires_at) VALUES (?, '1', ?)
         ON CONFLICT(key) DO UPDATE SET
           value = CASE WHEN state.expires_at IS NOT NULL AND state.expires_at <= ? THEN '1' ELSE CAST(CAST(state.value AS INTEGER) + 1 AS TEXT) END,
           expires_at = CASE WHEN state.expires_at IS NOT NULL AND state.expires_at <= ? THEN excluded.expires_at ELSE state.expires_at END
         RETURNING value`,
      )
      .get(key, expiry(options.ttlSeconds), now, now) as { value: string };
    return Number(row.value);
  }

  async delete(key: string): Promise<void> {
    this.database.prepare('DELETE FROM state WHERE key = ?').run(key);
  }

  async list<T>(prefix: string): Promise<Array<{ key: string; value: T }>> {
    const rows = this.database
      .prepare('SELECT key, value FROM state WHERE key >= ? AND key < ? || char(1114111) AND (expires_at IS NULL OR expires_at > ?) ORDER BY key')
      .all(prefix, prefix, Date.now()) as Array<{ key: string; value: string }>;
    return rows.map(row => ({ key: row.key, value: JSON.parse(row.value) as T }));
  }

  async close(): Promise<void> {
    if (this.database.open) this.database.close();
  }
}

function expiry(ttlSeconds: number | undefined): number | null {
  return ttlSeconds === undefined ? null : Date.now() + ttlSeconds * 1000;
}
