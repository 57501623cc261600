import type { TextLine } from './text-lines.ts';

export interface ColumnSeparatorOptions {
  /** Narrowest whitespace channel, in points, that counts as a gap between columns. */
  minGapPt: number;
  /** How many lines may cross a channel and still leave it a gap (a spanning header, one long label). */
  maxCrossingLines: number;
}

/**
 * Finds column boundaries from a projection profile: for each 1 pt slice between `left` and `right`,
 * how many lines have a segment covering it. Channels that (almost) no line covers, with text on both
 * sides, separate columns; the boundary goes in the middle of the channel's least covered stretch.
 * Returned x positions are sorted.
 */
export function findColumnSeparators(lines: readonly TextLine[], left: number, right: number, options: ColumnSeparatorOptions): number[] {
  const origin = Math.floor(left);
  const sliceCount = Math.max(0, Math.ceil(right) - origin + 1);
  const coverage = new Int32Array(sliceCount);
  for (const line of lines) {
    // A line's segments never overlap each other much, but one line counts once per slice.
    let lastCovered = -1;
    for (const segment of line.segments) {
      const first = Math.max(lastCovered + 1, Math.floor(segment.left) - origin);
      const last = Math.min(sliceCount - 1, Math.ceil(segment.right) - origin - 1);
      for (let slice = Math.max(0, first); slice <= last; slice++) coverage[slice]++;
      lastCovered = Math.max(lastCovered, last);
    }
  }

  const separators: number[] = [];
  let slice = 0;
  while (slice < sliceCount && coverage[slice] === 0) slice++;
  let lastText = sliceCount - 1;
  while (lastText >= 0 && coverage[lastText] === 0) lastText--;
  while (slice <= lastText) {
    if (coverage[slice] > options.maxCrossingLines) {
      slice++;
      continue;
    }
    const start = slice;
    while (slice <= lastText && coverage[slice] <= options.maxCrossingLines) slice++;
    if (slice - start < options.minGapPt) continue;
    separators.push(origin + leastCoveredMiddle(coverage, start, slice));
  }
  return separators;
}

function leastCoveredMiddle(coverage: Int32Array, start: number, end: number): number {
  let lowest = Infinity;
  for (let slice = start; slice < end; slice++) lowest = Math.min(lowest, coverage[slice]);
  let bestStart = start;
  let bestLength = 0;
  for (let slice = start; slice < end; ) {
    if (coverage[slice] !== lowest) {
      slice++;
      continue;
    }
    const runStart = slice;
    while (slice < end && coverage[slice] === lowest) slice++;
    if (slice - runStart > bestLength) {
      bestStart = runStart;
      bestLength = slice - runStart;
    }
  }
  return bestStart + bestLength / 2;
}
