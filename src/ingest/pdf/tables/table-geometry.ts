/** Index of the band a coordinate falls in, given the sorted inner edges between bands. */
export function bandIndex(innerEdges: readonly number[], coordinate: number): number {
  let band = 0;
  while (band < innerEdges.length && coordinate > innerEdges[band]) band++;
  return band;
}

/** Middle value of a list of numbers (0 for an empty list). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
