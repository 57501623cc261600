import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTenants } from './idle-tenants.ts';

describe('IdleTenants', () => {
  let deactivated: string[];
  let failNext: Set<string>;
  let idle: IdleTenants;

  beforeEach(() => {
    vi.useFakeTimers();
    deactivated = [];
    failNext = new Set();
    idle = new IdleTenants({
      idleMs: 1_000,
      checkEveryMs: 250,
      deactivate: async tenant => {
        if (failNext.delete(tenant)) throw new Error('Weaviate unavailable');
        deactivated.push(tenant);
        return true;
      },
    });
  });
  afterEach(() => {
    idle.close();
    vi.useRealTimers();
  });

  it('deactivates a tenant once it has been idle for idleMs, and only once per use', async () => {
    await idle.use('a', async () => 'read');
    await vi.advanceTimersByTimeAsync(750);
    await idle.use('b', async () => 'read');
    await vi.advanceTimersByTimeAsync(500);
    expect(deactivated).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(deactivated).toEqual(['a', 'b']);
    // Used again: watched again.
    await idle.use('a', async () => 'read');
    await vi.advanceTimersByTimeAsync(1_250);
    expect(deactivated).toEqual(['a', 'b', 'a']);
  });

  it('never deactivates a tenant with an operation in flight; its end counts as a use', async () => {
    let finish!: () => void;
    const running = idle.use('slow', () => new Promise<void>(resolve => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(deactivated).toEqual([]);
    finish();
    await running;
    await vi.advanceTimersByTimeAsync(750);
    expect(deactivated).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(deactivated).toEqual(['slow']);
  });

  it('tries a failed deactivation again at the next check; a forgotten tenant is left alone', async () => {
    failNext.add('a');
    await idle.use('a', async () => undefined);
    await idle.use('gone', async () => undefined);
    idle.forget('gone');
    // The check at 1,000 ms fails; the one at 1,250 ms succeeds.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(deactivated).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(deactivated).toEqual(['a']);
  });

  it('does not ask again about a tenant it chose to leave active, until its next use', async () => {
    const seen: string[] = [];
    const choosy = new IdleTenants({
      idleMs: 1_000,
      checkEveryMs: 250,
      deactivate: async tenant => {
        seen.push(tenant);
        return false;
      },
    });
    try {
      await choosy.use('small', async () => undefined);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(seen).toEqual(['small']);
      expect(await choosy.deactivateIdle()).toEqual([]);
      await choosy.use('small', async () => undefined);
      await vi.advanceTimersByTimeAsync(1_250);
      expect(seen).toEqual(['small', 'small']);
    } finally {
      choosy.close();
    }
  });

  it('stops checking when closed, and starts no timer before the first use', async () => {
    expect(vi.getTimerCount()).toBe(0);
    await idle.use('a', async () => undefined);
    expect(vi.getTimerCount()).toBe(1);
    idle.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(deactivated).toEqual([]);
  });
});
