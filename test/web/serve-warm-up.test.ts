import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startService, type RunningService } from '../../src/cli/serve-command.ts';
import { loadConfig } from '../../src/config.ts';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';

let service: RunningService | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await service?.stop();
  service = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('folio serve before its first request', () => {
  it('readies the store’s searches before the web server listens', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-serve-warm-up-'));
    const events: string[] = [];
    const lines = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).trim().split('\n')) events.push((JSON.parse(line) as { msg: string }).msg);
        done();
      },
    });
    const store = new SqliteKnowledgeStore({ dataDir });
    // Ready once the server listens, or after a second: a server that does not wait for it listens first.
    const warmUp = vi.spyOn(store, 'warmUp').mockImplementation(async () => {
      await vi.waitFor(() => expect(events).toContain('web server listening'), { timeout: 1_000 }).catch(() => undefined);
      events.push('store warmed up');
    });
    const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_PORT: '0', FOLIO_LOG_LEVEL: 'debug' });
    service = await startService(config, { store, log: pino({ level: 'debug' }, lines) });
    expect(warmUp).toHaveBeenCalledTimes(1);
    expect(events.filter(event => event === 'store warmed up' || event === 'web server listening')).toEqual(['store warmed up', 'web server listening']);
  });
});
