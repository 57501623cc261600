import { describe, expect, it } from 'vitest';
import { kthLargest } from './kth-largest.ts';

/** A small deterministic generator, so a failure names the same input every run. */
function numbers(seed: number, count: number, distinct: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state % distinct) / 7;
  });
}

describe('kthLargest', () => {
  for (const [name, make] of [
    ['Float32Array', (values: number[]) => Float32Array.from(values)],
    ['Float64Array', (values: number[]) => Float64Array.from(values)],
  ] as const) {
    it(`finds the k-th largest of a ${name}, ties included, as a full sort does`, () => {
      for (const [seed, count, distinct] of [
        [1, 1, 5],
        [2, 50, 1000],
        [3, 500, 12],
        [4, 2000, 100_000],
      ]) {
        const values = make(numbers(seed, count, distinct));
        const sorted = [...values].sort((a, b) => b - a);
        for (const rank of [1, 2, Math.ceil(count / 3), count]) {
          expect(kthLargest(values.slice(), rank)).toBe(sorted[rank - 1]);
        }
      }
    });
  }
});
