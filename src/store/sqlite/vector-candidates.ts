export interface VectorCandidate {
  rowId: number;
  score: number;
}

/** Keeps the best `k` (rowId, score) pairs seen, best first; of equal scores, the one seen first. */
export function topK(k: number) {
  const best: VectorCandidate[] = [];
  let threshold = -Infinity;
  return {
    best,
    visit(rowId: number, score: number) {
      if (best.length >= k && score <= threshold) return;
      let index = best.length;
      while (index > 0 && best[index - 1].score < score) index -= 1;
      best.splice(index, 0, { rowId, score });
      if (best.length > k) best.pop();
      if (best.length >= k) threshold = best[best.length - 1].score;
    },
  };
}
