import { setTimeout as wait } from 'node:timers/promises';
import type { GenerateRequest, GenerateResult, LanguageModel } from '../../src/models/types.ts';

/** A reply: text, or an Error to throw (e.g. a FolioError with code model_unavailable). */
export type ScriptedReply = string | Error;

export interface ScriptedLanguageModelOptions {
  /** Answers calls once the script is used up; gets the request and the 0-based call number. */
  reply?: (request: GenerateRequest, callIndex: number) => ScriptedReply | Promise<ScriptedReply>;
  id?: string;
  acceptsImages?: boolean;
  /** Added to every call before its first text (a model's time to first token). */
  latencyMs?: number;
  /** Streaming: characters per onText chunk (default 16). */
  chunkSize?: number;
  /** Streaming: pause between chunks. */
  chunkDelayMs?: number;
}

/**
 * An in-memory LanguageModel (no HTTP) for tests and benchmarks of code above the providers: scripted
 * replies in order, then a reply function; a fixed latency per call; streaming in chunks through onText
 * with firstTokenMs; the caller's AbortSignal honoured. Every request is kept in `calls`.
 */
/** Waits, rejecting with the signal's own reason (as the real providers do) when it aborts. */
const sleep = (ms: number, signal: AbortSignal | undefined) =>
  wait(ms, undefined, { signal }).catch((error: unknown) => {
    throw signal?.aborted ? signal.reason : error;
  });

export class ScriptedLanguageModel implements LanguageModel {
  readonly id: string;
  readonly acceptsImages: boolean;
  readonly calls: GenerateRequest[] = [];
  private readonly queue: ScriptedReply[] = [];

  constructor(private readonly options: ScriptedLanguageModelOptions = {}) {
    this.id = options.id ?? 'scripted:model';
    this.acceptsImages = options.acceptsImages ?? false;
  }

  /** Queues replies for the next calls. */
  script(...replies: ScriptedReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const callIndex = this.calls.length;
    this.calls.push(request);
    const signal = request.signal;
    signal?.throwIfAborted();
    const reply = this.queue.length > 0 ? this.queue.shift()! : await (this.options.reply ?? (() => 'This is the scripted answer.'))(request, callIndex);
    if (this.options.latencyMs) await sleep(this.options.latencyMs, signal);
    if (reply instanceof Error) throw reply;
    let firstTokenMs: number | undefined;
    if (request.onText) {
      const size = this.options.chunkSize ?? 16;
      for (let start = 0; start < reply.length; start += size) {
        if (start > 0 && this.options.chunkDelayMs) await sleep(this.options.chunkDelayMs, signal);
        signal?.throwIfAborted();
        firstTokenMs ??= Math.round(performance.now() - started);
        request.onText(reply.slice(start, start + size));
      }
    }
    const promptText = typeof request.prompt === 'string' ? request.prompt : request.prompt.map(part => (part.type === 'text' ? part.text : '')).join('');
    return {
      text: reply,
      usage: { inputTokens: Math.ceil(((request.system?.length ?? 0) + promptText.length) / 4), outputTokens: Math.ceil(reply.length / 4) },
      model: this.id,
      ms: Math.round(performance.now() - started),
      firstTokenMs,
    };
  }
}
