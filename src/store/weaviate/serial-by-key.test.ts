import { describe, expect, it } from 'vitest';
import { SerialByKey } from './serial-by-key.ts';

describe('SerialByKey', () => {
  it('runs work of one key in call order even when the first is slower, and other keys alongside', async () => {
    const queue = new SerialByKey();
    const events: string[] = [];
    let finishSlow!: () => void;
    const slowWork = new Promise<void>(resolve => (finishSlow = resolve));
    const slow = queue.run('a', async () => {
      await slowWork;
      events.push('a1');
    });
    const fast = queue.run('a', async () => {
      events.push('a2');
    });
    const other = queue.run('b', async () => {
      events.push('b1');
    });
    // Another key is not held up by the slow work; the second work of its key is.
    await other;
    expect(events).toEqual(['b1']);
    finishSlow();
    await Promise.all([slow, fast]);
    expect(events).toEqual(['b1', 'a1', 'a2']);
  });

  it('keeps going after a failure and passes results and errors to their own callers', async () => {
    const queue = new SerialByKey();
    const failing = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => 42);
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe(42);
  });
});
