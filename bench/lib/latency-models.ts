import { createHash } from 'node:crypto';
import type { EmbeddingModel, GenerateRequest, GenerateResult, LanguageModel } from '../../src/models/types.ts';

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/**
 * A language model that takes a fixed time per call: the plan call gets a valid plan (picking the first
 * two sections of the table of contents), the answer call streams a short cited answer, its first
 * chunk after a quarter of the latency. Time spent waiting here is "model time" in bench:ask.
 */
export class LatencyLanguageModel implements LanguageModel {
  readonly id = 'bench:latency';
  readonly acceptsImages = false;
  busyMs = 0;
  planMs = 0;
  firstTokenLatencyMs = 0;

  constructor(private readonly latencyMs: number) {}

  reset(): void {
    this.busyMs = this.planMs = this.firstTokenLatencyMs = 0;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const prompt = typeof request.prompt === 'string' ? request.prompt : '';
    if (request.jsonSchema || prompt.includes('You plan the search')) {
      await sleep(this.latencyMs);
      const nodes = [...prompt.matchAll(/^ {2}(\d{4}) /gmu)].slice(0, 2).map(match => ({ doc: 1, node: match[1] }));
      const question = /The question:\n(.*)\n/u.exec(prompt)?.[1] ?? 'question';
      // Like a real plan: a few keyword variants built from the question's words, one HyDE passage.
      const words = question.replace(/\?$/u, '').split(' ').slice(-5);
      const variants = [words.slice(-4).join(' '), words.slice(0, 3).join(' '), [words[0], words.at(-1)].join(' ')];
      const text = JSON.stringify({ language: 'en', subQuestions: [question], tasks: [], variants, hyde: [`A passage answering ${question}`], picks: nodes });
      const ms = performance.now() - started;
      this.busyMs += ms;
      this.planMs += ms;
      return { text, usage: { inputTokens: prompt.length / 4, outputTokens: text.length / 4 }, model: this.id, ms };
    }
    const firstChunkAfter = this.latencyMs / 4;
    await sleep(firstChunkAfter);
    const firstTokenMs = performance.now() - started;
    this.firstTokenLatencyMs += firstTokenMs;
    const chunks = ['The report states ', 'what was asked ', 'on the cited page [1]', '.'];
    request.onText?.(chunks[0]);
    for (const chunk of chunks.slice(1)) {
      await sleep((this.latencyMs - firstChunkAfter) / (chunks.length - 1));
      request.onText?.(chunk);
    }
    const ms = performance.now() - started;
    this.busyMs += ms;
    return { text: chunks.join(''), usage: { inputTokens: (request.system ?? '').length / 4, outputTokens: 20 }, model: this.id, ms, firstTokenMs };
  }
}

/** A hashing embedder with a fixed latency per call; `embedNow` fills the space without waiting. */
export class LatencyEmbeddingModel implements EmbeddingModel {
  readonly id = 'bench:hashing';
  readonly maxBatchSize = 100;
  busyMs = 0;

  constructor(
    readonly dimensions: number,
    private readonly latencyMs: number,
  ) {}

  reset(): void {
    this.busyMs = 0;
  }

  async embed(texts: string[]): Promise<number[][]> {
    const started = performance.now();
    await sleep(this.latencyMs);
    const vectors = await this.embedNow(texts);
    this.busyMs += performance.now() - started;
    return vectors;
  }

  async embedNow(texts: string[]): Promise<number[][]> {
    return texts.map(text => {
      const vector = new Array<number>(this.dimensions).fill(0);
      for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
        const digest = createHash('md5').update(word).digest();
        vector[digest.readUInt32BE(0) % this.dimensions] += digest[4] & 1 ? 1 : -1;
      }
      const norm = Math.hypot(...vector) || 1;
      return vector.map(value => value / norm);
    });
  }
}
