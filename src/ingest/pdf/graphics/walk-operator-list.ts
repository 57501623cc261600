import { pdfjs } from '../open-pdf.ts';
import { type AffineMatrix, matrixScale, multiplyMatrices, transformBounds } from './affine-matrix.ts';
import { type Bounds, type GraphicsCollector, intersectBounds } from './graphics-collector.ts';
import { readSubpaths, subpathBounds } from './path-shapes.ts';

const { OPS } = pdfjs;

/** The part of the PDF graphics state that decides where and whether something is painted. */
interface GraphicsState {
  /** User space → display points (the viewport transform is folded in). */
  matrix: AffineMatrix;
  clip: Bounds;
  lineWidth: number;
  fillBlank: boolean;
  strokeBlank: boolean;
  fillAlpha: number;
  strokeAlpha: number;
  /** Inside a soft-mask group: its content shapes a mask and is never painted itself. */
  inSoftMask: boolean;
}

export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/**
 * Replays a pdf.js operator list the way its canvas backend would, but only tracks geometry:
 * every painted path, image and shading is handed to `collector` in display coordinates. Annotation
 * appearances (between beginAnnotation and endAnnotation) are not page content and are skipped.
 */
export function walkOperatorList(operatorList: OperatorList, viewportTransform: ArrayLike<number>, pageBounds: Bounds, collector: GraphicsCollector): void {
  const stack: GraphicsState[] = [];
  let state: GraphicsState = {
    matrix: Array.from(viewportTransform) as AffineMatrix,
    clip: pageBounds,
    lineWidth: 1,
    fillBlank: false,
    strokeBlank: false,
    fillAlpha: 1,
    strokeAlpha: 1,
    inSoftMask: false,
  };
  let pendingClip = false;
  const save = () => stack.push({ ...state });
  const restore = () => {
    state = stack.pop() ?? state;
  };
  const clipTo = (x0: number, y0: number, x1: number, y1: number) => {
    state.clip = intersectBounds(state.clip, transformBounds(state.matrix, x0, y0, x1, y1)) ?? [0, 0, 0, 0];
  };
  const addUnitSquareImage = (matrix: AffineMatrix) => {
    if (!state.inSoftMask) collector.addImage(transformBounds(matrix, 0, 0, 1, 1), state.clip);
  };

  const { fnArray, argsArray } = operatorList;
  for (let index = 0; index < fnArray.length; index++) {
    // biome-ignore lint/suspicious/noExplicitAny: pdf.js leaves operator arguments untyped; each case reads the layout pdf.js 5.6 emits.
    const args = argsArray[index] as any[];
    switch (fnArray[index]) {
      case OPS.beginAnnotation:
        index = indexOfMatchingEnd(fnArray, index, OPS.beginAnnotation, OPS.endAnnotation);
        break;
      case OPS.save:
        save();
        break;
      case OPS.restore:
        restore();
        break;
      case OPS.transform:
        state.matrix = multiplyMatrices(state.matrix, args);
        break;
      case OPS.setLineWidth:
        state.lineWidth = args[0];
        break;
      case OPS.setGState:
        for (const [key, value] of args[0] as Array<[string, unknown]>) {
          if (key === 'LW') state.lineWidth = value as number;
          else if (key === 'ca') state.fillAlpha = value as number;
          else if (key === 'CA') state.strokeAlpha = value as number;
        }
        break;
      case OPS.setFillRGBColor:
        state.fillBlank = args[0] === '#ffffff';
        break;
      case OPS.setStrokeRGBColor:
        state.strokeBlank = args[0] === '#ffffff';
        break;
      case OPS.setFillColorN:
        state.fillBlank = false;
        break;
      case OPS.setStrokeColorN:
        state.strokeBlank = false;
        break;
      case OPS.setFillTransparent:
        state.fillBlank = true;
        break;
      case OPS.setStrokeTransparent:
        state.strokeBlank = true;
        break;
      case OPS.clip:
      case OPS.eoClip:
        pendingClip = true;
        break;
      case OPS.constructPath: {
        const [paintOp, [buffer], minMax] = args as [number, [Float32Array | null], Float32Array | null];
        if (!buffer || !minMax) break;
        const subpaths = readSubpaths(buffer, state.matrix);
        if (pendingClip) {
          pendingClip = false;
          const clipBounds = subpaths.reduce<Bounds | null>(
            (bounds, subpath) => (bounds ? unionAll(bounds, subpathBounds(subpath)) : subpathBounds(subpath)),
            null,
          );
          state.clip = (clipBounds && intersectBounds(state.clip, clipBounds)) ?? [0, 0, 0, 0];
        }
        if (paintOp === OPS.endPath || state.inSoftMask) break;
        const fills = paintOp !== OPS.stroke && paintOp !== OPS.closeStroke;
        const strokes = paintOp !== OPS.fill && paintOp !== OPS.eoFill;
        collector.addPath(
          subpaths,
          {
            fill: fills && !state.fillBlank && state.fillAlpha > 0,
            stroke: strokes && !state.strokeBlank && state.strokeAlpha > 0,
            strokeWidthPt: state.lineWidth * matrixScale(state.matrix),
          },
          state.clip,
        );
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintSolidColorImageMask:
        addUnitSquareImage(state.matrix);
        break;
      case OPS.paintImageXObjectRepeat: {
        const [, scaleX, scaleY, positions] = args as [unknown, number, number, Float32Array];
        for (let position = 0; position < positions.length; position += 2) {
          const placement = [scaleX, 0, 0, scaleY, positions[position], positions[position + 1]];
          addUnitSquareImage(multiplyMatrices(state.matrix, placement));
        }
        break;
      }
      case OPS.paintImageMaskXObjectRepeat: {
        const [, scaleX, skewX, skewY, scaleY, positions] = args as [unknown, number, number, number, number, Float32Array];
        for (let position = 0; position < positions.length; position += 2) {
          const placement = [scaleX, skewX, skewY, scaleY, positions[position], positions[position + 1]];
          addUnitSquareImage(multiplyMatrices(state.matrix, placement));
        }
        break;
      }
      case OPS.paintImageMaskXObjectGroup:
        for (const image of args[0] as Array<{ transform: number[] }>) {
          addUnitSquareImage(multiplyMatrices(state.matrix, image.transform));
        }
        break;
      case OPS.paintInlineImageXObjectGroup:
        for (const entry of args[1] as Array<{ transform: number[] }>) {
          addUnitSquareImage(multiplyMatrices(state.matrix, entry.transform));
        }
        break;
      case OPS.shadingFill:
        if (!state.inSoftMask && state.fillAlpha > 0) collector.addShading(state.clip);
        break;
      case OPS.paintFormXObjectBegin: {
        const [matrix, bbox] = args as [Float32Array | null, Float32Array | null];
        save();
        if (matrix) state.matrix = multiplyMatrices(state.matrix, matrix);
        if (bbox) clipTo(bbox[0], bbox[1], bbox[2], bbox[3]);
        break;
      }
      case OPS.paintFormXObjectEnd:
        restore();
        break;
      case OPS.beginGroup: {
        const group = args[0] as { matrix: number[] | null; bbox: Float32Array | null; smask: unknown };
        save();
        if (group.bbox) {
          const groupMatrix = group.matrix ? multiplyMatrices(state.matrix, group.matrix) : state.matrix;
          const [x0, y0, x1, y1] = group.bbox;
          state.clip = intersectBounds(state.clip, transformBounds(groupMatrix, x0, y0, x1, y1)) ?? [0, 0, 0, 0];
        }
        if (group.smask) state.inSoftMask = true;
        break;
      }
      case OPS.endGroup:
        restore();
        break;
    }
  }
}

/**
 * Index of the `endOp` that closes the `beginOp` at `start`, counting nested pairs (annotations do not
 * nest, but be safe); the list's length when it is never closed.
 */
export function indexOfMatchingEnd(fnArray: number[], start: number, beginOp: number, endOp: number): number {
  let depth = 0;
  for (let index = start; index < fnArray.length; index++) {
    if (fnArray[index] === beginOp) depth++;
    else if (fnArray[index] === endOp && --depth === 0) return index;
  }
  return fnArray.length;
}

function unionAll(first: Bounds, second: Bounds): Bounds {
  return [Math.min(first[0], second[0]), Math.min(first[1], second[1]), Math.max(first[2], second[2]), Math.max(first[3], second[3])];
}
