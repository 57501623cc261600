/** A pairing of one reference item with one predicted item. Indices point into the input arrays. */
export interface Match {
  referenceIndex: number;
  predictionIndex: number;
  score: number;
}

/**
 * Greedy one-to-one matching: every candidate pair that `score` accepts (a number, higher is better;
 * null rejects the pair) is taken best-first, and each reference and each prediction is used at most
 * once. Ties go to the earlier reference, then the earlier prediction, so results are deterministic.
 * Greedy is not an optimal assignment, but with page-bound candidates the difference is negligible
 * and it keeps the metric easy to explain.
 */
export function matchOneToOne<Reference, Prediction>(
  references: readonly Reference[],
  predictions: readonly Prediction[],
  score: (reference: Reference, prediction: Prediction) => number | null,
): Match[] {
  const candidates: Match[] = [];
  references.forEach((reference, referenceIndex) => {
    predictions.forEach((prediction, predictionIndex) => {
      const pairScore = score(reference, prediction);
      if (pairScore !== null) candidates.push({ referenceIndex, predictionIndex, score: pairScore });
    });
  });
  candidates.sort((left, right) => right.score - left.score || left.referenceIndex - right.referenceIndex || left.predictionIndex - right.predictionIndex);

  const usedReferences = new Set<number>();
  const usedPredictions = new Set<number>();
  const matches: Match[] = [];
  for (const candidate of candidates) {
    if (usedReferences.has(candidate.referenceIndex) || usedPredictions.has(candidate.predictionIndex)) continue;
    usedReferences.add(candidate.referenceIndex);
    usedPredictions.add(candidate.predictionIndex);
    matches.push(candidate);
  }
  return matches.sort((left, right) => left.referenceIndex - right.referenceIndex);
}

/** matched / total, or null when there is nothing to divide by (shown as "–", left out of averages). */
export function ratio(matched: number, total: number): number | null {
  return total === 0 ? null : matched / total;
}
