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
  for (let a = 0; a < cells.length; a++) {
    for (let b = a + 1; b < cells.length; b++) {
      if (meet(cells[a]!, cells[b]!)) parent[root(a)] = root(b);
    }
  }
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

/** Two cells side by side in one row, or one above the other in one column, edge to edge. */
function meet(a: BoundingBox, b: BoundingBox): boolean {
  const near = (u: number, v: number) => Math.abs(u - v) <= touchPt;
  const sameRow = near(a.y, b.y) && near(a.height, b.height);
  const sameColumn = near(a.x, b.x) && near(a.width, b.width);
  return (sameRow && (near(a.x + a.width, b.x) || near(b.x + b.width, a.x))) || (sameColumn && (near(a.y + a.height, b.y) || near(b.y + b.height, a.y)));
}

function distinct(positions: number[]): number {
  return new Set(positions.map(position => Math.round(position / touchPt))).size;
}
