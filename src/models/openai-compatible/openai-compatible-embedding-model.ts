import type { OpenAI } from 'openai';
import type { ModelCallPolicy } from '../call-policy.ts';
import { l2Normalize } from '../l2-normalize.ts';
import { unexpectedResponse } from '../unexpected-response.ts';
import type { EmbeddingModel } from '../types.ts';
import { describeOpenAIFailure } from './openai-failure.ts';

/**
 * Embeddings from an OpenAI-compatible `/embeddings` endpoint. The API has no task types, so queries
 * and documents are embedded alike. Vectors are scaled to unit length (local models such as
 * nomic-embed-text do not always return them so).
 */
export class OpenAICompatibleEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  readonly maxBatchSize = 100;
  private observedDimensions: number | undefined;

  constructor(private readonly options: { client: OpenAI; model: string; dimensions?: number; policy: ModelCallPolicy }) {
    this.id = `openai:${options.model}`;
  }

  /** OPENAI_EMBEDDING_DIMENSIONS when set; otherwise the model's own size, known after the first call (0 before). */
  get dimensions(): number {
    return this.options.dimensions ?? this.observedDimensions ?? 0;
  }

  async embed(texts: string[], options: { task: 'document' | 'query'; signal?: AbortSignal }): Promise<number[][]> {
    if (texts.length > this.maxBatchSize) throw new Error(`${this.id}: batch of ${texts.length} exceeds maxBatchSize ${this.maxBatchSize}`);
    if (texts.length === 0) return [];
    const response = await this.options.policy.run(
      { model: this.id, operation: 'embed', signal: options.signal, describeFailure: describeOpenAIFailure },
      context =>
        this.options.client.embeddings.create(
          {
            model: this.options.model,
            input: texts,
            // The SDK asks for base64 by default; not every local server implements it.
            encoding_format: 'float',
            // Only when configured: servers without Matryoshka support reject the parameter.
            ...(this.options.dimensions !== undefined ? { dimensions: this.options.dimensions } : {}),
          },
          { signal: context.signal },
        ),
    );
    const data = [...response.data].sort((left, right) => left.index - right.index);
    if (data.length !== texts.length) throw unexpectedResponse(this.id, `${data.length} embeddings for ${texts.length} texts`);
    const expected = this.dimensions || data[0].embedding.length;
    const wrongSize = data.find(item => item.embedding.length !== expected);
    if (wrongSize) throw unexpectedResponse(this.id, `a ${wrongSize.embedding.length}-dimensional vector, expected ${expected}`);
    this.observedDimensions = expected;
    return data.map(item => l2Normalize(item.embedding));
  }
}
