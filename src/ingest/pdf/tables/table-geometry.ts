import type { BoundingBox } from '../../types.ts';

/** Smallest box holding every box given; undefined when there are none. */
export function unionBoxes(boxes: Iterable<BoundingBox>): BoundingBox | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  if (left === Infinity) return undefined;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

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
