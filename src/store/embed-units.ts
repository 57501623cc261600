import type { EmbeddingModel } from '../models/types.ts';
import type { IndexUnit } from './types.ts';

/**
 * Adds a vector to every unit, in batches of the model's maxBatchSize. The title path is embedded with
 * the text: a unit's text alone often does not say what section it belongs to.
 */
export async function embedUnits(units: IndexUnit[], model: EmbeddingModel, options: { signal?: AbortSignal } = {}): Promise<IndexUnit[]> {
  const embedded: IndexUnit[] = [];
  const batchSize = Math.max(1, model.maxBatchSize);
  for (let start = 0; start < units.length; start += batchSize) {
    options.signal?.throwIfAborted();
    const batch = units.slice(start, start + batchSize);
    const vectors = await model.embed(batch.map(embeddingText), { task: 'document', signal: options.signal });
    if (vectors.length !== batch.length) throw new Error(`${model.id} returned ${vectors.length} vectors for ${batch.length} texts`);
    batch.forEach((unit, index) => embedded.push({ ...unit, vector: vectors[index] }));
  }
  return embedded;
}

export function embeddingText(unit: IndexUnit): string {
  return unit.titlePath.length > 0 ? `${unit.titlePath.join(' › ')}\n\n${unit.text}` : unit.text;
}
