/**
 * A small seeded generator (mulberry32): the same seed gives the same sequence on every machine, so a
 * failing fuzz run is reproduced from the seed it prints.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A whole number in [0, below). */
export const randomInt = (random: () => number, below: number) => Math.floor(random() * below);

/** `length` random bytes. */
export function randomBytesFrom(random: () => number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) bytes[index] = randomInt(random, 256);
  return bytes;
}
