import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { GraphicsSummary, RulingLine } from '../page-content.ts';
import { isAxisAlignedRectangle, isAxisAlignedSegment, type Subpath, subpathBounds } from './path-shapes.ts';

/** [minX, minY, maxX, maxY] in display points (top-left origin). */
export type Bounds = [number, number, number, number];

/** How the current path is painted, resolved from the graphics state. */
export interface PathPaint {
  /** The fill leaves a visible mark (not white, transparent or fully see-through). */
  fill: boolean;
  stroke: boolean;
  /** Line width in page points (after the current transform). */
  strokeWidthPt: number;
}

/** A ruling is at most this thick; anything thicker is a rectangle (a bar, a shaded band). */
const maxRulingThicknessPt = 2;
/**
 * Word's thick table borders (2¼ and 3 pt, under a header row) are rulings too when they are long for
 * their thickness, as a border runs across a table; a bar of a chart this thin is short.
 */
const maxLongRulingThicknessPt = 3;
const minLongRulingLengthPerThickness = 30;

/** Whether a bar `thickness` thick and `length` long is a ruling rather than a rectangle. */
function isRulingShaped(thickness: number, length: number): boolean {
  return thickness <= maxRulingThicknessPt || (thickness <= maxLongRulingThicknessPt && length >= minLongRulingLengthPerThickness * thickness);
}
/** Images smaller than this on either side are bullets, icons and spacers. */
const minImageSidePt = 8;
/** Fills covering this share of the page are backgrounds. */
const backgroundAreaShare = 0.9;
/** Neighbouring subpaths of one path closer than this merge into one box (glyph outlines, chart marks). */
const subpathMergeGapPt = 2;

/** Sorts painted shapes into the GraphicsSummary buckets, clipped to the clip box and the page. */
export class GraphicsCollector {
  private readonly rulings: RulingLine[] = [];
  private readonly rectangles: BoundingBox[] = [];
  private readonly images: BoundingBox[] = [];
  private readonly paths: BoundingBox[] = [];
  private readonly rulingKeys = new Set<string>();

  constructor(
    private readonly pageWidth: number,
    private readonly pageHeight: number,
  ) {}

  addPath(subpaths: Subpath[], paint: PathPaint, clip: Bounds): void {
    // No closure here: runs once per painted path, and tsx (esbuild keepNames) names each closure it creates.
    let pending: Bounds | null = null;
    for (const subpath of subpaths) {
      if (this.addStraightShape(subpath, paint, clip)) continue;
      const bounds = subpathBounds(subpath);
      if (pending && boundsGap(pending, bounds) <= subpathMergeGapPt) pending = unionBounds(pending, bounds);
      else {
        if (pending) this.addPathBounds(pending, paint, clip);
        pending = bounds;
      }
    }
    if (pending) this.addPathBounds(pending, paint, clip);
  }

  addImage(bounds: Bounds, clip: Bounds): void {
    const visible = intersectBounds(bounds, clip);
    if (!visible || visible[2] - visible[0] < minImageSidePt || visible[3] - visible[1] < minImageSidePt) return;
    this.images.push(toBox(visible));
  }

  /** A shading fill paints the whole clip region (gradient backgrounds, gradient chart areas). */
  addShading(clip: Bounds): void {
    this.addPathBounds(clip, { fill: true, stroke: false, strokeWidthPt: 0 }, clip);
  }

  summary(): GraphicsSummary {
    return { rulings: this.rulings, rectangles: this.rectangles, images: this.images, paths: this.paths };
  }

  /** Lines, rectangles and axis-aligned polylines; returns false for anything else (curves, diagonals). */
  private addStraightShape(subpath: Subpath, paint: PathPaint, clip: Bounds): boolean {
    if (subpath.curved) return false;
    const vertexCount = subpath.xs.length;
    if (vertexCount === 2) {
      if (!isAxisAlignedSegment(subpath, 0, 1)) return false;
      if (paint.stroke) this.addStrokedSegment(subpath, 0, 1, paint.strokeWidthPt, clip);
      return true;
    }
    if (isAxisAlignedRectangle(subpath)) {
      this.addRectangle(subpathBounds(subpath), paint, clip);
      return true;
    }
    if (paint.fill || !paint.stroke) return false;
    const segmentCount = subpath.closed ? vertexCount : vertexCount - 1;
    for (let from = 0; from < segmentCount; from++) {
      if (!isAxisAlignedSegment(subpath, from, (from + 1) % vertexCount)) return false;
    }
    for (let from = 0; from < segmentCount; from++) {
      this.addStrokedSegment(subpath, from, (from + 1) % vertexCount, paint.strokeWidthPt, clip);
    }
    return true;
  }

  private addRectangle(bounds: Bounds, paint: PathPaint, clip: Bounds): void {
    const [minX, minY, maxX, maxY] = bounds;
    const thin = isRulingShaped(Math.min(maxX - minX, maxY - minY), Math.max(maxX - minX, maxY - minY));
    if (thin && (paint.fill || paint.stroke)) {
      this.addRuling(bounds, clip);
      return;
    }
    if (paint.fill && !this.isBackground(bounds)) {
      const visible = intersectBounds(bounds, clip);
      if (visible) this.rectangles.push(toBox(visible));
    }
    if (paint.stroke) {
      this.addRuling([minX, minY, maxX, minY], clip);
      this.addRuling([minX, maxY, maxX, maxY], clip);
      this.addRuling([minX, minY, minX, maxY], clip);
      this.addRuling([maxX, minY, maxX, maxY], clip);
    }
  }

  private addStrokedSegment(subpath: Subpath, from: number, to: number, widthPt: number, clip: Bounds): void {
    const bounds: Bounds = [
      Math.min(subpath.xs[from], subpath.xs[to]),
      Math.min(subpath.ys[from], subpath.ys[to]),
      Math.max(subpath.xs[from], subpath.xs[to]),
      Math.max(subpath.ys[from], subpath.ys[to]),
    ];
    if (isRulingShaped(widthPt, Math.max(bounds[2] - bounds[0], bounds[3] - bounds[1]))) {
      this.addRuling(bounds, clip);
      return;
    }
    // A thick stroke is drawn like a filled bar (some chart producers draw bars this way).
    const half = widthPt / 2;
    const horizontal = bounds[2] - bounds[0] >= bounds[3] - bounds[1];
    const barBounds: Bounds = horizontal
      ? [bounds[0], bounds[1] - half, bounds[2], bounds[3] + half]
      : [bounds[0] - half, bounds[1], bounds[2] + half, bounds[3]];
    const visible = intersectBounds(barBounds, clip);
    if (visible) this.rectangles.push(toBox(visible));
  }

  /** `bounds` is a thin box or a zero-width segment; the ruling runs along its longer side. */
  private addRuling(bounds: Bounds, clip: Bounds): void {
    const horizontal = bounds[2] - bounds[0] >= bounds[3] - bounds[1];
    const centre = horizontal ? (bounds[1] + bounds[3]) / 2 : (bounds[0] + bounds[2]) / 2;
    if (horizontal ? centre < clip[1] || centre > clip[3] : centre < clip[0] || centre > clip[2]) return;
    const start = Math.max(horizontal ? bounds[0] : bounds[1], horizontal ? clip[0] : clip[1]);
    const end = Math.min(horizontal ? bounds[2] : bounds[3], horizontal ? clip[2] : clip[3]);
    if (end - start < 1) return;
    const ruling: RulingLine = horizontal
      ? { orientation: 'horizontal', x1: round(start), y1: round(centre), x2: round(end), y2: round(centre) }
      : { orientation: 'vertical', x1: round(centre), y1: round(start), x2: round(centre), y2: round(end) };
    // Producers often paint the same border twice (once per neighbouring cell).
    const key = `${ruling.x1},${ruling.y1},${ruling.x2},${ruling.y2}`;
    if (this.rulingKeys.has(key)) return;
    this.rulingKeys.add(key);
    this.rulings.push(ruling);
  }

  private addPathBounds(bounds: Bounds, paint: PathPaint, clip: Bounds): void {
    if (!paint.fill && !paint.stroke) return;
    if (paint.fill && !paint.stroke && this.isBackground(bounds)) return;
    const visible = intersectBounds(bounds, clip);
    if (visible) this.paths.push(toBox(visible));
  }

  private isBackground(bounds: Bounds): boolean {
    const visible = intersectBounds(bounds, [0, 0, this.pageWidth, this.pageHeight]);
    if (!visible) return true;
    const area = (visible[2] - visible[0]) * (visible[3] - visible[1]);
    return area >= backgroundAreaShare * this.pageWidth * this.pageHeight;
  }
}

export function intersectBounds(first: Bounds, second: Bounds): Bounds | null {
  const minX = Math.max(first[0], second[0]);
  const minY = Math.max(first[1], second[1]);
  const maxX = Math.min(first[2], second[2]);
  const maxY = Math.min(first[3], second[3]);
  return minX <= maxX && minY <= maxY ? [minX, minY, maxX, maxY] : null;
}

function unionBounds(first: Bounds, second: Bounds): Bounds {
  return [Math.min(first[0], second[0]), Math.min(first[1], second[1]), Math.max(first[2], second[2]), Math.max(first[3], second[3])];
}

function boundsGap(first: Bounds, second: Bounds): number {
  const gapX = Math.max(0, first[0] - second[2], second[0] - first[2]);
  const gapY = Math.max(0, first[1] - second[3], second[1] - first[3]);
  return Math.max(gapX, gapY);
}

function toBox(bounds: Bounds): BoundingBox {
  return {
    x: round(bounds[0]),
    y: round(bounds[1]),
    width: round(bounds[2] - bounds[0]),
    height: round(bounds[3] - bounds[1]),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
