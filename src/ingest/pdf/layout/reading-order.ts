import type { BoundingBox } from '../../../documents/document-tree.ts';
import { unionBoxes } from '../../../documents/bounding-box.ts';

/**
 * Orders page elements for reading: a recursive XY-cut that prefers column gutters. A region with a
 * vertical gutter (an x-range no element crosses) is read column by column. Otherwise it is cut into
 * horizontal slabs at empty y-ranges, and neighbouring slabs are merged back while they share a gutter,
 * so that paragraph gaps that happen to line up in two columns do not interleave the columns, while
 * full-width titles, figures and tables above or below the columns stay where they are.
 */
export function orderForReading<Item extends { bbox: BoundingBox }>(items: Item[], minGutterWidth: number): Item[] {
  if (items.length <= 1) return [...items];
  const columns = splitAtGutters(items, minGutterWidth);
  if (columns.length > 1) return columns.flatMap(column => orderForReading(column, minGutterWidth));
  const slabs = splitIntoSlabs(items);
  if (slabs.length === 1) return [...items].sort(byTopThenLeft);
  const groups: Item[][] = [];
  for (const slab of slabs) {
    const previous = groups[groups.length - 1];
    if (previous && splitAtGutters([...previous, ...slab], minGutterWidth).length > 1) previous.push(...slab);
    else groups.push([...slab]);
  }
  if (groups.length === 1) return [...items].sort(byTopThenLeft);
  return groups.flatMap(group => orderForReading(group, minGutterWidth));
}

/** Splits at every vertical gap at least `minGutterWidth` wide that no item crosses, left to right. */
function splitAtGutters<Item extends { bbox: BoundingBox }>(items: Item[], minGutterWidth: number): Item[][] {
  const sorted = [...items].sort((first, second) => first.bbox.x - second.bbox.x);
  const columns: Item[][] = [];
  let right = -Infinity;
  for (const item of sorted) {
    if (item.bbox.x - right >= minGutterWidth) columns.push([]);
    columns[columns.length - 1].push(item);
    right = Math.max(right, item.bbox.x + item.bbox.width);
  }
  // A "gutter" beside a lone tiny element (a page number, a margin mark) is not a column break.
  return columns.length > 1 && columns.every(column => isSubstantial(column)) ? columns : [items];
}

function isSubstantial(column: Array<{ bbox: BoundingBox }>): boolean {
  if (column.length === 0) return false;
  const box = column.map(item => item.bbox).reduce(unionBoxes);
  return column.length >= 2 || box.height >= 24 || box.width >= 60;
}

/** Cuts at every horizontal gap no item crosses, top to bottom. */
function splitIntoSlabs<Item extends { bbox: BoundingBox }>(items: Item[]): Item[][] {
  const sorted = [...items].sort((first, second) => first.bbox.y - second.bbox.y);
  const slabs: Item[][] = [];
  let bottom = -Infinity;
  for (const item of sorted) {
    // Half a point of tolerance: consecutive lines' boxes touch or overlap slightly.
    if (item.bbox.y >= bottom - 0.5) slabs.push([]);
    slabs[slabs.length - 1].push(item);
    bottom = Math.max(bottom, item.bbox.y + item.bbox.height);
  }
  return slabs;
}

function byTopThenLeft(first: { bbox: BoundingBox }, second: { bbox: BoundingBox }): number {
  const overlap = Math.min(first.bbox.y + first.bbox.height, second.bbox.y + second.bbox.height) - Math.max(first.bbox.y, second.bbox.y);
  if (overlap > 0.5 * Math.min(first.bbox.height, second.bbox.height)) return first.bbox.x - second.bbox.x;
  return first.bbox.y - second.bbox.y;
}
