import type { BoundingBox } from './document-tree.ts';

/** Helpers over top-left-origin point boxes, shared by the parsers, tables, figures and layout. */

export function boxArea(box: BoundingBox): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

export function unionBoxes(first: BoundingBox, second: BoundingBox): BoundingBox {
  const x = Math.min(first.x, second.x);
  const y = Math.min(first.y, second.y);
  return {
    x,
    y,
    width: Math.max(first.x + first.width, second.x + second.width) - x,
    height: Math.max(first.y + first.height, second.y + second.height) - y,
  };
}

/** Smallest box holding every box given; undefined when there are none. */
export function enclosingBox(boxes: Iterable<BoundingBox>): BoundingBox | undefined {
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

/** How far the boxes overlap across (x), in points; negative: how far apart they are. */
export function horizontalOverlap(first: BoundingBox, second: BoundingBox): number {
  return Math.min(first.x + first.width, second.x + second.width) - Math.max(first.x, second.x);
}

/** How far the boxes overlap down (y), in points; negative: how far apart they are. */
export function verticalOverlap(first: BoundingBox, second: BoundingBox): number {
  return Math.min(first.y + first.height, second.y + second.height) - Math.max(first.y, second.y);
}

export function intersectionArea(first: BoundingBox, second: BoundingBox): number {
  const width = horizontalOverlap(first, second);
  const height = verticalOverlap(first, second);
  return width > 0 && height > 0 ? width * height : 0;
}

/** Distance between the boxes' edges; 0 when they touch or overlap. */
export function boxGap(first: BoundingBox, second: BoundingBox): number {
  const gapX = Math.max(0, first.x - (second.x + second.width), second.x - (first.x + first.width));
  const gapY = Math.max(0, first.y - (second.y + second.height), second.y - (first.y + first.height));
  return Math.max(gapX, gapY);
}

export function expandBox(box: BoundingBox, marginPt: number): BoundingBox {
  return { x: box.x - marginPt, y: box.y - marginPt, width: box.width + 2 * marginPt, height: box.height + 2 * marginPt };
}

export function containsPoint(box: BoundingBox, x: number, y: number): boolean {
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
}

export function boxCentre(box: BoundingBox): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Share of `inner`'s area that lies inside `outer` (0 for an empty `inner`). */
export function shareInside(inner: BoundingBox, outer: BoundingBox): number {
  const area = boxArea(inner);
  return area > 0 ? intersectionArea(inner, outer) / area : 0;
}

/**
 * The box with its edges rounded to 0.1 pt (what line boxes are stored at: finer than any highlight
 * needs, and a third of the JSON of full doubles). Width and height are the rounded edges' differences.
 */
export function roundBox(box: BoundingBox): BoundingBox {
  const x = roundTenth(box.x);
  const y = roundTenth(box.y);
  return { x, y, width: roundTenth(roundTenth(box.x + box.width) - x), height: roundTenth(roundTenth(box.y + box.height) - y) };
}

function roundTenth(value: number): number {
  return Math.round(value * 10) / 10;
}
