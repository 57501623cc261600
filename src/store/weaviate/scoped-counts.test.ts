import { describe, expect, it } from 'vitest';
import { eachConcurrently, ScopedCounts, versionsKey } from './scoped-counts.ts';

const lengths = async (keys: string[]) => new Map(keys.map(key => [key, key.length]));

describe('ScopedCounts', () => {
  it('computes each key once per scope and again for another scope', async () => {
    const asked: string[][] = [];
    const counts = new ScopedCounts<number>(100);
    const compute = async (keys: string[]) => {
      asked.push(keys);
      return lengths(keys);
    };
    expect(await counts.resolve('v1', ['a', 'bb', 'a'], compute)).toEqual(
      new Map([
        ['a', 1],
        ['bb', 2],
      ]),
    );
    expect(await counts.resolve('v1', ['bb', 'ccc'], compute)).toEqual(
      new Map([
        ['bb', 2],
        ['ccc', 3],
      ]),
    );
    expect(await counts.resolve('v1', ['ccc'], compute)).toEqual(new Map([['ccc', 3]]));
    expect(await counts.resolve('v2', ['a'], compute)).toEqual(new Map([['a', 1]]));
    expect(asked).toEqual([['a', 'bb'], ['ccc'], ['a']]);
  });

  it('caches nothing from a failed call and starts over once full', async () => {
    const counts = new ScopedCounts<number>(2);
    await expect(counts.resolve('v', ['a', 'b'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const asked: string[] = [];
    const counting = async (keys: string[]) => {
      asked.push(...keys);
      return lengths(keys);
    };
    await counts.resolve('v', ['a', 'b'], counting);
    await counts.resolve('v', ['a', 'b'], counting);
    await counts.resolve('v', ['c'], counting); // past the bound: the older entries go
    await counts.resolve('v', ['a'], counting);
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('eachConcurrently', () => {
  it('keeps at most `concurrency` items in flight and visits each once', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await eachConcurrently(
      Array.from({ length: 20 }, (_, index) => index),
      3,
      async item => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise(resolve => setImmediate(resolve));
        seen.push(item);
        inFlight -= 1;
      },
    );
    expect(most).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });
});

describe('versionsKey', () => {
  it('names a set of versions whatever their order', () => {
    expect(versionsKey(['b', 'a'])).toBe(versionsKey(['a', 'b']));
    expect(versionsKey(['a', 'b'])).not.toBe(versionsKey(['a', 'c']));
    expect(versionsKey(['a', 'b'])).not.toBe(versionsKey(['ab']));
  });
});
