import { createHash } from 'node:crypto';
import type { EmbeddingModel } from '../../src/models/types.ts';

/**
 * A deterministic embedding for tests (the hashing trick): each lower-cased, accent-free word adds ±1
 * to one of `dimensions` buckets chosen by its hash, then the vector is scaled to unit length. Texts
 * sharing words get similar vectors, so vector search behaves plausibly without any model.
 */
export class FakeEmbeddingModel implements EmbeddingModel {
  readonly id = 'fake:hashing';
  readonly calls: Array<{ texts: string[]; task: 'document' | 'query' }> = [];

  constructor(
    readonly dimensions = 64,
    readonly maxBatchSize = 16,
  ) {}

  async embed(texts: string[], options: { task: 'document' | 'query'; signal?: AbortSignal }): Promise<number[][]> {
    if (texts.length > this.maxBatchSize) throw new Error(`batch of ${texts.length} exceeds maxBatchSize ${this.maxBatchSize}`);
    this.calls.push({ texts, task: options.task });
    return texts.map(text => this.embedOne(text));
  }

  embedOne(text: string): number[] {
    const vector = new Array<number>(this.dimensions).fill(0);
    const words =
      text
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [];
    for (const word of words) {
      const digest = createHash('sha256').update(word).digest();
      vector[digest.readUInt32BE(0) % this.dimensions] += digest[4] & 1 ? 1 : -1;
    }
    const length = Math.hypot(...vector);
    return length === 0 ? vector : vector.map(value => value / length);
  }
}
