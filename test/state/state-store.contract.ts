import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StateStore } from '../../src/state/types.ts';

/** One backing store (a data dir, a Redis key prefix) that several StateStore instances can open, like several processes. */
export interface StateStoreBackend {
  connect(): StateStore;
  cleanup(): Promise<void>;
}

/** How long a key with a 50 ms TTL may take to be gone (a loaded CI runner, a remote Redis). */
const expiry = { timeout: 5_000, interval: 20 };

/**
 * What every StateStore must do, whatever keeps the data: the SQLite file for one host, Redis for many
 * processes. Each test uses keys of its own, so one backend serves the whole suite.
 */
export function describeStateStoreContract(name: string, createBackend: () => Promise<StateStoreBackend>, options: { skip?: string } = {}): void {
  describe.skipIf(Boolean(options.skip))(`StateStore contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    let backend: StateStoreBackend;
    let state: StateStore;
    const opened: StateStore[] = [];
    const connect = () => {
      const store = backend.connect();
      opened.push(store);
      return store;
    };

    beforeAll(async () => {
      backend = await createBackend();
      state = connect();
    });
    afterAll(async () => {
      await Promise.all(opened.map(store => store.close()));
      await backend?.cleanup();
    });

    it('round-trips JSON values and returns undefined for a missing key', async () => {
      const values = { object: { team: true, nested: { list: [1, 'two', null] } }, array: [3, 2, 1], text: 'héllo ✓', number: 42.5, yes: false, nothing: null };
      for (const [key, value] of Object.entries(values)) await state.set(`json:${key}`, value);
      for (const [key, value] of Object.entries(values)) expect(await state.get(`json:${key}`)).toEqual(value);
      expect(await state.get('json:missing')).toBeUndefined();
    });

    it('overwrites on set, and a set without a TTL makes a key permanent again', async () => {
      await state.set('overwrite:a', { version: 1 }, { ttlSeconds: 0.05 });
      await state.set('overwrite:a', { version: 2 });
      // Same TTL, set after both: once it is gone, any TTL the overwrite could have kept has passed too.
      await state.set('overwrite:control', 'expires', { ttlSeconds: 0.05 });
      await vi.waitFor(async () => expect(await state.get('overwrite:control')).toBeUndefined(), expiry);
      expect(await state.get('overwrite:a')).toEqual({ version: 2 });
    });

    it('forgets a key once its TTL has passed, for get, list and claim', async () => {
      await state.set('ttl:short', 'soon gone', { ttlSeconds: 0.05 });
      await state.set('ttl:long', 'stays', { ttlSeconds: 60 });
      expect(await state.get('ttl:short')).toBe('soon gone');
      await vi.waitFor(async () => expect(await state.get('ttl:short')).toBeUndefined(), expiry);
      expect((await state.list('ttl:')).map(entry => entry.key)).toEqual(['ttl:long']);
      expect(await state.claim('ttl:short', { ttlSeconds: 60 })).toBe(true);
    });

    it('claims a key once until it expires or is deleted; an existing permanent key cannot be claimed', async () => {
      expect(await state.claim('claim:event-1', { ttlSeconds: 60 })).toBe(true);
      expect(await state.claim('claim:event-1', { ttlSeconds: 60 })).toBe(false);
      expect(await state.claim('claim:event-2', { ttlSeconds: 0.05 })).toBe(true);
      // Claimable again once its TTL has passed (a failed claim changes nothing, so it can be retried).
      await vi.waitFor(async () => expect(await state.claim('claim:event-2', { ttlSeconds: 60 })).toBe(true), expiry);
      await state.set('claim:setting', { on: true });
      expect(await state.claim('claim:setting', { ttlSeconds: 60 })).toBe(false);
      await state.delete('claim:event-1');
      expect(await state.claim('claim:event-1', { ttlSeconds: 60 })).toBe(true);
    });

    it('lets exactly one of many concurrent claims win, across instances (processes)', async () => {
      const stores = [state, connect(), connect()];
      const results = await Promise.all(Array.from({ length: 12 }, (_, index) => stores[index % stores.length].claim('race:delivery', { ttlSeconds: 60 })));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('shares values between instances on the same backend', async () => {
      const other = connect();
      await state.set('shared:scope', { includeTeam: true });
      expect(await other.get('shared:scope')).toEqual({ includeTeam: true });
      await other.delete('shared:scope');
      expect(await state.get('shared:scope')).toBeUndefined();
      await other.delete('shared:never-set'); // deleting a missing key is not an error
    });

    it('lists by prefix in byte order, taking glob and LIKE characters in the prefix literally', async () => {
      const keys = ['list:slack:T1:C2', 'list:slack:T1:*', 'list:slack:T1:C1', 'list:slack:T2:C1', 'list:a?b', 'list:axb', 'list:[x]', 'list:x', 'list:50%', 'list:50_', 'list:k:😀', 'list:k:～'];
      for (const key of keys) await state.set(key, { key });
      const listed = async (prefix: string) => (await state.list<{ key: string }>(prefix)).map(entry => entry.key);
      expect(await listed('list:slack:T1:')).toEqual(['list:slack:T1:*', 'list:slack:T1:C1', 'list:slack:T1:C2']);
      expect(await listed('list:slack:T1:*')).toEqual(['list:slack:T1:*']);
      expect(await listed('list:a?')).toEqual(['list:a?b']);
      expect(await listed('list:[')).toEqual(['list:[x]']);
      expect(await listed('list:50%')).toEqual(['list:50%']);
      // UTF-8 byte order (fullwidth tilde EF BD 9E before the emoji's F0 9F), not JavaScript's UTF-16 order.
      expect(await listed('list:k:')).toEqual(['list:k:～', 'list:k:😀']);
      const entries = await state.list<{ key: string }>('list:slack:T2:');
      expect(entries).toEqual([{ key: 'list:slack:T2:C1', value: { key: 'list:slack:T2:C1' } }]);
      expect(await listed('list:nothing-here')).toEqual([]);
    });
  });
}
