import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { FolioError } from '../../errors.ts';
import { l2Normalize } from '../l2-normalize.ts';
import type { EmbeddingModel } from '../types.ts';
import { localModelPaths } from './local-model-files.ts';
import { importFromRuntime } from './local-runtime.ts';

/**
 * Universal Sentence Encoder Multilingual v3 (int8 ONNX, 512 dims) run in-process by onnxruntime-node.
 * The graph's tokenizer node was cut out at fetch (see cut-sentencepiece-tokenizer.ts), so texts are
 * tokenised here with SentencePiece, BOS and EOS added as the node did, and passed flat with row splits.
 * Queries and documents are embedded alike (the model is symmetric).
 */

/** The parts of npm `onnxruntime-node` used here. */
interface OrtTensor {
  readonly data: unknown;
  readonly dims: readonly number[];
}
interface OrtSession {
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
}
interface Ort {
  InferenceSession: {
    create(path: string, options: { intraOpNumThreads: number; interOpNumThreads: number; graphOptimizationLevel: 'all' }): Promise<OrtSession>;
  };
  Tensor: new (type: 'int32' | 'int64', data: Int32Array | BigInt64Array, dims: number[]) => OrtTensor;
}
/** The parts of npm `@sctg/sentencepiece-js` used here. */
interface SentencePieceProcessor {
  loadFromB64StringModel(base64Model: string): Promise<void>;
  encodeIds(text: string): number[];
}

const bosId = 1;
const eosId = 2;

interface LoadedModel {
  ort: Ort;
  session: OrtSession;
  tokenizer: SentencePieceProcessor;
}

/** One session per graph and tokenizer per process: every LocalEmbeddingModel shares it. */
const loaded = new Map<string, Promise<LoadedModel>>();

export interface LocalEmbeddingModelSettings {
  modelsDir: string;
  /** Default `<modelsDir>/use-multilingual-v3/model.onnx`. */
  modelPath?: string;
  /** Default `sentencepiece.model` beside the graph. */
  tokenizerPath?: string;
  /** onnxruntime intra-op threads; default the CPU count, at most 4. */
  threads?: number;
}

export class LocalEmbeddingModel implements EmbeddingModel {
  readonly id = 'local:use-multilingual-v3';
  readonly dimensions = 512;
  readonly maxBatchSize = 32;

  constructor(private readonly settings: LocalEmbeddingModelSettings) {}

  /**
   * Loads the runtime, graph and tokenizer now rather than on the first call (once per process and
   * files). Fails with a FolioError naming `npm run models:fetch` when something is missing.
   */
  load(): Promise<LoadedModel> {
    const modelPath = this.settings.modelPath ?? localModelPaths(this.settings.modelsDir).embedding.model;
    const tokenizerPath = this.settings.tokenizerPath ?? join(dirname(modelPath), 'sentencepiece.model');
    const key = `${modelPath}\n${tokenizerPath}`;
    let model = loaded.get(key);
    if (!model) {
      model = loadModel(this.settings.modelsDir, modelPath, tokenizerPath, this.settings.threads ?? Math.min(4, availableParallelism()));
      loaded.set(key, model);
      model.catch(() => loaded.delete(key));
    }
    return model;
  }

  async embed(texts: string[], options: { task: 'document' | 'query'; signal?: AbortSignal }): Promise<number[][]> {
    const model = await this.load();
    const vectors: number[][] = [];
    // Batches of maxBatchSize bound the memory of one run; the signal is honoured between them.
    for (let start = 0; start < texts.length; start += this.maxBatchSize) {
      options.signal?.throwIfAborted();
      vectors.push(...(await this.embedBatch(model, texts.slice(start, start + this.maxBatchSize))));
    }
    return vectors;
  }

  private async embedBatch({ ort, session, tokenizer }: LoadedModel, texts: string[]): Promise<number[][]> {
    const ids: number[] = [];
    const rowSplits = [0n];
    for (const text of texts) {
      ids.push(bosId, ...tokenizer.encodeIds(text), eosId);
      rowSplits.push(BigInt(ids.length));
    }
    const outputs = await session.run({
      token_ids: new ort.Tensor('int32', Int32Array.from(ids), [ids.length]),
      row_splits: new ort.Tensor('int64', BigInt64Array.from(rowSplits), [rowSplits.length]),
    });
    const data = outputs[session.outputNames[0]!]!.data as Float32Array;
    if (data.length !== texts.length * this.dimensions) throw new Error(`${this.id}: ${data.length} values for ${texts.length} texts`);
    return texts.map((_, index) => l2Normalize(Array.from(data.subarray(index * this.dimensions, (index + 1) * this.dimensions))));
  }
}

/** The model over the fetched files, loaded on its first call. */
export function localEmbeddingModel(settings: LocalEmbeddingModelSettings): LocalEmbeddingModel {
  return new LocalEmbeddingModel(settings);
}

async function loadModel(modelsDir: string, modelPath: string, tokenizerPath: string, threads: number): Promise<LoadedModel> {
  for (const path of [modelPath, tokenizerPath]) {
    if (existsSync(path)) continue;
    throw new FolioError({
      code: 'model_unavailable',
      message: `local embedding model file missing: ${path}`,
      userMessage: `The local embedding model is not in ${modelsDir}. Run \`npm run models:fetch\` (FOLIO_MODELS_DIR=${modelsDir}).`,
    });
  }
  const ortModule = await importFromRuntime<Ort & { default?: Ort }>(modelsDir, 'onnxruntime-node');
  const ort = ortModule.default ?? ortModule;
  const { SentencePieceProcessor } = await importFromRuntime<{ SentencePieceProcessor: new () => SentencePieceProcessor }>(modelsDir, '@sctg/sentencepiece-js');
  const tokenizer = new SentencePieceProcessor();
  await tokenizer.loadFromB64StringModel((await readFile(tokenizerPath)).toString('base64'));
  const session = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: threads, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
  return { ort, session, tokenizer };
}
