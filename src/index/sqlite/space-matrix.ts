import { cosineScoresWasmBase64 } from './cosine-scores-wasm.ts';
import { writeNormalized } from './vector-codec.ts';

const wasmModule = new WebAssembly.Module(Buffer.from(cosineScoresWasmBase64, 'base64'));
const pageBytes = 65_536;

export interface DocumentBlock {
  unitsVersion: number;
  /** First row of this document in the matrix; its rows are contiguous. */
  firstRow: number;
  rowIds: Int32Array;
}

/** A document's vectors to place in a new matrix: copied from the previous matrix, or fresh. */
export type BlockSource =
  | { documentId: string; unitsVersion: number; from: 'previous'; block: DocumentBlock }
  | { documentId: string; unitsVersion: number; from: 'rows'; rowIds: Int32Array; vectors: Float32Array[] };

/**
 * The normalized vectors of one space (one dimension count) in WebAssembly memory, so scoring runs as
 * SIMD: [query: stride floats][scores: rows floats][matrix: rows × stride floats], stride = dimensions
 * rounded up to 8 with zero padding (zeros add nothing to a dot product).
 */
export class SpaceMatrix {
  readonly documents = new Map<string, DocumentBlock>();
  private readonly stride: number;
  private readonly memory: WebAssembly.Memory;
  private readonly floats: Float32Array;
  private readonly scoresFunction: (matrix: number, rows: number, stride: number, query: number, out: number) => void;
  private readonly scores4Function: (matrix: number, rows: number, stride: number, queries: number, out: number, outStride: number) => void;
  private readonly scoresOffset: number;
  /** Rows of one query's scores (rounded up to 4): the distance between query q's and q+1's scores. */
  private readonly scoresStride: number;
  private readonly matrixOffset: number;

  constructor(
    readonly generation: number,
    readonly dimensions: number,
    sources: BlockSource[],
    previous?: SpaceMatrix,
  ) {
    this.stride = Math.ceil(dimensions / 8) * 8;
    const totalRows = sources.reduce((sum, source) => sum + (source.from === 'previous' ? source.block.rowIds.length : source.rowIds.length), 0);
    // [4 query slots][4 score arrays][matrix]: scoreMany scores up to four queries in one pass.
    this.scoresOffset = 4 * this.stride;
    this.scoresStride = Math.ceil(totalRows / 4) * 4;
    this.matrixOffset = this.scoresOffset + 4 * this.scoresStride;
    const totalFloats = this.matrixOffset + totalRows * this.stride;
    this.memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil((totalFloats * 4) / pageBytes)) });
    this.floats = new Float32Array(this.memory.buffer);
    const instance = new WebAssembly.Instance(wasmModule, { env: { memory: this.memory } });
    this.scoresFunction = instance.exports.scores as SpaceMatrix['scoresFunction'];
    this.scores4Function = instance.exports.scores4 as SpaceMatrix['scores4Function'];

    let nextRow = 0;
    for (const source of sources) {
      if (source.from === 'previous' && previous) {
        const { block } = source;
        const start = previous.rowOffset(block.firstRow);
        this.floats.set(previous.floats.subarray(start, start + block.rowIds.length * this.stride), this.rowOffset(nextRow));
        this.documents.set(source.documentId, { unitsVersion: source.unitsVersion, firstRow: nextRow, rowIds: block.rowIds });
        nextRow += block.rowIds.length;
      } else if (source.from === 'rows') {
        source.vectors.forEach((vector, index) => writeNormalized(vector, this.floats, this.rowOffset(nextRow + index)));
        this.documents.set(source.documentId, { unitsVersion: source.unitsVersion, firstRow: nextRow, rowIds: source.rowIds });
        nextRow += source.rowIds.length;
      }
    }
  }

  /** Calls `visit(rowId, score)` for every row of the chosen documents (all when `documentIds` is unset). */
  score(query: Float32Array, documentIds: Set<string> | undefined, visit: (rowId: number, score: number) => void): void {
    this.floats.fill(0, 0, this.stride);
    this.floats.set(query, 0);
    for (const [documentId, block] of this.documents) {
      if (documentIds && !documentIds.has(documentId)) continue;
      const rows = block.rowIds.length;
      const scoresStart = this.scoresOffset + block.firstRow;
      this.scoresFunction(this.rowOffset(block.firstRow) * 4, rows, this.stride, 0, scoresStart * 4);
      for (let row = 0; row < rows; row += 1) visit(block.rowIds[row], this.floats[scoresStart + row]);
    }
  }

  /**
   * `score` for several queries: rows are read once per four queries (the cost is reading the matrix),
   * and `visit(query, rowId, score)` sees every row of the chosen documents for every query.
   */
  scoreMany(queries: Float32Array[], documentIds: Set<string> | undefined, visit: (query: number, rowId: number, score: number) => void): void {
    if (queries.length === 1) return this.score(queries[0], documentIds, (rowId, score) => visit(0, rowId, score));
    for (let first = 0; first < queries.length; first += 4) {
      const group = queries.slice(first, first + 4);
      this.floats.fill(0, 0, 4 * this.stride);
      group.forEach((query, index) => this.floats.set(query, index * this.stride));
      for (const [documentId, block] of this.documents) {
        if (documentIds && !documentIds.has(documentId)) continue;
        const rows = block.rowIds.length;
        const scoresStart = this.scoresOffset + block.firstRow;
        this.scores4Function(this.rowOffset(block.firstRow) * 4, rows, this.stride, 0, scoresStart * 4, this.scoresStride);
        for (let index = 0; index < group.length; index++) {
          const base = scoresStart + index * this.scoresStride;
          for (let row = 0; row < rows; row += 1) visit(first + index, block.rowIds[row], this.floats[base + row]);
        }
      }
    }
  }

  private rowOffset(row: number): number {
    return this.matrixOffset + row * this.stride;
  }
}
