/**
 * A small seeded generator (the benchmarks' mulberry32): the same seed gives the same sequence on every
 * machine, so a failing fuzz run is reproduced from the seed it prints.
 */
export { seededRandom } from '../../../bench/lib/search-benchmark.ts';

/** A whole number in [0, below). */
export const randomInt = (random: () => number, below: number) => Math.floor(random() * below);

/** `length` random bytes. */
export function randomBytesFrom(random: () => number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) bytes[index] = randomInt(random, 256);
  return bytes;
}
