import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countQuestion } from '../../src/conversation/question-limit.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { defaultSpaceSettings, readSpaceSettings, writeSpaceSettings } from '../../src/spaces/space-settings.ts';
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

    it('counts with increment: every concurrent caller, across instances (processes), gets its own count', async () => {
      const stores = [state, connect(), connect()];
      const counts = await Promise.all(
        Array.from({ length: 30 }, (_, index) => stores[index % stores.length].increment('count:questions', { ttlSeconds: 60 })),
      );
      expect([...counts].sort((left, right) => left - right)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
      expect(await stores[1].get('count:questions')).toBe(30);
      expect(await state.increment('count:other', { ttlSeconds: 60 })).toBe(1);
    });

    it('starts a counter again once its TTL has passed, and later increments do not extend the TTL', async () => {
      expect(await state.increment('count:window', { ttlSeconds: 0.3 })).toBe(1);
      // A long TTL on the second increment must not keep the counter: it ends 0.3 s after it started.
      expect(await state.increment('count:window', { ttlSeconds: 600 })).toBe(2);
      await vi.waitFor(async () => expect(await state.get('count:window')).toBeUndefined(), expiry);
      expect(await state.increment('count:window', { ttlSeconds: 60 })).toBe(1);
    });

    it("keeps a space's settings and counts its questions per person for every instance", async () => {
      const other = connect();
      const channel = parseSpaceId('slack:T1:CSETTINGS');
      expect(await readSpaceSettings(state, channel)).toEqual(defaultSpaceSettings);
      await writeSpaceSettings(state, channel, { visibility: 'private', questionsPerUserPerMinute: 2 });
      expect(await readSpaceSettings(other, channel)).toEqual({ visibility: 'private', citedOnly: false, questionsPerUserPerMinute: 2 });
      expect(await readSpaceSettings(other, parseSpaceId('slack:T1:COTHER'))).toEqual(defaultSpaceSettings);
      const at = Math.floor(Date.now() / 60_000) * 60_000 + 10_000;
      const question = { space: channel, asker: 'UALICE', limit: 2 };
      const counted = await Promise.all([state, other, state].map(store => countQuestion(store, question, at)));
      expect(counted.filter(count => count.allowed)).toHaveLength(2);
      expect(counted.filter(count => !count.allowed)).toEqual([{ allowed: false, retryAfterSeconds: 50 }]);
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
      const keys = [
        'list:slack:T1:C2',
        'list:slack:T1:*',
        'list:slack:T1:C1',
        'list:slack:T2:C1',
        'list:a?b',
        'list:axb',
        'list:[x]',
        'list:x',
        'list:50%',
        'list:50_',
        'list:k:😀',
        'list:k:～',
      ];
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
