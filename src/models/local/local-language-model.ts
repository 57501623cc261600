import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { FolioError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { GenerateRequest, GenerateResult, LanguageModel, ModelSpeed } from '../types.ts';
import { speedOf, speedProbeOutputTokens, speedProbePrompt } from '../speed-probe.ts';
import { grammarSchema } from './grammar-schema.ts';
import { importFromRuntime, resolveInRuntime } from './local-runtime.ts';

/** The parts of node-llama-cpp this provider uses (the runtime is installed by `folio models fetch`, not by npm ci). */
interface NodeLlamaCpp {
  getLlama(options: { gpu: false; build: 'never'; logLevel?: string; logger?: (level: string, message: string) => void }): Promise<Llama>;
  LlamaChatSession: new (options: { contextSequence: LlamaSequence; systemPrompt?: string; autoDisposeSequence?: boolean }) => LlamaChatSession;
}
interface Llama {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  createGrammarForJsonSchema(schema: unknown): Promise<unknown>;
  createGrammar(options: { grammar: string; stopGenerationTriggers?: string[]; trimWhitespaceSuffix?: boolean }): Promise<unknown>;
}
/** node-llama-cpp's JSON-schema-to-GBNF builder, which can leave out line breaks and indentation. */
type GrammarBuilder = (schema: unknown, options: { allowNewLines: boolean; scopePadSpaces: number }) => string;
interface LlamaModel {
  readonly trainContextSize: number;
  createContext(options: { contextSize: number; sequences: number; threads: number }): Promise<LlamaContext>;
  tokenize(text: string): unknown[];
}
interface LlamaContext {
  readonly contextSize: number;
  getSequence(): LlamaSequence;
}
interface LlamaSequence {
  readonly tokenMeter: { usedInputTokens: number; usedOutputTokens: number };
}
interface LlamaChatSession {
  prompt(
    text: string,
    options: {
      maxTokens?: number;
      temperature?: number;
      grammar?: unknown;
      signal?: AbortSignal;
      onTextChunk?: (text: string) => void;
    },
  ): Promise<string>;
  dispose(options: { disposeSequence: boolean }): void;
}

interface Loaded {
  runtime: NodeLlamaCpp;
  llama: Llama;
  compactGrammar?: GrammarBuilder;
  model: LlamaModel;
  context: LlamaContext;
  /** For JSON requests (plans) and for text (answers): see `sequenceFor`. */
  sequences: { json: LlamaSequence; text: LlamaSequence };
}

export interface LocalLanguageModelOptions {
  modelsDir: string;
  modelPath: string;
  /** CPU threads; absent: the machine's cores, at most 8. */
  threads?: number;
  log: Logger;
}

/** Tokens each sequence of the one context holds: a 2,000-token context, the prompt's instructions and a long answer fit with room. */
const contextTokens = 8192;
/** Output tokens when a request names no limit. */
const defaultMaxOutputTokens = 1024;

/**
 * A GGUF chat model run in this process by node-llama-cpp on the CPU. One model and one context (with
 * a sequence for JSON requests and one for text) per process, shared by every request: requests wait in line (a CPU model answers one at a time faster than
 * two at once) and leave the line when their signal aborts. Text streams through `onText`; a JSON Schema
 * becomes a grammar, so the reply is always valid JSON of that shape. Consecutive prompts that start
 * alike (the same instructions) reuse what the context has already read. Speed (prompt and generation
 * tokens per second) is measured once when the model loads and updated by every call, so callers can size
 * their budgets to it.
 */
export class LocalLanguageModel implements LanguageModel {
  readonly id: string;
  readonly acceptsImages = false;
  private loading?: Promise<Loaded>;
  private queue: Promise<unknown> = Promise.resolve();
  private measured?: ModelSpeed;
  private readonly grammars = new Map<string, Promise<unknown>>();

  constructor(private readonly options: LocalLanguageModelOptions) {
    this.id = `local:${basename(options.modelPath).replace(/\.gguf$/iu, '')}`;
  }

  /** Loads the model (once) and measures its speed on a short prompt. */
  async speed(): Promise<ModelSpeed> {
    await this.load();
    if (!this.measured) {
      await this.inLine(undefined, async loaded => {
        if (this.measured) return;
        this.measured = await calibrate(loaded);
        this.options.log.info({ model: this.id, ...this.measured }, 'local language model loaded and measured');
      });
    }
    return this.measured!;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    request.signal?.throwIfAborted();
    const started = performance.now();
    const loaded = await this.load();
    const grammar = request.jsonSchema ? await this.grammarFor(loaded, request.jsonSchema.schema) : undefined;
    // Plans and answers alternate, each with its own fixed instructions first: one sequence for each keeps
    // what each has read, so the next plan (answer) reads only what differs from the last one.
    const sequence = request.jsonSchema ? loaded.sequences.json : loaded.sequences.text;
    return this.inLine(request.signal, async () => {
      const session = new loaded.runtime.LlamaChatSession({ contextSequence: sequence, systemPrompt: request.system, autoDisposeSequence: false });
      const meter = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
      const callStarted = performance.now();
      let firstTokenMs: number | undefined;
      try {
        const text = await session.prompt(promptText(request.prompt), {
          maxTokens: request.maxOutputTokens ?? defaultMaxOutputTokens,
          temperature: request.temperature ?? 0,
          grammar,
          signal: request.signal,
          onTextChunk: chunk => {
            firstTokenMs ??= Math.round(performance.now() - started);
            request.onText?.(chunk);
          },
        });
        const usage = {
          inputTokens: sequence.tokenMeter.usedInputTokens - meter.input,
          outputTokens: sequence.tokenMeter.usedOutputTokens - meter.output,
        };
        this.learn(usage, firstTokenMs === undefined ? undefined : firstTokenMs - (callStarted - started), performance.now() - callStarted);
        return {
          text: text.trim(),
          usage,
          model: this.id,
          ms: Math.round(performance.now() - started),
          firstTokenMs: request.onText ? firstTokenMs : undefined,
        };
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        throw new FolioError({
          code: 'model_unavailable',
          message: `${this.id} failed: ${error instanceof Error ? error.message : String(error)}`,
          userMessage: 'The local language model failed on this question.',
          retryable: true,
          cause: error,
        });
      } finally {
        session.dispose({ disposeSequence: false });
      }
    });
  }

  /** Runs `work` when every earlier request is done; a request aborted while waiting leaves at once. */
  private inLine<T>(signal: AbortSignal | undefined, work: (loaded: Loaded) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const turn = this.queue.then(async () => {
      signal?.throwIfAborted();
      return work(await this.load());
    });
    this.queue = turn.catch(() => undefined);
    if (!signal) return turn;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private load(): Promise<Loaded> {
    this.loading ??= this.open().catch(error => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async open(): Promise<Loaded> {
    const { modelsDir, modelPath, log } = this.options;
    const runtime = await importFromRuntime<NodeLlamaCpp>(modelsDir, 'node-llama-cpp');
    try {
      const llama = await runtime.getLlama({
        gpu: false,
        build: 'never',
        logLevel: 'warn',
        logger: (level, message) => log.debug({ model: this.id, level }, message.trim()),
      });
      const model = await llama.loadModel({ modelPath });
      const threads = this.options.threads ?? Math.min(8, availableParallelism());
      const context = await model.createContext({ contextSize: Math.min(contextTokens, model.trainContextSize || contextTokens), sequences: 2, threads });
      return {
        runtime,
        llama,
        compactGrammar: await compactGrammarBuilder(modelsDir),
        model,
        context,
        sequences: { json: context.getSequence(), text: context.getSequence() },
      };
    } catch (error) {
      throw new FolioError({
        code: 'model_unavailable',
        message: `could not load the local language model ${modelPath}: ${error instanceof Error ? error.message : String(error)}`,
        userMessage: 'The local language model could not be loaded; an administrator should run `npm run models:fetch` again.',
        retryable: false,
        cause: error,
      });
    }
  }

  private grammarFor(loaded: Loaded, schema: Record<string, unknown>): Promise<unknown> {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (!grammar) {
      const reduced = grammarSchema(schema);
      grammar = loaded.compactGrammar
        ? loaded.llama.createGrammar({
            grammar: loaded.compactGrammar(reduced, { allowNewLines: false, scopePadSpaces: 0 }),
            stopGenerationTriggers: ['\n\n\n\n'],
            trimWhitespaceSuffix: true,
          })
        : loaded.llama.createGrammarForJsonSchema(reduced);
      this.grammars.set(key, grammar);
      grammar.catch(() => this.grammars.delete(key));
    }
    return grammar;
  }

  /** Folds one call's figures into the speed estimate (prompt tokens read before the first token; the rest generated). */
  private learn(usage: { inputTokens: number; outputTokens: number }, firstTokenMs: number | undefined, totalMs: number): void {
    if (!this.measured || firstTokenMs === undefined || usage.outputTokens < 8 || usage.inputTokens < 64) return;
    const prompt = usage.inputTokens / Math.max(firstTokenMs / 1000, 0.001);
    const generation = (usage.outputTokens - 1) / Math.max((totalMs - firstTokenMs) / 1000, 0.001);
    this.measured = {
      promptTokensPerSecond: round(this.measured.promptTokensPerSecond * 0.7 + prompt * 0.3),
      generationTokensPerSecond: round(this.measured.generationTokensPerSecond * 0.7 + generation * 0.3),
    };
  }
}

/**
 * The grammar builder inside node-llama-cpp (not among its exports; the runtime's version is pinned):
 * JSON on one line without indentation costs a CPU model a third fewer output tokens than the indented
 * JSON its public createGrammarForJsonSchema allows. Absent in another version: the public one is used.
 */
async function compactGrammarBuilder(modelsDir: string): Promise<GrammarBuilder | undefined> {
  const entry = resolveInRuntime(modelsDir, 'node-llama-cpp');
  if (!entry) return undefined;
  try {
    const module = (await import(pathToFileURL(join(dirname(entry), 'utils', 'gbnfJson', 'getGbnfGrammarForGbnfJsonSchema.js')).href)) as {
      getGbnfGrammarForGbnfJsonSchema?: GrammarBuilder;
    };
    return module.getGbnfGrammarForGbnfJsonSchema;
  } catch {
    return undefined;
  }
}

/** A short prompt read and a few tokens written, timed: enough to size budgets before the first question. */
async function calibrate(loaded: Loaded): Promise<ModelSpeed> {
  const sequence = loaded.sequences.text;
  const session = new loaded.runtime.LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
  try {
    const meter = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
    const started = performance.now();
    let firstTokenAt: number | undefined;
    await session.prompt(speedProbePrompt, {
      maxTokens: speedProbeOutputTokens,
      temperature: 0,
      onTextChunk: () => (firstTokenAt ??= performance.now()),
    });
    const ended = performance.now();
    const read = sequence.tokenMeter.usedInputTokens - meter.input;
    const written = sequence.tokenMeter.usedOutputTokens - meter.output;
    return speedOf({ inputTokens: read, outputTokens: written, firstTokenMs: (firstTokenAt ?? ended) - started, totalMs: ended - started });
  } finally {
    session.dispose({ disposeSequence: false });
  }
}

function promptText(prompt: GenerateRequest['prompt']): string {
  if (typeof prompt === 'string') return prompt;
  return prompt
    .filter(part => part.type === 'text')
    .map(part => part.text)
    .join('\n\n');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
