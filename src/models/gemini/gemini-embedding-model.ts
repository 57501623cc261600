import type { GoogleGenAI } from '@google/genai';
import type { ModelCallPolicy } from '../call-policy.ts';
import { l2Normalize } from '../l2-normalize.ts';
import { unexpectedResponse } from '../unexpected-response.ts';
import type { EmbeddingModel } from '../types.ts';
import { describeGeminiFailure, GeminiResponseRecorder } from './gemini-failure.ts';

/** Gemini's native size; smaller (Matryoshka) outputs are not unit length and Google advises normalising them. */
const nativeDimensions = 3072;

/**
 * Gemini embeddings (gemini-embedding-001 by default) through @google/genai, which sends several texts
 * as one `:batchEmbedContents` request. Queries and documents use the RETRIEVAL_QUERY and
 * RETRIEVAL_DOCUMENT task types.
 */
export class GeminiEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  /** The batch endpoint accepts up to 100 requests. */
  readonly maxBatchSize = 100;

  constructor(private readonly options: { client: GoogleGenAI; model: string; dimensions: number; policy: ModelCallPolicy }) {
    this.id = `gemini:${options.model}`;
  }

  get dimensions(): number {
    return this.options.dimensions;
  }

  async embed(texts: string[], options: { task: 'document' | 'query'; signal?: AbortSignal }): Promise<number[][]> {
    if (texts.length > this.maxBatchSize) throw new Error(`${this.id}: batch of ${texts.length} exceeds maxBatchSize ${this.maxBatchSize}`);
    if (texts.length === 0) return [];
    const recorder = new GeminiResponseRecorder();
    const response = await this.options.policy.run(
      { model: this.id, operation: 'embed', signal: options.signal, describeFailure: error => describeGeminiFailure(error, recorder.last) },
      context => {
        recorder.reset();
        return this.options.client.models.embedContent({
          model: this.options.model,
          contents: texts,
          config: {
            taskType: options.task === 'query' ? 'RETRIEVAL_QUERY' : 'RETRIEVAL_DOCUMENT',
            outputDimensionality: this.options.dimensions,
            abortSignal: context.signal,
            httpOptions: { fetch: recorder.fetch },
          },
        });
      },
    );
    const vectors = (response.embeddings ?? []).map(embedding => embedding.values ?? []);
    if (vectors.length !== texts.length) throw unexpectedResponse(this.id, `${vectors.length} embeddings for ${texts.length} texts`);
    const wrongSize = vectors.find(vector => vector.length !== this.options.dimensions);
    if (wrongSize) throw unexpectedResponse(this.id, `a ${wrongSize.length}-dimensional vector, configured ${this.options.dimensions}`);
    return this.options.dimensions < nativeDimensions ? vectors.map(l2Normalize) : vectors;
  }
}
