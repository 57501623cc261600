import { cosineScoresModule } from './cosine-scores-module.ts';
import { QuantizedMatrix } from './quantized-matrix.ts';
import { kthLargest } from '../kth-largest.ts';
import { topK, type VectorCandidate } from './vector-candidates.ts';
import { writeNormalized } from './vector-codec.ts';

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
 * Rows re-ranked exactly per query after the int8 first pass. Its scores are off by a few thousandths
 * at most, far less than the spread of the best few hundred rows, so the exact top k is among them
 * (space-matrix.test.ts and bench:vectors check recall@k against exact search on random and hashed-word
 * vectors).
 */
export function candidateCount(k: number): number {
  return 4 * k + 32;
}

/**
 * The normalized vectors of one space (one dimension count) in WebAssembly memory, so scoring runs as
 * SIMD: [4 queries: stride floats each][4 score arrays][matrix: rows × stride floats], stride =
 * dimensions rounded up to 8 with zero padding (zeros add nothing to a dot product). Plus an int8 copy
 * (QuantizedMatrix) for the first pass of `best`.
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
  private readonly quantized: QuantizedMatrix;
  /** The unit row id of each matrix row. */
  private readonly rowIds: Int32Array;

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
    const instance = new WebAssembly.Instance(cosineScoresModule, { env: { memory: this.memory } });
    this.scoresFunction = instance.exports.scores as SpaceMatrix['scoresFunction'];
    this.scores4Function = instance.exports.scores4 as SpaceMatrix['scores4Function'];

    this.quantized = new QuantizedMatrix(dimensions, totalRows);
    this.rowIds = new Int32Array(totalRows);

    let nextRow = 0;
    for (const source of sources) {
      if (source.from === 'previous' && previous) {
        const { block } = source;
        const start = previous.rowOffset(block.firstRow);
        this.floats.set(previous.floats.subarray(start, start + block.rowIds.length * this.stride), this.rowOffset(nextRow));
        this.quantized.copyRows(previous.quantized, block.firstRow, nextRow, block.rowIds.length);
        this.rowIds.set(block.rowIds, nextRow);
        this.documents.set(source.documentId, { unitsVersion: source.unitsVersion, firstRow: nextRow, rowIds: block.rowIds });
        nextRow += block.rowIds.length;
      } else if (source.from === 'rows') {
        source.vectors.forEach((vector, index) => {
          writeNormalized(vector, this.floats, this.rowOffset(nextRow + index));
          this.quantized.setRow(nextRow + index, this.floats, this.rowOffset(nextRow + index));
        });
        this.rowIds.set(source.rowIds, nextRow);
        this.documents.set(source.documentId, { unitsVersion: source.unitsVersion, firstRow: nextRow, rowIds: source.rowIds });
        nextRow += source.rowIds.length;
      }
    }
  }

  /**
   * The best `k` rows of the chosen documents for each (normalized) query, best first; of equal scores,
   * the row first in the matrix. When the chosen rows are many, they are scored on the int8 copy first
   * (a quarter of the bytes to read) and only the best `candidateCount(k)` of them exactly; the scores
   * returned are always the exact float32 ones. `exact` scores every row exactly (tests, measurements).
   */
  best(queries: Float32Array[], documentIds: Set<string> | undefined, k: number, options: { exact?: boolean } = {}): VectorCandidate[][] {
    const blocks = [...this.documents].filter(([documentId]) => !documentIds || documentIds.has(documentId)).map(([, block]) => block);
    const rows = blocks.reduce((sum, block) => sum + block.rowIds.length, 0);
    const candidates = candidateCount(k);
    if (options.exact || rows <= 4 * candidates) {
      const collectors = queries.map(() => topK(k));
      this.scoreMany(queries, documentIds, (query, rowId, score) => collectors[query].visit(rowId, score));
      return collectors.map(collector => collector.best);
    }
    const results: VectorCandidate[][] = [];
    for (let first = 0; first < queries.length; first += 4) {
      const group = queries.slice(first, first + 4);
      this.quantized.setQueries(group);
      for (const block of blocks) this.quantized.score(block.firstRow, block.rowIds.length);
      this.floats.fill(0, 0, 4 * this.stride);
      group.forEach((query, slot) => this.floats.set(query, slot * this.stride));
      for (const slot of group.keys()) {
        const collector = topK(k);
        for (const row of approximateBest(this.quantized.scoresOf(slot), blocks, rows, candidates)) {
          collector.visit(this.rowIds[row], this.exactScore(row, slot, queries.length === 1));
        }
        results.push(collector.best);
      }
    }
    return results;
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
    if (queries.length === 1) {
      this.score(queries[0], documentIds, (rowId, score) => visit(0, rowId, score));
      return;
    }
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

  /**
   * One row's score for the query in `slot`, by the kernel `scoreMany` would use (one query: `scores`,
   * several: `scores4`; they add in another order), so a re-ranked score is bit-identical to the full pass.
   */
  private exactScore(row: number, slot: number, single: boolean): number {
    if (single) this.scoresFunction(this.rowOffset(row) * 4, 1, this.stride, slot * this.stride * 4, this.scoresOffset * 4);
    else this.scores4Function(this.rowOffset(row) * 4, 1, this.stride, 0, this.scoresOffset * 4, 1);
    return this.floats[this.scoresOffset + (single ? 0 : slot)];
  }

  private rowOffset(row: number): number {
    return this.matrixOffset + row * this.stride;
  }
}

/** Kept between searches: a 100k-row array per query would be a large object for the GC to collect. */
let selection = new Float32Array(0);

/** Matrix rows of the chosen blocks whose approximate score is among the best `count`, in matrix order. */
function approximateBest(scores: Float32Array, blocks: DocumentBlock[], rows: number, count: number): number[] {
  if (selection.length < rows) selection = new Float32Array(rows);
  const chosen = selection.subarray(0, rows);
  let next = 0;
  for (const block of blocks) {
    chosen.set(scores.subarray(block.firstRow, block.firstRow + block.rowIds.length), next);
    next += block.rowIds.length;
  }
  const threshold = kthLargest(chosen, Math.min(count, rows));
  const best: number[] = [];
  for (const block of blocks) {
    const end = block.firstRow + block.rowIds.length;
    for (let row = block.firstRow; row < end; row++) if (scores[row] >= threshold) best.push(row);
  }
  return best;
}
