import type { BoundingBox } from '../../../documents/document-tree.ts';
import { type AffineMatrix, multiplyMatrices, transformBounds } from '../graphics/affine-matrix.ts';
import type { OperatorList } from '../graphics/walk-operator-list.ts';
import { isAxisAlignedRectangle, readSubpaths, subpathBounds } from '../graphics/path-shapes.ts';
import { pdfjs } from '../open-pdf.ts';

const { OPS } = pdfjs;
/** Shapes touching an image's edge by less than this (frames, hairlines, rounding) do not cover it. */
const overlapSlackPt = 1;

/** An image XObject painted as-is: opaque compositing, no soft mask, at most rectangular clipping. */
export interface PlacedImage {
  /** pdf.js object id (in `page.commonObjs` when it starts with "g_", else in `page.objs`). */
  objectId: string;
  /** Unit square → display points (top-left origin), the viewport transform folded in. */
  matrix: AffineMatrix;
  /** Display-point box the image is clipped to (the page, forms' boxes, rectangular clip paths). */
  clip: BoundingBox;
  /** True when a path, shading or image painted later overlaps it (text is not tracked here). */
  overpainted: boolean;
}

interface PlacementState {
  matrix: AffineMatrix;
  clip: [number, number, number, number];
  /** False once anything could make the painted pixels differ from the image's own: alpha, blend, masks, curved clips. */
  plain: boolean;
}

/**
 * The image XObjects of a page that a renderer would paint as plain opaque copies of their pixels,
 * so a figure that is exactly one of them can be cut from the image data instead of rendered. Kept
 * conservative: any transparency, blend mode, soft mask, transparency group or non-rectangular clip in
 * effect disqualifies the image, and a page with annotations (drawn on top by render) gives none.
 */
export function findPlacedImages(operatorList: OperatorList, viewportTransform: ArrayLike<number>, pageBox: BoundingBox): PlacedImage[] {
  const { fnArray, argsArray } = operatorList;
  if (fnArray.includes(OPS.beginAnnotation)) return [];
  const stack: PlacementState[] = [];
  let state: PlacementState = {
    matrix: Array.from(viewportTransform) as AffineMatrix,
    clip: [pageBox.x, pageBox.y, pageBox.x + pageBox.width, pageBox.y + pageBox.height],
    plain: true,
  };
  let pendingClip = false;
  const placed: Array<PlacedImage & { index: number; painted: [number, number, number, number] }> = [];
  // Bounds of everything painted, by operator index, to tell whether something covers an image.
  const paints: Array<{ index: number; bounds: [number, number, number, number] }> = [];
  const clipTo = (bounds: [number, number, number, number]) => {
    state.clip = [
      Math.max(state.clip[0], bounds[0]),
      Math.max(state.clip[1], bounds[1]),
      Math.min(state.clip[2], bounds[2]),
      Math.min(state.clip[3], bounds[3]),
    ];
  };
  for (let index = 0; index < fnArray.length; index++) {
    // biome-ignore lint/suspicious/noExplicitAny: pdf.js leaves operator arguments untyped; each case reads the layout pdf.js 5.6 emits.
    const args = argsArray[index] as any[];
    switch (fnArray[index]) {
      case OPS.save:
        stack.push({ ...state });
        break;
      case OPS.restore:
      case OPS.paintFormXObjectEnd:
      case OPS.endGroup:
        state = stack.pop() ?? state;
        break;
      case OPS.transform:
        state.matrix = multiplyMatrices(state.matrix, args);
        break;
      case OPS.setGState:
        for (const [key, value] of args[0] as Array<[string, unknown]>) {
          if ((key === 'ca' && value !== 1) || (key === 'BM' && value !== 'source-over') || (key === 'SMask' && value)) state.plain = false;
        }
        break;
      case OPS.clip:
      case OPS.eoClip:
        pendingClip = true;
        break;
      case OPS.constructPath: {
        const [paintOp, [buffer], minMax] = args as [number, [Float32Array | null], Float32Array | null];
        if (paintOp !== OPS.endPath && minMax) {
          // Stroke widths are ignored: a 1 pt slack in the overlap test absorbs ordinary lines.
          paints.push({ index, bounds: transformBounds(state.matrix, minMax[0], minMax[1], minMax[2], minMax[3]) });
        }
        if (!pendingClip) break;
        pendingClip = false;
        const subpaths = buffer ? readSubpaths(buffer, state.matrix) : [];
        if (subpaths.length === 1 && isAxisAlignedRectangle(subpaths[0])) clipTo(subpathBounds(subpaths[0]));
        else state.plain = false;
        break;
      }
      case OPS.shadingFill:
        paints.push({ index, bounds: [...state.clip] });
        break;
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintSolidColorImageMask:
        paints.push({ index, bounds: transformBounds(state.matrix, 0, 0, 1, 1) });
        break;
      case OPS.paintImageXObjectRepeat:
      case OPS.paintImageMaskXObjectRepeat:
      case OPS.paintImageMaskXObjectGroup:
      case OPS.paintInlineImageXObjectGroup:
        // Rare tiled forms: treat them as covering everything inside the clip.
        paints.push({ index, bounds: [...state.clip] });
        break;
      case OPS.paintFormXObjectBegin: {
        const [matrix, bbox] = args as [Float32Array | null, Float32Array | null];
        stack.push({ ...state });
        if (matrix) state.matrix = multiplyMatrices(state.matrix, matrix);
        if (bbox) clipTo(transformBounds(state.matrix, bbox[0], bbox[1], bbox[2], bbox[3]));
        break;
      }
      case OPS.beginGroup:
        stack.push({ ...state });
        state.plain = false;
        break;
      case OPS.paintImageXObject: {
        const [x0, y0, x1, y1] = state.clip;
        const painted = transformBounds(state.matrix, 0, 0, 1, 1);
        paints.push({ index, bounds: painted });
        if (state.plain && typeof args[0] === 'string') {
          const clip = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
          placed.push({ objectId: args[0], matrix: [...state.matrix], clip, overpainted: false, index, painted });
        }
        break;
      }
    }
  }
  return placed.map(({ index, painted, ...image }) => ({
    ...image,
    overpainted: paints.some(paint => paint.index > index && overlaps(paint.bounds, painted)),
  }));
}

/** Overlap by more than the slack on both axes. */
function overlaps(first: [number, number, number, number], second: [number, number, number, number]): boolean {
  return (
    Math.min(first[2], second[2]) - Math.max(first[0], second[0]) > overlapSlackPt &&
    Math.min(first[3], second[3]) - Math.max(first[1], second[1]) > overlapSlackPt
  );
}
