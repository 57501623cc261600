/**
 * Quickselect (Hoare partition, descending): the `rank`-th largest value, 1-based; reorders `values`.
 * Top-k searches use it to find their cut-off score without sorting every candidate (vector rows,
 * whole-page BM25 scores at 100k pages).
 */
export function kthLargest(values: Float32Array | Float64Array, rank: number): number {
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
