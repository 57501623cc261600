import { createHash } from 'node:crypto';
import type { EmbeddingModel, GenerateRequest, GenerateResult, LanguageModel } from '../../src/models/types.ts';

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/**
 * Wall time during which at least one model call is in flight. Calls may overlap (an embedding call
 * while the planner's call runs): summing their durations would count that time twice and hide
 * pipeline work from the overhead; the union does not.
 */
export class ModelClock {
  private inFlight = 0;
  private since = 0;
  private doneMs = 0;

  reset(): void {
    this.inFlight = 0;
    this.doneMs = 0;
  }

  /** Model time so far (calls still in flight included). */
  elapsedMs(): number {
    return this.doneMs + (this.inFlight > 0 ? performance.now() - this.since : 0);
  }

  async time<T>(call: () => Promise<T>): Promise<T> {
    if (this.inFlight++ === 0) this.since = performance.now();
    try {
      return await call();
    } finally {
      if (--this.inFlight === 0) this.doneMs += performance.now() - this.since;
    }
  }
}

/**
 * A language model that takes a fixed time per call: the plan call gets a valid plan (picking the first
 * two sections of the table of contents), the answer call streams a short cited answer, its first
 * chunk after a quarter of the latency. Time spent waiting here is "model time" in bench:ask.
 */
export class LatencyLanguageModel implements LanguageModel {
  readonly id = 'bench:latency';
  readonly acceptsImages = false;
  /** Model time (the clock's) when the answer's first chunk came, since the last reset. */
  modelMsAtFirstToken?: number;

  constructor(
    private readonly latencyMs: number,
    private readonly clock: ModelClock,
  ) {}

  reset(): void {
    this.modelMsAtFirstToken = undefined;
  }

  generate(request: GenerateRequest): Promise<GenerateResult> {
    return this.clock.time(() => this.generateNow(request));
  }

  private async generateNow(request: GenerateRequest): Promise<GenerateResult> {
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
      return { text, usage: { inputTokens: prompt.length / 4, outputTokens: text.length / 4 }, model: this.id, ms };
    }
    const firstChunkAfter = this.latencyMs / 4;
    await sleep(firstChunkAfter);
    const firstTokenMs = performance.now() - started;
    this.modelMsAtFirstToken = this.clock.elapsedMs();
    const chunks = ['The report states ', 'what was asked ', 'on the cited page [1]', '.'];
    request.onText?.(chunks[0]);
    for (const chunk of chunks.slice(1)) {
      await sleep((this.latencyMs - firstChunkAfter) / (chunks.length - 1));
      request.onText?.(chunk);
    }
    const ms = performance.now() - started;
    return { text: chunks.join(''), usage: { inputTokens: (request.system ?? '').length / 4, outputTokens: 20 }, model: this.id, ms, firstTokenMs };
  }
}

/** A hashing embedder with a fixed latency per call; `embedNow` fills the space without waiting. */
export class LatencyEmbeddingModel implements EmbeddingModel {
  readonly id = 'bench:hashing';
  readonly maxBatchSize = 100;

  constructor(
    readonly dimensions: number,
    private readonly latencyMs: number,
    private readonly clock: ModelClock,
  ) {}

  embed(texts: string[]): Promise<number[][]> {
    return this.clock.time(async () => {
      await sleep(this.latencyMs);
      return this.embedNow(texts);
    });
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
