import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../bench/lib/search-benchmark.ts';
import { candidateCount, SpaceMatrix, type BlockSource } from './space-matrix.ts';

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
    const second = new SpaceMatrix(
      2,
      dimensions,
      [{ documentId: 'b', unitsVersion: 1, from: 'previous', block: first.documents.get('b')! }, fresh('c', 300, replacement)],
      first,
    );
    const scores = collect(second);
    expect([...scores.keys()].sort()).toEqual([200, 201, 202, 203, 204, 205, 206, 300, 301]);
    vectorsB.forEach((vector, index) => expect(scores.get(200 + index)).toBeCloseTo(cosine(vector, query), 5));
    replacement.forEach((vector, index) => expect(scores.get(300 + index)).toBeCloseTo(cosine(vector, query), 5));
  });

  it('gives a zero vector a score of zero instead of NaN', () => {
    const matrix = new SpaceMatrix(1, dimensions, [fresh('z', 1, [new Float32Array(dimensions)])]);
    expect(collect(matrix).get(1)).toBe(0);
  });

  describe('best: int8 first pass, exact re-ranking', () => {
    const random = seededRandom(42);
    const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const normalize = (vector: Float32Array) => Float32Array.from(vector, value => value / Math.hypot(...vector));
    // Dense (random directions) and sparse (hashed words, like the bench embedder: a few ±1 buckets) vectors.
    const dense = (dimensions: number) => Float32Array.from({ length: dimensions }, gaussian);
    const sparse = (dimensions: number) => {
      const vector = new Float32Array(dimensions);
      for (let word = 0; word < 40; word++) vector[Math.floor(random() * dimensions)] += random() < 0.5 ? 1 : -1;
      return vector;
    };
    // Queries near a stored row (what a real question is) and unrelated ones.
    const queriesFor = (rows: Float32Array[], make: () => Float32Array) => [
      ...Array.from({ length: 5 }, () => normalize(Float32Array.from(rows[Math.floor(random() * rows.length)], value => value + 0.3 * gaussian()))),
      ...Array.from({ length: 4 }, () => normalize(make())),
    ];

    for (const [kind, make] of [
      ['dense', () => dense(100)],
      ['sparse', () => sparse(100)],
    ] as const) {
      it(`returns the exact top k with bit-identical scores (${kind} vectors, 9 and 2 queries, with and without a document filter)`, () => {
        const blocks = Array.from({ length: 6 }, () => Array.from({ length: 500 }, make));
        const matrix = new SpaceMatrix(
          1,
          100,
          blocks.map((vectors, index) => fresh(`d${index}`, 1 + index * 1000, vectors)),
        );
        const nine = queriesFor(blocks.flat(), make);
        // Nine queries: groups of four (the four-query kernel) and one; two: the two-query kernel.
        for (const [queries, documentIds] of [nine, nine.slice(3, 5)].flatMap(queries =>
          [undefined, new Set(['d1', 'd2', 'd3', 'd4'])].map(ids => [queries, ids] as const),
        )) {
          for (const k of [1, 10, 50]) {
            expect(3000).toBeGreaterThan(4 * candidateCount(k)); // the first pass is used
            const exact = matrix.best(queries, documentIds, k, { exact: true });
            const fast = matrix.best(queries, documentIds, k);
            fast.forEach((hits, query) => {
              expect(hits.map(hit => hit.rowId)).toEqual(exact[query].map(hit => hit.rowId));
              hits.forEach((hit, rank) => expect(hit.score).toBe(exact[query][rank].score));
            });
          }
        }
      });
    }

    it('scores exactly when the chosen rows are few', () => {
      const matrix = new SpaceMatrix(1, dimensions, [fresh('a', 100, vectorsA), fresh('b', 200, vectorsB)]);
      const [hits] = matrix.best([normalizedQuery], undefined, 3);
      const expected = [
        ...vectorsA.map((vector, index) => ({ rowId: 100 + index, score: cosine(vector, query) })),
        ...vectorsB.map((vector, index) => ({ rowId: 200 + index, score: cosine(vector, query) })),
      ]
        .sort((a, b) => b.score - a.score)
        .slice(0, 3);
      expect(hits.map(hit => hit.rowId)).toEqual(expected.map(hit => hit.rowId));
    });

    it('carries the int8 rows over from the previous matrix', () => {
      const blocks = Array.from({ length: 3 }, () => Array.from({ length: 400 }, () => dense(100)));
      const first = new SpaceMatrix(
        1,
        100,
        blocks.map((vectors, index) => fresh(`d${index}`, 1 + index * 1000, vectors)),
      );
      const second = new SpaceMatrix(
        2,
        100,
        blocks.map((_, index) => ({ documentId: `d${index}`, unitsVersion: 1, from: 'previous' as const, block: first.documents.get(`d${index}`)! })),
        first,
      );
      const queries = queriesFor(blocks.flat(), () => dense(100));
      expect(second.best(queries, undefined, 5)).toEqual(first.best(queries, undefined, 5, { exact: true }));
    });
  });
});
