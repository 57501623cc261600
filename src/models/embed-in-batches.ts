import type { EmbeddingModel } from './types.ts';

/** Vectors of `texts`, in order, from calls of at most the model's `maxBatchSize` texts each. */
export async function embedInBatches(
  embedder: EmbeddingModel,
  texts: string[],
  options: { task: 'query' | 'document'; signal?: AbortSignal },
): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += embedder.maxBatchSize) {
    vectors.push(...(await embedder.embed(texts.slice(start, start + embedder.maxBatchSize), options)));
  }
  return vectors;
}
