import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThrottledMessage } from './throttled-message.ts';

describe('ThrottledMessage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('edits at most once per interval, always with the latest content, and flushes the final state', async () => {
    const sent: Array<{ text: string; atMs: number }> = [];
    const message = new ThrottledMessage<string>(async text => void sent.push({ text, atMs: Date.now() }), { intervalMs: 2500, onError: () => undefined });
    const start = Date.now();
    message.set('page 1');
    await vi.advanceTimersByTimeAsync(0);
    // page 2 at 0 ms, then one every 200 ms: page 14 is the latest when the interval ends at 2500 ms.
    for (let page = 2; page <= 20; page++) {
      message.set(`page ${page}`);
      await vi.advanceTimersByTimeAsync(200);
    }
    await message.flush('ready');
    expect(sent.map(entry => entry.text)).toEqual(['page 1', 'page 14', 'ready']);
    expect(sent[1].atMs - sent[0].atMs).toBeGreaterThanOrEqual(2500);
    expect(sent[0].atMs - start).toBe(0);
  });

  it('does not send the same content twice and reports failed sends', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const message = new ThrottledMessage<string>(
      async () => {
        calls += 1;
        throw new Error('ratelimited');
      },
      { intervalMs: 1000, onError: error => errors.push(error) },
    );
    await message.flush('done');
    await message.flush('done');
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it('treats equal content objects as the same message (cards are rebuilt for every edit)', async () => {
    const sent: string[] = [];
    const message = new ThrottledMessage<{ text: string }>(async content => void sent.push(content.text), { intervalMs: 1000, onError: () => undefined });
    await message.flush({ text: 'Reading a.pdf…' });
    message.set({ text: 'Reading a.pdf…' });
    await vi.advanceTimersByTimeAsync(1000);
    await message.flush();
    await message.flush({ text: 'a.pdf is ready.' });
    expect(sent).toEqual(['Reading a.pdf…', 'a.pdf is ready.']);
  });
});
