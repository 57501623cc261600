import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SqliteStateStore } from './sqlite-state-store.ts';

describe('SqliteStateStore', () => {
  const directories: string[] = [];
  afterEach(async () => Promise.all(directories.splice(0).map(directory => rm(directory, { recursive: true, force: true }))));
  const open = async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-state-'));
    directories.push(dataDir);
    return { dataDir, state: new SqliteStateStore({ dataDir }) };
  };

  it('keeps JSON values across a reopen and lists by prefix in key order', async () => {
    const { dataDir, state } = await open();
    await state.set('scope:b', { team: true });
    await state.set('scope:a', { team: false });
    await state.set('other', 1);
    await state.close();
    const reopened = new SqliteStateStore({ dataDir });
    expect(await reopened.get('scope:b')).toEqual({ team: true });
    expect((await reopened.list('scope:')).map(entry => entry.key)).toEqual(['scope:a', 'scope:b']);
    await reopened.delete('scope:a');
    expect(await reopened.get('scope:a')).toBeUndefined();
    await reopened.close();
  });

  it('claims a key once until it expires', async () => {
    const { state } = await open();
    expect(await state.claim('event:1', { ttlSeconds: 60 })).toBe(true);
    expect(await state.claim('event:1', { ttlSeconds: 60 })).toBe(false);
    expect(await state.claim('event:2', { ttlSeconds: 0.05 })).toBe(true);
    await vi.waitFor(async () => expect(await state.get('event:2')).toBeUndefined(), { timeout: 5_000, interval: 20 });
    expect(await state.claim('event:2', { ttlSeconds: 60 })).toBe(true);
    await state.close();
  });
});
