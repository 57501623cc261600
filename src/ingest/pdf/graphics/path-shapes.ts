import type { AffineMatrix } from './affine-matrix.ts';

/** pdf.js 5 encodes a constructPath's geometry as a flat Float32Array of these opcodes + operands. */
const moveToOp = 0;
const lineToOp = 1;
const curveToOp = 2;
const quadraticCurveToOp = 3;
const closePathOp = 4;

/** One subpath of a painted path, already in display points. */
export interface Subpath {
  /** Vertices in order; a closing vertex equal to the first is dropped. */
  xs: number[];
  ys: number[];
  /** True when the subpath has a Bézier segment; its bounds then include the control points. */
  curved: boolean;
  /** True when the subpath ends with closePath (its last vertex joins the first). */
  closed: boolean;
}

/** Splits a pdf.js path buffer into subpaths and transforms every vertex by `matrix`. */
export function readSubpaths(buffer: Float32Array, matrix: AffineMatrix): Subpath[] {
  const subpaths: Subpath[] = [];
  // No closures: this runs once per painted path, and tsx (esbuild keepNames) names each closure it creates.
  let current: Subpath | null = null;
  for (let index = 0; index < buffer.length; ) {
    switch (buffer[index++]) {
      case moveToOp:
        current = startSubpath(subpaths);
        pushVertex(current, matrix, buffer[index++], buffer[index++]);
        break;
      case lineToOp:
        current ??= startSubpath(subpaths);
        pushVertex(current, matrix, buffer[index++], buffer[index++]);
        break;
      case curveToOp:
        current ??= startSubpath(subpaths);
        for (let point = 0; point < 3; point++) pushVertex(current, matrix, buffer[index++], buffer[index++]);
        current.curved = true;
        break;
      case quadraticCurveToOp:
        current ??= startSubpath(subpaths);
        for (let point = 0; point < 2; point++) pushVertex(current, matrix, buffer[index++], buffer[index++]);
        current.curved = true;
        break;
      case closePathOp:
        if (current) {
          current.closed = true;
          dropClosingVertex(current);
        }
        current = null;
        break;
      default:
        // An opcode this reader does not know: the rest of the buffer cannot be decoded safely.
        return subpaths;
    }
  }
  if (current) dropClosingVertex(current);
  return subpaths.filter(hasSegment);
}

function hasSegment(subpath: Subpath): boolean {
  return subpath.xs.length > 1;
}

function pushVertex(subpath: Subpath, matrix: AffineMatrix, x: number, y: number): void {
  subpath.xs.push(matrix[0] * x + matrix[2] * y + matrix[4]);
  subpath.ys.push(matrix[1] * x + matrix[3] * y + matrix[5]);
}

function startSubpath(subpaths: Subpath[]): Subpath {
  const subpath: Subpath = { xs: [], ys: [], curved: false, closed: false };
  subpaths.push(subpath);
  return subpath;
}

function dropClosingVertex(subpath: Subpath): void {
  const last = subpath.xs.length - 1;
  if (last > 1 && near(subpath.xs[last], subpath.xs[0]) && near(subpath.ys[last], subpath.ys[0])) {
    subpath.xs.pop();
    subpath.ys.pop();
  }
}

/** Coordinates closer than this (points) count as equal: producers round differently. */
export const coordinateTolerancePt = 0.5;

export function near(first: number, second: number): boolean {
  return Math.abs(first - second) <= coordinateTolerancePt;
}

/** True when the segment from vertex `from` to vertex `to` is horizontal or vertical. */
export function isAxisAlignedSegment(subpath: Subpath, from: number, to: number): boolean {
  return near(subpath.xs[from], subpath.xs[to]) || near(subpath.ys[from], subpath.ys[to]);
}

/** True for a four-vertex subpath whose edges are all horizontal or vertical (a rectangle on the page). */
export function isAxisAlignedRectangle(subpath: Subpath): boolean {
  if (subpath.curved || subpath.xs.length !== 4) return false;
  for (let vertex = 0; vertex < 4; vertex++) {
    if (!isAxisAlignedSegment(subpath, vertex, (vertex + 1) % 4)) return false;
  }
  return true;
}

/** [minX, minY, maxX, maxY] of the subpath's vertices. */
export function subpathBounds(subpath: Subpath): [number, number, number, number] {
  // A loop, not Math.min(...xs): a plotted series can have more vertices than a call has arguments.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let vertex = 0; vertex < subpath.xs.length; vertex++) {
    const x = subpath.xs[vertex];
    const y = subpath.ys[vertex];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}
