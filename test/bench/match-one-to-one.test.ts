import { describe, expect, it } from 'vitest';
import { matchOneToOne, ratio } from '../../bench/lib/match-one-to-one.ts';

const samePage = (reference: { page: number }, prediction: { page: number }) => (reference.page === prediction.page ? 1 : null);

describe('matchOneToOne', () => {
  it('uses each prediction at most once', () => {
    const references = [{ page: 3 }, { page: 3 }, { page: 5 }];
    const predictions = [{ page: 3 }, { page: 7 }];
    const matches = matchOneToOne(references, predictions, samePage);
    expect(matches).toEqual([{ referenceIndex: 0, predictionIndex: 0, score: 1 }]);
  });

  it('uses each reference at most once', () => {
    const matches = matchOneToOne([{ page: 2 }], [{ page: 2 }, { page: 2 }], samePage);
    expect(matches).toHaveLength(1);
    expect(matches[0].predictionIndex).toBe(0);
  });

  it('takes the best-scoring pairs first, even when an earlier reference would grab the prediction', () => {
    // Reference 0 likes both predictions a little; reference 1 only fits prediction 0, strongly.
    const scores: Record<string, number> = { '0-0': 0.85, '0-1': 0.82, '1-0': 0.99 };
    const matches = matchOneToOne([0, 1], [0, 1], (reference, prediction) => scores[`${reference}-${prediction}`] ?? null);
    expect(matches.map(match => [match.referenceIndex, match.predictionIndex])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('breaks ties by the earlier reference and prediction', () => {
    const matches = matchOneToOne(['a', 'b'], ['x', 'y'], () => 0.9);
    expect(matches.map(match => [match.referenceIndex, match.predictionIndex])).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  it('returns nothing when the scorer rejects every pair or a side is empty', () => {
    expect(matchOneToOne([{ page: 1 }], [{ page: 2 }], samePage)).toEqual([]);
    expect(matchOneToOne([], [{ page: 2 }], samePage)).toEqual([]);
  });
});

describe('ratio', () => {
  it('divides, and says null rather than 0 or NaN when nothing was expected', () => {
    expect(ratio(3, 4)).toBe(0.75);
    expect(ratio(0, 0)).toBeNull();
  });
});
