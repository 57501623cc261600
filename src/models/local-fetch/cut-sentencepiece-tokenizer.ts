import { readFile, writeFile } from 'node:fs/promises';
import { importFromRuntime } from '../local/local-runtime.ts';

/**
 * The USE multilingual ONNX graph starts with the custom op `ai.onnx.contrib:SentencepieceTokenizer`,
 * which onnxruntime-node cannot run. The cut removes that node, makes its two outputs graph inputs
 * (`token_ids`: int32, flat; `row_splits`: int64, batch + 1), drops the now unused string input,
 * initializers and the `ai.onnx.contrib` opset, and writes the node's `model` attribute (the
 * SentencePiece model) to its own file. Texts are then tokenised outside the graph
 * (LocalEmbeddingModel), with BOS and EOS added as the op did.
 */

/** The parts of npm `onnx-proto` (protobufjs static code for onnx.proto) the cut touches. */
interface OnnxProto {
  onnx: {
    ModelProto: { decode(bytes: Uint8Array): OnnxModel; encode(model: OnnxModel): { finish(): Uint8Array } };
  };
}
interface OnnxModel {
  opsetImport: Array<{ domain?: string | null; version?: unknown }>;
  graph: OnnxGraph;
}
interface OnnxGraph {
  node: OnnxNode[];
  input: OnnxValueInfo[];
  output: OnnxValueInfo[];
  initializer: Array<{ name: string }>;
  valueInfo: OnnxValueInfo[];
}
interface OnnxNode {
  opType: string;
  domain?: string | null;
  input: string[];
  output: string[];
  attribute: Array<{ name: string; s?: Uint8Array | null; g?: OnnxGraph | null; graphs?: OnnxGraph[] | null }>;
}
interface OnnxValueInfo {
  name: string;
  type?: unknown;
}

const tensorInt32 = 6;
const tensorInt64 = 7;
export const tokenIdsInput = 'token_ids';
export const rowSplitsInput = 'row_splits';

/** Reads the graph at `inputPath`, writes the cut graph and the SentencePiece model. */
export async function cutSentencepieceTokenizer(modelsDir: string, inputPath: string, [graphPath, tokenizerPath]: string[]): Promise<void> {
  const { onnx } = (await importFromRuntime<{ default: OnnxProto }>(modelsDir, 'onnx-proto')).default;
  const model = onnx.ModelProto.decode(await readFile(inputPath));
  const graph = model.graph;
  const index = graph.node.findIndex(node => node.opType === 'SentencepieceTokenizer' && node.domain === 'ai.onnx.contrib');
  const tokenizer = graph.node[index];
  const sentencepiece = tokenizer?.attribute.find(attribute => attribute.name === 'model')?.s;
  if (!tokenizer || !sentencepiece || tokenizer.output.length !== 2)
    throw new Error(`${inputPath}: no SentencepieceTokenizer node with a model attribute and two outputs`);
  graph.node.splice(index, 1);

  const renamed = new Map([
    [tokenizer.output[0]!, tokenIdsInput],
    [tokenizer.output[1]!, rowSplitsInput],
  ]);
  const used = new Set<string>();
  visitNodes(graph, node => {
    node.input = node.input.map(name => renamed.get(name) ?? name);
    for (const name of node.input) used.add(name);
  });
  for (const output of graph.output) used.add(output.name);
  if (graph.node.some(node => node.domain === 'ai.onnx.contrib')) throw new Error(`${inputPath}: other ai.onnx.contrib nodes remain`);

  graph.valueInfo = graph.valueInfo.filter(info => !renamed.has(info.name));
  graph.initializer = graph.initializer.filter(initializer => used.has(initializer.name));
  graph.input = [
    { name: tokenIdsInput, type: { tensorType: { elemType: tensorInt32, shape: { dim: [{ dimParam: 'tokens' }] } } } },
    { name: rowSplitsInput, type: { tensorType: { elemType: tensorInt64, shape: { dim: [{ dimParam: 'batch_plus_one' }] } } } },
    ...graph.input.filter(input => used.has(input.name)),
  ];
  model.opsetImport = model.opsetImport.filter(opset => opset.domain !== 'ai.onnx.contrib');

  await writeFile(graphPath!, onnx.ModelProto.encode(model).finish());
  await writeFile(tokenizerPath!, sentencepiece);
}

/** Every node, including those of subgraphs (If/Loop bodies), which may name outer values. */
function visitNodes(graph: OnnxGraph, visit: (node: OnnxNode) => void): void {
  for (const node of graph.node) {
    visit(node);
    for (const attribute of node.attribute) {
      if (attribute.g) visitNodes(attribute.g, visit);
      for (const subgraph of attribute.graphs ?? []) visitNodes(subgraph, visit);
    }
  }
}
