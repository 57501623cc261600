import { describe, expect, it } from 'vitest';
import { localEmbeddingModel } from '../../src/models/local/local-embedding-model.ts';
import { localModelsTarget } from '../support/models/local-models-target.ts';

/** The real USE multilingual model, from a models directory `npm run models:fetch` filled (FOLIO_TEST_MODELS_DIR). */
const target = localModelsTarget({ embedding: true });
if (target.state === 'missing-in-ci') {
  describe('local embedding model', () => {
    it('has the fetched model to run', () => {
      throw new Error(target.reason);
    });
  });
} else if (target.state === 'skip') {
  console.info(target.reason);
}

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);

describe.skipIf(target.state !== 'ready')(`local embedding model (USE multilingual v3)${target.state === 'skip' ? ` (skipped: ${target.reason})` : ''}`, () => {
  const model = () => localEmbeddingModel({ modelsDir: (target as { modelsDir: string }).modelsDir, threads: 2 });

  it('returns 512-dimensional unit vectors', async () => {
    const [vector] = await model().embed(['The warranty lasts two years.'], { task: 'document' });
    expect(vector).toHaveLength(512);
    expect(Math.sqrt(cosine(vector!, vector!))).toBeCloseTo(1, 5);
  });

  it('puts a sentence near its German translation and far from an unrelated one', async () => {
    const [english, german, unrelated] = await model().embed(
      ['The warranty lasts two years.', 'Die Garantie dauert zwei Jahre.', 'Penguins hunt fish in the cold waters of Antarctica.'],
      { task: 'query' },
    );
    expect(cosine(english!, german!)).toBeGreaterThan(0.8);
    expect(cosine(english!, unrelated!)).toBeLessThan(0.3);
  });

  it('keeps input order across batches', async () => {
    const probes = new Map([
      [0, 'Refunds are paid within fourteen days.'],
      [33, 'Der Serverraum ist nachts verschlossen.'],
      [69, 'Het kantoor sluit om zes uur.'],
    ]);
    const texts = Array.from(
      { length: 70 },
      (_, index) => probes.get(index) ?? `Clause ${index}: the tenant pays ${index * 10} euros for item number ${index}.`,
    );
    const vectors = await model().embed(texts, { task: 'document' });
    expect(vectors).toHaveLength(70);
    for (const [index, text] of probes) {
      const [alone] = await model().embed([text], { task: 'document' });
      // The int8 graph quantises activations per batch (DynamicQuantizeLinear), so a text's vector
      // moves slightly with its batch-mates; it stays far closer to itself than to anything else.
      expect(cosine(alone!, vectors[index]!)).toBeGreaterThan(0.99);
      for (const other of probes.keys()) if (other !== index) expect(cosine(alone!, vectors[other]!)).toBeLessThan(0.6);
    }
  });

  it('stops between batches when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(model().embed(['one'], { task: 'document', signal: controller.signal })).rejects.toThrow();
  });
});
