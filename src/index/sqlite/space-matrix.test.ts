import { describe, expect, it } from 'vitest';
import { SpaceMatrix, type BlockSource } from './space-matrix.ts';

function cosine(left: Float32Array, right: Float32Array): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  left.forEach((value, index) => {
    dot += value * right[index];
    leftNorm += value * value;
    rightNorm += right[index] * right[index];
  });
  return dot / Math.sqrt(leftNorm * rightNorm);
}

const randomVector = (dimensions: number) => Float32Array.from({ length: dimensions }, () => Math.random() * 2 - 1);

function fresh(documentId: string, firstRowId: number, vectors: Float32Array[]): BlockSource {
  return { documentId, unitsVersion: 1, from: 'rows', rowIds: Int32Array.from(vectors, (_, index) => firstRowId + index), vectors };
}

describe('SpaceMatrix', () => {
  // 13 dimensions: not a multiple of the SIMD stride, so the zero padding is exercised too.
  const dimensions = 13;
  const vectorsA = Array.from({ length: 5 }, () => randomVector(dimensions));
  const vectorsB = Array.from({ length: 7 }, () => randomVector(dimensions));
  const query = randomVector(dimensions);
  const normalizedQuery = Float32Array.from(query, value => value / Math.hypot(...query));
  const collect = (matrix: SpaceMatrix, documentIds?: Set<string>) => {
    const scores = new Map<number, number>();
    matrix.score(normalizedQuery, documentIds, (rowId, score) => scores.set(rowId, score));
    return scores;
  };

  it('scores every row with its cosine similarity to the query', () => {
    const matrix = new SpaceMatrix(1, dimensions, [fresh('a', 100, vectorsA), fresh('b', 200, vectorsB)]);
    const scores = collect(matrix);
    expect(scores.size).toBe(12);
    vectorsA.forEach((vector, index) => expect(scores.get(100 + index)).toBeCloseTo(cosine(vector, query), 5));
    vectorsB.forEach((vector, index) => expect(scores.get(200 + index)).toBeCloseTo(cosine(vector, query), 5));
    expect([...collect(matrix, new Set(['b'])).keys()]).toEqual([200, 201, 202, 203, 204, 205, 206]);
  });

  it('carries unchanged documents over from the previous matrix and drops removed ones', () => {
    const first = new SpaceMatrix(1, dimensions, [fresh('a', 100, vectorsA), fresh('b', 200, vectorsB)]);
    const replacement = Array.from({ length: 2 }, () => randomVector(dimensions));
    const second = new SpaceMatrix(2, dimensions, [
      { documentId: 'b', unitsVersion: 1, from: 'previous', block: first.documents.get('b')! },
      fresh('c', 300, replacement),
    ], first);
    const scores = collect(second);
    expect([...scores.keys()].sort()).toEqual([200, 201, 202, 203, 204, 205, 206, 300, 301]);
    vectorsB.forEach((vector, index) => expect(scores.get(200 + index)).toBeCloseTo(cosine(vector, query), 5));
    replacement.forEach((vector, index) => expect(scores.get(300 + index)).toBeCloseTo(cosine(vector, query), 5));
  });

  it('gives a zero vector a score of zero instead of NaN', () => {
    const matrix = new SpaceMatrix(1, dimensions, [fresh('z', 1, [new Float32Array(dimensions)])]);
    expect(collect(matrix).get(1)).toBe(0);
  });
});
