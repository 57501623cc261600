import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { encodeOpaquePng } from './encode-png.ts';
import type { PlacedImage } from './find-placed-images.ts';
import { nativeJpegPixels } from '../speed/native-jpeg-decoder.js';
import type { PageRegion } from './render-page-region.ts';

export interface FigureFromImage {
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/** pdf.js ImageKind.RGB_24BPP: what its JPEG and most Flate images decode to. */
const rgbImageKind = 2;
/** How far (points) the image's painted box may be from the region and still count as the region. */
const sameBoxTolerancePt = 1;
/** A matrix entry this small (relative) counts as zero: the image is not skewed or rotated off-axis. */
const axisTolerance = 1e-6;

interface DecodedImage {
  width: number;
  height: number;
  /** 3: RGB (pdf.js's own decoders); 4: opaque RGBA (a natively decoded JPEG's canvas). */
  channels: 3 | 4;
  data: Uint8Array | Uint8ClampedArray;
}

/**
 * The placed image whose visible part (its painted box cut to its rectangular clip) is exactly
 * `region` (clipped to the page), when there is one.
 */
export function imageCoveringRegion(images: PlacedImage[], region: PageRegion): PlacedImage | undefined {
  return images.find(image => {
    const [a, b, c, d, e, f] = image.matrix;
    const axisAligned =
      (Math.abs(b) <= axisTolerance * Math.abs(a) && Math.abs(c) <= axisTolerance * Math.abs(d)) ||
      (Math.abs(a) <= axisTolerance * Math.abs(b) && Math.abs(d) <= axisTolerance * Math.abs(c));
    if (!axisAligned) return false;
    const painted = { x: Math.min(e, e + a + c), y: Math.min(f, f + b + d), width: Math.abs(a + c), height: Math.abs(b + d) };
    const visible = intersectBoxes(painted, image.clip);
    return visible !== undefined && sameBox(visible, region);
  });
}

/**
 * Builds the figure PNG straight from the image's decoded pixels (pdf.js decodes them for the
 * operator list), resampled with a box filter to the size the rendered crop would have and oriented
 * by the image's matrix. Skips drawing the page, the costly part of a photo figure.
 * Takes pdf.js's RGB pixels or the opaque RGBA of a natively decoded JPEG (speed/native-jpeg-decoder.js).
 * Returns undefined for other pixels (or when the image could not be decoded): the caller then renders.
 */
export async function figureFromImage(page: PDFPageProxy, image: PlacedImage, region: PageRegion, scale: number): Promise<FigureFromImage | undefined> {
  const decoded = await decodedImage(page, image.objectId);
  if (!decoded || decoded.data.length < decoded.width * decoded.height * decoded.channels) return undefined;
  const widthPx = Math.max(1, Math.round(region.width * scale));
  const heightPx = Math.max(1, Math.round(region.height * scale));
  const [a, b, c, d, e, f] = image.matrix;
  // Display point → image pixel: the unit square's (u, v) is column u·width, row (1 − v)·height.
  const determinant = a * d - b * c;
  const toColumn = (x: number, y: number) => ((d * (x - e) - c * (y - f)) / determinant) * decoded.width;
  const toRow = (x: number, y: number) => (1 - (a * (y - f) - b * (x - e)) / determinant) * decoded.height;
  // With no rotation, columns follow x and rows follow y; rotated by 90°, the other way round.
  const columnsFollowX = Math.abs(a) >= Math.abs(b);
  const spanAlongX = (ox: number, size: number, map: (t: number) => number) => pixelSpan(map(region.x + ox / scale), map(region.x + (ox + 1) / scale), size);
  const spanAlongY = (oy: number, size: number, map: (t: number) => number) => pixelSpan(map(region.y + oy / scale), map(region.y + (oy + 1) / scale), size);
  const centreY = region.y + region.height / 2;
  const centreX = region.x + region.width / 2;
  // Spans as [start, end) pairs in flat typed arrays: the loop below runs once per output pixel.
  const xSpans = new Int32Array(widthPx * 2);
  for (let ox = 0; ox < widthPx; ox++) {
    const [start, end] = columnsFollowX ? spanAlongX(ox, decoded.width, x => toColumn(x, centreY)) : spanAlongX(ox, decoded.height, x => toRow(x, centreY));
    xSpans[2 * ox] = start;
    xSpans[2 * ox + 1] = end;
  }
  const ySpans = new Int32Array(heightPx * 2);
  for (let oy = 0; oy < heightPx; oy++) {
    const [start, end] = columnsFollowX ? spanAlongY(oy, decoded.height, y => toRow(centreX, y)) : spanAlongY(oy, decoded.width, y => toColumn(centreX, y));
    ySpans[2 * oy] = start;
    ySpans[2 * oy + 1] = end;
  }
  const columnSpans = columnsFollowX ? xSpans : ySpans;
  const rowSpans = columnsFollowX ? ySpans : xSpans;
  const rgba = new Uint8Array(widthPx * heightPx * 4);
  // One plain Uint8Array view (pdf.js hands a Uint8ClampedArray or Uint8Array, the canvas a Buffer):
  // the element reads stay monomorphic.
  const source = new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
  const channels = decoded.channels;
  const rowBytes = decoded.width * channels;
  for (let oy = 0; oy < heightPx; oy++) {
    for (let ox = 0; ox < widthPx; ox++) {
      const columnIndex = 2 * (columnsFollowX ? ox : oy);
      const rowIndex = 2 * (columnsFollowX ? oy : ox);
      const columnStart = columnSpans[columnIndex];
      const columnEnd = columnSpans[columnIndex + 1];
      const rowStart = rowSpans[rowIndex];
      const rowEnd = rowSpans[rowIndex + 1];
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let row = rowStart; row < rowEnd; row++) {
        for (let offset = row * rowBytes + columnStart * channels, end = row * rowBytes + columnEnd * channels; offset < end; offset += channels) {
          red += source[offset];
          green += source[offset + 1];
          blue += source[offset + 2];
        }
      }
      const count = (rowEnd - rowStart) * (columnEnd - columnStart);
      const target = (oy * widthPx + ox) * 4;
      rgba[target] = (red / count + 0.5) | 0;
      rgba[target + 1] = (green / count + 0.5) | 0;
      rgba[target + 2] = (blue / count + 0.5) | 0;
      rgba[target + 3] = 255;
    }
  }
  return { png: await encodeOpaquePng(rgba, widthPx, heightPx), widthPx, heightPx };
}

/**
 * pdf.js resolves a page's operator list without waiting for its images: each is decoded on its own
 * and arrives in `page.objs` when done (a failed decode arrives as null). Taking the image only if it
 * had arrived made the figure's pixels depend on a race (how fast zlib and the JPEG decoder ran
 * against the rest of the page: the same figure came from the pixels in one run and from the canvas
 * in another). Waiting for it is what rendering the page would do anyway. The time limit only guards
 * against an image pdf.js never delivers; rendering then goes its own way.
 */
const imageWaitMs = 30_000;

async function decodedImage(page: PDFPageProxy, objectId: string): Promise<DecodedImage | undefined> {
  const store = (objectId.startsWith('g_') ? page.commonObjs : page.objs) as unknown as {
    has(id: string): boolean;
    get(id: string, callback?: (data: unknown) => void): unknown;
  };
  let decoded: unknown;
  if (store.has(objectId)) {
    decoded = store.get(objectId);
  } else {
    let timer: NodeJS.Timeout | undefined;
    decoded = await new Promise<unknown>(resolve => {
      timer = setTimeout(() => resolve(undefined), imageWaitMs);
      store.get(objectId, resolve);
    }).finally(() => clearTimeout(timer));
  }
  const image = decoded as
    | { width?: number; height?: number; kind?: number; data?: Uint8Array | Uint8ClampedArray | null; bitmap?: unknown }
    | null
    | undefined;
  if (!image?.width || !image.height) return undefined;
  if (image.bitmap) {
    const pixels = nativeJpegPixels(image.bitmap);
    return pixels && pixels.width === image.width && pixels.height === image.height
      ? { width: image.width, height: image.height, channels: 4, data: pixels.data }
      : undefined;
  }
  if (!image.data || image.kind !== rgbImageKind) return undefined;
  return { width: image.width, height: image.height, channels: 3, data: image.data };
}

/** Source pixels [start, end) an output pixel covers along one axis; at least the one under its centre. */
function pixelSpan(from: number, to: number, size: number): [number, number] {
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  let start = Math.max(0, Math.min(size - 1, Math.floor(low + 1e-9)));
  let end = Math.max(0, Math.min(size, Math.ceil(high - 1e-9)));
  if (end <= start) {
    start = Math.max(0, Math.min(size - 1, Math.floor((low + high) / 2)));
    end = start + 1;
  }
  return [start, end];
}

function sameBox(first: BoundingBox, second: BoundingBox): boolean {
  return (
    Math.abs(first.x - second.x) <= sameBoxTolerancePt &&
    Math.abs(first.y - second.y) <= sameBoxTolerancePt &&
    Math.abs(first.x + first.width - second.x - second.width) <= sameBoxTolerancePt &&
    Math.abs(first.y + first.height - second.y - second.height) <= sameBoxTolerancePt
  );
}

function intersectBoxes(first: BoundingBox, second: BoundingBox): BoundingBox | undefined {
  const x = Math.max(first.x, second.x);
  const y = Math.max(first.y, second.y);
  const width = Math.min(first.x + first.width, second.x + second.width) - x;
  const height = Math.min(first.y + first.height, second.y + second.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : undefined;
}
