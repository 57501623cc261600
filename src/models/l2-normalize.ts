/**
 * The vector scaled to unit length (a zero vector is returned as is). Cosine similarity and dot product
 * then agree, which the stores rely on.
 */
export function l2Normalize(vector: number[]): number[] {
  let sumOfSquares = 0;
  for (const value of vector) sumOfSquares += value * value;
  if (sumOfSquares === 0) return vector;
  const length = Math.sqrt(sumOfSquares);
  return vector.map(value => value / length);
}
