import type { BoundingBox } from '../../../documents/document-tree.ts';
import { boxGap } from '../../../documents/bounding-box.ts';

/** Past this many boxes (maps, dense plots: tens of thousands of marks) the sweep can go quadratic. */
const maxBoxesForSweep = 2000;

/**
 * Groups boxes that lie within `gapPt` of one another (transitively), e.g. the bars, marks and
 * curves of one chart. Returns clusters as lists of indices into `boxes`.
 * A sweep along x keeps this near-linear for the thousands of shapes a dense page can paint.
 */
export function clusterBoxes(boxes: BoundingBox[], gapPt: number): number[][] {
  if (boxes.length > maxBoxesForSweep) return clusterBoxesOnGrid(boxes, gapPt);
  const parent = boxes.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]];
      index = parent[index];
    }
    return index;
  };
  const order = boxes.map((_, index) => index).sort((first, second) => boxes[first].x - boxes[second].x);
  const active: number[] = [];
  for (const index of order) {
    const box = boxes[index];
    let kept = 0;
    for (const other of active) {
      const otherBox = boxes[other];
      if (otherBox.x + otherBox.width + gapPt < box.x) continue; // ends too far left for anything later
      active[kept++] = other;
      if (boxGap(box, otherBox) <= gapPt) parent[find(index)] = find(other);
    }
    active.length = kept;
    active.push(index);
  }
  const clusters = new Map<number, number[]>();
  for (let index = 0; index < boxes.length; index++) {
    const root = find(index);
    const members = clusters.get(root);
    if (members) members.push(index);
    else clusters.set(root, [index]);
  }
  return [...clusters.values()];
}

/**
 * Linear-time clustering for very dense pages: each box, grown by half the gap, marks the cells of a
 * coarse occupancy grid; connected marked cells form the clusters. Cell quantisation may join boxes
 * up to one cell further apart than `gapPt`, which does not matter at this density.
 */
function clusterBoxesOnGrid(boxes: BoundingBox[], gapPt: number): number[][] {
  const cellPt = Math.max(gapPt, 2);
  const half = gapPt / 2;
  // Loops, not Math.min(...boxes): a dense page can have more boxes than a call has arguments.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const box of boxes) {
    minX = Math.min(minX, box.x - half);
    minY = Math.min(minY, box.y - half);
    maxX = Math.max(maxX, box.x + box.width + half);
    maxY = Math.max(maxY, box.y + box.height + half);
  }
  const columns = Math.ceil((maxX - minX) / cellPt) + 1;
  const rows = Math.ceil((maxY - minY) / cellPt) + 1;
  const marked = new Uint8Array(columns * rows);
  const cellOf = (box: BoundingBox) => [
    Math.floor((box.x - half - minX) / cellPt),
    Math.floor((box.y - half - minY) / cellPt),
    Math.floor((box.x + box.width + half - minX) / cellPt),
    Math.floor((box.y + box.height + half - minY) / cellPt),
  ];
  for (const box of boxes) {
    const [column0, row0, column1, row1] = cellOf(box);
    for (let row = row0; row <= row1; row++) marked.fill(1, row * columns + column0, row * columns + column1 + 1);
  }
  const label = new Int32Array(columns * rows).fill(-1);
  let labels = 0;
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || label[start] >= 0) continue;
    label[start] = labels;
    stack.push(start);
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const column = cell % columns;
      for (const next of [cell - columns, cell + columns, column > 0 ? cell - 1 : -1, column < columns - 1 ? cell + 1 : -1]) {
        if (next < 0 || next >= marked.length || !marked[next] || label[next] >= 0) continue;
        label[next] = labels;
        stack.push(next);
      }
    }
    labels++;
  }
  const clusters = new Map<number, number[]>();
  boxes.forEach((box, index) => {
    const [column0, row0] = cellOf(box);
    const root = label[row0 * columns + column0];
    const members = clusters.get(root);
    if (members) members.push(index);
    else clusters.set(root, [index]);
  });
  return [...clusters.values()];
}
