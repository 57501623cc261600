import type { RulingLine } from '../page-content.ts';

/** A ruling after snapping: `position` is y for horizontal lines and x for vertical ones; start < end. */
export interface RulingSegment {
  position: number;
  start: number;
  end: number;
}

/** Rulings that touch or cross each other: one candidate table frame. */
export interface RulingCluster {
  horizontals: RulingSegment[];
  verticals: RulingSegment[];
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Strokes closer than this (points) are the same line: double rules, anti-aliasing offsets, cell-by-cell segments. */
export const snapTolerancePt = 2;
/** Shorter strokes are glyph parts, bullets or tick marks, not rules. */
const minRulingLengthPt = 4;

/**
 * Snaps nearly collinear rulings onto one position and merges segments that overlap or nearly touch,
 * so a table drawn cell by cell becomes one line per row or column edge.
 */
export function mergeRulings(rulings: readonly RulingLine[]): { horizontals: RulingSegment[]; verticals: RulingSegment[] } {
  const horizontals: RulingSegment[] = [];
  const verticals: RulingSegment[] = [];
  for (const ruling of rulings) {
    if (ruling.orientation === 'horizontal') {
      horizontals.push({ position: (ruling.y1 + ruling.y2) / 2, start: Math.min(ruling.x1, ruling.x2), end: Math.max(ruling.x1, ruling.x2) });
    } else {
      verticals.push({ position: (ruling.x1 + ruling.x2) / 2, start: Math.min(ruling.y1, ruling.y2), end: Math.max(ruling.y1, ruling.y2) });
    }
  }
  return { horizontals: mergeCollinear(horizontals), verticals: mergeCollinear(verticals) };
}

function mergeCollinear(segments: RulingSegment[]): RulingSegment[] {
  segments.sort((a, b) => a.position - b.position);
  const merged: RulingSegment[] = [];
  let groupStart = 0;
  for (let index = 1; index <= segments.length; index++) {
    const endOfGroup = index === segments.length || segments[index].position - segments[index - 1].position > snapTolerancePt;
    if (!endOfGroup) continue;
    const group = segments.slice(groupStart, index).sort((a, b) => a.start - b.start);
    const position = group.reduce((sum, segment) => sum + segment.position, 0) / group.length;
    let current: RulingSegment | undefined;
    for (const segment of group) {
      if (current && segment.start <= current.end + snapTolerancePt) {
        current.end = Math.max(current.end, segment.end);
      } else {
        current = { position, start: segment.start, end: segment.end };
        merged.push(current);
      }
    }
    groupStart = index;
  }
  return merged.filter(segment => segment.end - segment.start >= minRulingLengthPt);
}

/**
 * Groups horizontal and vertical rulings that intersect (within the snap tolerance) into clusters.
 * Horizontal lines that touch no vertical line come back as single-line clusters.
 */
export function clusterRulings(horizontals: readonly RulingSegment[], verticals: readonly RulingSegment[]): RulingCluster[] {
  const parent = Array.from({ length: horizontals.length + verticals.length }, (_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]];
      index = parent[index];
    }
    return index;
  };
  const tolerance = snapTolerancePt;
  horizontals.forEach((horizontal, horizontalIndex) => {
    verticals.forEach((vertical, verticalIndex) => {
      const touches =
        vertical.position >= horizontal.start - tolerance &&
        vertical.position <= horizontal.end + tolerance &&
        horizontal.position >= vertical.start - tolerance &&
        horizontal.position <= vertical.end + tolerance;
      if (touches) parent[find(horizontals.length + verticalIndex)] = find(horizontalIndex);
    });
  });

  const clusters = new Map<number, RulingCluster>();
  const clusterOf = (index: number): RulingCluster => {
    const root = find(index);
    let cluster = clusters.get(root);
    if (!cluster) {
      cluster = { horizontals: [], verticals: [], left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      clusters.set(root, cluster);
    }
    return cluster;
  };
  horizontals.forEach((segment, index) => {
    const cluster = clusterOf(index);
    cluster.horizontals.push(segment);
    extend(cluster, segment.start, segment.position, segment.end, segment.position);
  });
  verticals.forEach((segment, index) => {
    const cluster = clusterOf(horizontals.length + index);
    cluster.verticals.push(segment);
    extend(cluster, segment.position, segment.start, segment.position, segment.end);
  });
  return [...clusters.values()];
}

function extend(cluster: RulingCluster, left: number, top: number, right: number, bottom: number): void {
  cluster.left = Math.min(cluster.left, left);
  cluster.top = Math.min(cluster.top, top);
  cluster.right = Math.max(cluster.right, right);
  cluster.bottom = Math.max(cluster.bottom, bottom);
}

/** Distinct positions (sorted), with positions closer than the snap tolerance merged. */
export function distinctPositions(positions: readonly number[]): number[] {
  const sorted = [...positions].sort((a, b) => a - b);
  const result: number[] = [];
  for (const position of sorted) {
    if (result.length > 0 && position - result[result.length - 1] <= snapTolerancePt) continue;
    result.push(position);
  }
  return result;
}
