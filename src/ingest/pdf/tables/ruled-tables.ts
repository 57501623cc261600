import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { DetectedTable, PageContent, TextRun } from '../page-content.ts';
import { cellTilingRulings } from './cell-tiling.ts';
import { frameWithHeaderAbove } from './header-above-rule.ts';
import { tableFromFrame, type RuledFrame } from './ruled-frame.ts';
import { median } from './table-geometry.ts';
import { clusterRulings, distinctPositions, mergeRulings, snapTolerancePt, type RulingCluster, type RulingSegment } from './ruling-grid.ts';

/** Horizontal rules shorter than this (points) are underlines or separators, not the rules of a table. */
const minTableRuleLengthPt = 30;

/**
 * Frames cut from the page's rulings, and from the edges of shaded cells that tile a grid
 * (cell-tiling.ts): full grids (clusters of crossing horizontal and vertical rules) and stacks of
 * horizontal rules (a top rule, a header rule and a bottom rule) whose columns must come from text
 * alignment.
 */
export function findRulingFrames(content: PageContent): { grids: RuledFrame[]; stacks: RuledFrame[] } {
  const rulings = [...content.graphics.rulings, ...cellTilingRulings(content.graphics.rectangles, content.runs)];
  if (rulings.length < 2) return { grids: [], stacks: [] };
  const { horizontals, verticals } = mergeRulings(rulings);
  if (horizontals.length === 0) return { grids: [], stacks: [] };
  const clusters = clusterRulings(horizontals, verticals);

  const grids: RuledFrame[] = [];
  const freeHorizontals: RulingSegment[] = [];
  for (const cluster of clusters) {
    if (cluster.horizontals.length >= 2 && cluster.verticals.length >= 2) {
      const borders = cellBorders(cluster);
      // Many strokes inside the frame that border no cell: a diagram or icons drawn in a box, not a table.
      const strayStrokes = cluster.verticals.length - borders.length + strokesInside(cluster, clusters);
      if (strayStrokes >= 4 && strayStrokes > borders.length) continue;
      grids.push({
        left: cluster.left,
        top: cluster.top,
        right: cluster.right,
        bottom: cluster.bottom,
        rowEdges: innerPositions(cluster.horizontals, cluster.top, cluster.bottom),
        columnEdges: innerPositions(borders, cluster.left, cluster.right),
        columnRules: borders,
      });
    } else {
      freeHorizontals.push(...cluster.horizontals.filter(line => line.end - line.start >= minTableRuleLengthPt));
    }
  }
  const stacks = horizontalStacks(freeHorizontals, content.height).flatMap(stack => subStacks(stack, content.runs));
  // A stack whose header stands above its top rule is tried with that header first.
  return { grids, stacks: stacks.flatMap(frame => [frameWithHeaderAbove(frame, content.runs), frame].filter(isFrame)) };
}

/**
 * Reads each frame that does not overlap an already found table; runs used by a table are removed
 * from `available` (the indices still free).
 */
export function tablesFromFrames(
  content: PageContent,
  frames: readonly RuledFrame[],
  found: readonly DetectedTable[],
  available: Set<number>,
): DetectedTable[] {
  const tables: DetectedTable[] = [];
  for (const frame of frames) {
    if ([...found, ...tables].some(table => overlaps(table.bbox, frame))) continue;
    const table = tableFromFrame(content.runs, frame, available);
    if (!table) continue;
    tables.push(table);
    for (const index of table.runIndices) available.delete(index);
  }
  return tables;
}

function isFrame(frame: RuledFrame | undefined): frame is RuledFrame {
  return frame !== undefined;
}

/** Whether the box and the frame share some area. */
export function overlaps(box: BoundingBox, frame: RuledFrame): boolean {
  return box.x < frame.right && box.x + box.width > frame.left && box.y < frame.bottom && box.y + box.height > frame.top;
}

/**
 * Vertical rules that run most of the frame's height or start and end on horizontal rules: cell
 * borders. Short strokes floating inside a frame (icons, arrows, tick marks of a diagram drawn in a
 * box) are not column edges.
 */
function cellBorders(cluster: RulingCluster): RulingSegment[] {
  const endsOnRule = (x: number, y: number) =>
    cluster.horizontals.some(
      line => Math.abs(line.position - y) <= 2 * snapTolerancePt && x >= line.start - snapTolerancePt && x <= line.end + snapTolerancePt,
    );
  const frameHeight = cluster.bottom - cluster.top;
  return cluster.verticals.filter(
    line => line.end - line.start >= 0.5 * frameHeight || (endsOnRule(line.position, line.start) && endsOnRule(line.position, line.end)),
  );
}

/**
 * Strokes of other clusters inside the frame. A lone horizontal stroke is not counted: it underlines a
 * link or separates two lines of a cell, which tables are full of.
 */
function strokesInside(frame: RulingCluster, clusters: readonly RulingCluster[]): number {
  let count = 0;
  for (const other of clusters) {
    if (other === frame || (other.horizontals.length === 1 && other.verticals.length === 0)) continue;
    const x = (other.left + other.right) / 2;
    const y = (other.top + other.bottom) / 2;
    if (x > frame.left && x < frame.right && y > frame.top && y < frame.bottom) count += other.horizontals.length + other.verticals.length;
  }
  return count;
}

function innerPositions(segments: readonly RulingSegment[], low: number, high: number): number[] {
  return distinctPositions(segments.map(segment => segment.position)).filter(position => position > low + snapTolerancePt && position < high - snapTolerancePt);
}

/**
 * Groups free horizontal rules into stacks of two or more that share most of their width and are not
 * too far apart (candidate frames with no vertical edges). Short partial rules (booktabs
 * \cmidrule) inside a stack join it but do not split rows.
 */
function horizontalStacks(lines: RulingSegment[], pageHeight: number): RulingSegment[][] {
  const maxGapPt = 0.5 * pageHeight;
  lines.sort((a, b) => a.position - b.position);
  const stacks: RulingSegment[][] = [];
  for (const line of lines) {
    const stack = stacks.find(candidate => {
      const last = candidate[candidate.length - 1];
      const overlap = Math.min(last.end, line.end) - Math.max(last.start, line.start);
      const shorter = Math.min(last.end - last.start, line.end - line.start);
      return overlap >= 0.5 * shorter && line.position - last.position <= maxGapPt && line.position - last.position > snapTolerancePt;
    });
    if (stack) stack.push(line);
    else stacks.push([line]);
  }
  return stacks.filter(stack => stack.length >= 2);
}

/** Stacks longer than this are not split further: the search is quadratic in the number of rules. */
const maxRulesSearched = 6;

/**
 * Rules of neighbouring tables (or a figure's frame above a table) chain into one stack. Besides the
 * whole stack, every shorter run of consecutive rules is offered as a frame, longest first and top
 * first; tablesFromFrames skips frames overlapping a table already found.
 */
function subStacks(stack: RulingSegment[], runs: readonly TextRun[]): RuledFrame[] {
  const candidates = [stack];
  if (stack.length <= maxRulesSearched) {
    for (let length = stack.length - 1; length >= 2; length--) {
      for (let start = 0; start + length <= stack.length; start++) candidates.push(stack.slice(start, start + length));
    }
  }
  return candidates.filter(candidate => !endsOverFootnotes(candidate, runs)).map(frameOfStack);
}

/** Points under a rule where a footnote's first line starts. */
const footnoteGapPt = 12;

/**
 * True for a stack that ends on a footnote separator: a rule shorter than half the stack's width,
 * starting at its left edge, with text set smaller than the frame's right under it. A Federal Register
 * page's double rule under its running head and the 50 pt rule over its first column's 7 pt footnotes
 * frame three columns of prose, not a table. A subtotal's underline under a column of figures has the
 * next paragraph under it, set as large as the table.
 */
function endsOverFootnotes(stack: RulingSegment[], runs: readonly TextRun[]): boolean {
  const left = Math.min(...stack.map(line => line.start));
  const width = Math.max(...stack.map(line => line.end)) - left;
  const last = stack[stack.length - 1];
  if (last.end - last.start >= 0.5 * width || Math.abs(last.start - left) > snapTolerancePt) return false;
  const top = stack[0].position;
  const inside = runs.filter(run => run.bbox.y > top && run.bbox.y + run.bbox.height < last.position).map(run => run.fontSize);
  const under = runs.filter(
    run => run.bbox.y >= last.position && run.bbox.y <= last.position + footnoteGapPt && run.bbox.x < last.end && run.bbox.x + run.bbox.width > last.start,
  );
  return inside.length > 0 && under.length > 0 && Math.max(...under.map(run => run.fontSize)) < 0.9 * median(inside);
}

function frameOfStack(stack: RulingSegment[]): RuledFrame {
  const left = Math.min(...stack.map(line => line.start));
  const right = Math.max(...stack.map(line => line.end));
  const top = stack[0].position;
  const bottom = stack[stack.length - 1].position;
  const fullWidth = stack.filter(line => line.end - line.start >= 0.5 * (right - left));
  return {
    left,
    top,
    right,
    bottom,
    rowEdges: distinctPositions(fullWidth.map(line => line.position)).filter(
      position => position > top + snapTolerancePt && position < bottom - snapTolerancePt,
    ),
    columnEdges: [],
  };
}
