import { cosineScoresModule } from './cosine-scores-module.ts';

const pageBytes = 65_536;
/** Query components are scaled to ±8191: the kernel's int32 sums cannot overflow up to 8,192 dimensions. */
const queryRange = 8191;
const rowRange = 127;

/**
 * An int8 copy of a space's normalized vectors (one float32 scale per row) for a first pass of vector
 * search: a quarter of the bytes of the float32 matrix, and scoring is bound by reading them. Its scores
 * approximate cosine similarity (to a few thousandths); SpaceMatrix re-ranks the best of them exactly.
 * Layout of its own WebAssembly memory: [4 int16 queries][4 score arrays][row scales][rows × stride int8],
 * stride = dimensions rounded up to 16 with zero padding.
 */
export class QuantizedMatrix {
  readonly stride: number;
  private readonly memory: WebAssembly.Memory;
  private readonly bytes: Int8Array;
  private readonly shorts: Int16Array;
  private readonly floats: Float32Array;
  private readonly scores4: (matrix: number, rows: number, stride: number, queries: number, scales: number, out: number, outStride: number) => void;
  private readonly scores2: QuantizedMatrix['scores4'];
  /** Query slots in use: with one or two, the two-query kernel does half the arithmetic. */
  private slots = 4;
  /** Distance in floats between query q's and q+1's scores. */
  private readonly scoresStride: number;
  private readonly scoresOffset: number;
  private readonly scalesOffset: number;
  private readonly matrixOffset: number;

  constructor(
    readonly dimensions: number,
    readonly rows: number,
  ) {
    if (dimensions > 8192) throw new Error('the int8 first pass supports at most 8,192 dimensions');
    this.stride = Math.ceil(dimensions / 16) * 16;
    this.scoresStride = Math.ceil(rows / 4) * 4;
    // Byte offsets; every section starts 16-byte aligned.
    this.scoresOffset = 4 * this.stride * 2;
    this.scalesOffset = this.scoresOffset + 4 * this.scoresStride * 4;
    this.matrixOffset = this.scalesOffset + Math.ceil(rows / 4) * 16;
    const totalBytes = this.matrixOffset + rows * this.stride;
    this.memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(totalBytes / pageBytes)) });
    this.bytes = new Int8Array(this.memory.buffer);
    this.shorts = new Int16Array(this.memory.buffer);
    this.floats = new Float32Array(this.memory.buffer);
    const instance = new WebAssembly.Instance(cosineScoresModule, { env: { memory: this.memory } });
    this.scores4 = instance.exports.scores4i8 as QuantizedMatrix['scores4'];
    this.scores2 = instance.exports.scores2i8 as QuantizedMatrix['scores4'];
  }

  /** Row `row` from a normalized float vector (`dimensions` floats of `source` from `offset`). */
  setRow(row: number, source: Float32Array, offset: number): void {
    let largest = 0;
    for (let index = 0; index < this.dimensions; index++) largest = Math.max(largest, Math.abs(source[offset + index]));
    const scale = largest / rowRange;
    this.floats[this.scalesOffset / 4 + row] = scale;
    const start = this.matrixOffset + row * this.stride;
    for (let index = 0; index < this.dimensions; index++) this.bytes[start + index] = scale > 0 ? Math.round(source[offset + index] / scale) : 0;
  }

  /** Copies `count` rows (bytes and scales) of another matrix of the same dimensions. */
  copyRows(from: QuantizedMatrix, fromRow: number, toRow: number, count: number): void {
    const source = from.matrixOffset + fromRow * from.stride;
    this.bytes.set(from.bytes.subarray(source, source + count * from.stride), this.matrixOffset + toRow * this.stride);
    const scales = from.scalesOffset / 4 + fromRow;
    this.floats.set(from.floats.subarray(scales, scales + count), this.scalesOffset / 4 + toRow);
  }

  /** Puts up to four normalized queries in the query slots (unused slots are zero). */
  setQueries(queries: Float32Array[]): void {
    this.shorts.fill(0, 0, 4 * this.stride);
    this.slots = queries.length;
    queries.forEach((query, slot) => {
      let largest = 0;
      for (const value of query) largest = Math.max(largest, Math.abs(value));
      const scale = largest > 0 ? queryRange / largest : 0;
      for (let index = 0; index < this.dimensions; index++) this.shorts[slot * this.stride + index] = Math.round(query[index] * scale);
    });
  }

  /** Approximate scores of rows [firstRow, firstRow + count) for the query slots in use; read them with `scoresOf`. */
  score(firstRow: number, count: number): void {
    (this.slots <= 2 ? this.scores2 : this.scores4)(
      this.matrixOffset + firstRow * this.stride,
      count,
      this.stride,
      0,
      this.scalesOffset + firstRow * 4,
      this.scoresOffset + firstRow * 4,
      this.scoresStride,
    );
  }

  /**
   * Query slot `slot`'s scores by row (only rows scored since `setQueries` are meaningful). Proportional
   * to cosine similarity: the query's own scale is left out, it does not change the order.
   */
  scoresOf(slot: number): Float32Array {
    return this.floats.subarray(this.scoresOffset / 4 + slot * this.scoresStride, this.scoresOffset / 4 + slot * this.scoresStride + this.rows);
  }
}
