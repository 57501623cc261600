import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { RulingLine, TextRun } from '../page-content.ts';

/** Edges closer than this (points) meet: producers round each cell's box on its own. */
const touchPt = 1.5;
/** Smaller boxes are glyph parts, bullets or legend swatches, not cells. */
const minCellWidthPt = 10;
const minCellHeightPt = 8;
/** A tiling needs two columns and three rows at least: a header row and two of body. */
const minColumns = 2;
const minRows = 3;

/**
 * Rules along the edges of filled boxes that tile a region as a grid of cells: a table drawn with
 * shaded cells and no lines, as LibreOffice prints a slide's table (one filled box per cell, no
 * borders). Boxes tile when each meets a neighbour edge to edge in the same row (same top and height)
 * or the same column (same left and width); a group of them that fills every row at every column, in
 * two columns and three rows or more, is a grid, and its cells' edges are its rules. Shaded rows alone
 * (one column), bars that stand apart and single boxes give none; so does a grid with text right under
 * two of its columns or more: shaded header cells over a body that is not shaded (a 10-K's "NORTH AMERICA |
 * EUROPE, MIDDLE EAST & AFRICA | …" over its rows of figures), whose columns the body's text tells.
 */
export function cellTilingRulings(rectangles: readonly BoundingBox[], runs: readonly TextRun[]): RulingLine[] {
  const cells = rectangles.filter(box => box.width >= minCellWidthPt && box.height >= minCellHeightPt);
  if (cells.length < minColumns * minRows) return [];
  const parent = cells.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  // Each cell's neighbour to its right starts where it ends, and the one under it where it ends below:
  // looked up among the cells sorted by left and by top edge, not compared with every other box.
  const byLeft = sortedBy(cells, cell => cell.x);
  const byTop = sortedBy(cells, cell => cell.y);
  cells.forEach((cell, a) => {
    for (const b of startingNear(byLeft, cell.x + cell.width)) if (sameRow(cell, cells[b]!)) parent[root(a)] = root(b);
    for (const b of startingNear(byTop, cell.y + cell.height)) if (sameColumn(cell, cells[b]!)) parent[root(a)] = root(b);
  });
  const groups = new Map<number, BoundingBox[]>();
  cells.forEach((cell, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), cell]));
  const rulings: RulingLine[] = [];
  for (const group of groups.values()) {
    const columns = distinct(group.map(cell => cell.x));
    const rows = distinct(group.map(cell => cell.y));
    if (columns < minColumns || rows < minRows || group.length !== columns * rows || headsText(group, runs)) continue;
    for (const { x, y, width, height } of group) {
      rulings.push(
        { orientation: 'horizontal', x1: x, y1: y, x2: x + width, y2: y },
        { orientation: 'horizontal', x1: x, y1: y + height, x2: x + width, y2: y + height },
        { orientation: 'vertical', x1: x, y1: y, x2: x, y2: y + height },
        { orientation: 'vertical', x1: x + width, y1: y, x2: x + width, y2: y + height },
      );
    }
  }
  return rulings;
}

/**
 * Whether text starts right under the grid (within two of its lines) in two of its columns or more:
 * a row of a body the grid heads. A line under one column (a slide's footer) is not.
 */
function headsText(group: readonly BoundingBox[], runs: readonly TextRun[]): boolean {
  const bottom = Math.max(...group.map(cell => cell.y + cell.height));
  const columns = group.filter(cell => cell.y + cell.height >= bottom - touchPt);
  const under = runs.filter(run => run.bbox.y - bottom >= -touchPt && run.bbox.y - bottom <= 2 * run.bbox.height);
  return columns.filter(cell => under.some(run => run.bbox.x < cell.x + cell.width && run.bbox.x + run.bbox.width > cell.x)).length >= 2;
}

/** Cells sorted by an edge: their indices and, in the same order, that edge. */
interface SortedCells {
  indices: number[];
  edges: number[];
}

function sortedBy(cells: readonly BoundingBox[], edge: (cell: BoundingBox) => number): SortedCells {
  const indices = cells.map((_, index) => index).sort((a, b) => edge(cells[a]!) - edge(cells[b]!));
  return { indices, edges: indices.map(index => edge(cells[index]!)) };
}

/** The indices of the cells whose sorted edge is within touchPt of `position`. */
function* startingNear({ indices, edges }: SortedCells, position: number): Generator<number> {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (edges[middle]! < position - touchPt) low = middle + 1;
    else high = middle;
  }
  for (let at = low; at < edges.length && edges[at]! <= position + touchPt; at++) yield indices[at]!;
}

function near(u: number, v: number): boolean {
  return Math.abs(u - v) <= touchPt;
}

/** Two cells of one row: the same top and height. */
function sameRow(a: BoundingBox, b: BoundingBox): boolean {
  return near(a.y, b.y) && near(a.height, b.height);
}

/** Two cells of one column: the same left edge and width. */
function sameColumn(a: BoundingBox, b: BoundingBox): boolean {
  return near(a.x, b.x) && near(a.width, b.width);
}

function distinct(positions: number[]): number {
  return new Set(positions.map(position => Math.round(position / touchPt))).size;
}
