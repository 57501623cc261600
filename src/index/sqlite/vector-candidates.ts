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

/** Quickselect (Hoare partition, descending): the `rank`-th largest value, 1-based; reorders `values`. */
export function kthLargest(values: Float32Array, rank: number): number {
  let low = 0;
  let high = values.length - 1;
  const wanted = rank - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let left = low;
    let right = high;
    while (left <= right) {
      while (values[left] > pivot) left++;
      while (values[right] < pivot) right--;
      if (left <= right) {
        const swap = values[left];
        values[left] = values[right];
        values[right] = swap;
        left++;
        right--;
      }
    }
    if (wanted <= right) high = right;
    else if (wanted >= left) low = left;
    else break;
  }
  return values[wanted];
}
