/** Vectors are stored as little-endian float32 blobs: 4 bytes per dimension, no header. */
export function encodeVector(vector: number[]): Buffer {
  const floats = Float32Array.from(vector);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength);
}

export function decodeVector(blob: Uint8Array): number[] {
  return Array.from(floatView(blob));
}

/** A float32 view of a blob; copies only when the blob's offset is not 4-byte aligned. */
export function floatView(blob: Uint8Array): Float32Array {
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4);
  return new Float32Array(Uint8Array.from(blob).buffer);
}

/** Writes `source` scaled to unit length into `target` at `offset`; a zero vector stays zero. */
export function writeNormalized(source: Float32Array, target: Float32Array, offset: number): void {
  let sumOfSquares = 0;
  for (let index = 0; index < source.length; index += 1) sumOfSquares += source[index] * source[index];
  const scale = sumOfSquares > 0 ? 1 / Math.sqrt(sumOfSquares) : 0;
  for (let index = 0; index < source.length; index += 1) target[offset + index] = source[index] * scale;
}
