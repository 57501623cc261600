import type { BoundingBox } from '../../../documents/document-tree.ts';
import { horizontalOverlap, verticalOverlap } from '../../../documents/bounding-box.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { encodeOpaquePng } from './encode-png.ts';
import { figureFromImage, imageCoveringRegion } from './figure-from-image.ts';
import { findPlacedImages } from './find-placed-images.ts';
import { clipToPage, drawPageRegion, type PageRegion, regionScale } from './render-page-region.ts';

export interface RenderedFigure {
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/** A huge figure is scaled down to this many pixels a side, so one page cannot exhaust memory. */
export const maxFigureSidePx = 2000;
/** Several figures are drawn in one pass when the canvas covering them all stays below this (~16 MB). */
const maxSharedCanvasPixels = 4_000_000;

/**
 * Renders each region (top-left page points) of the page to a PNG at `dpi`. A region that is exactly
 * one plainly painted image, with nothing painted or written over it (`textBoxes`: the page's text),
 * is cut from the image's decoded pixels without drawing the page. The others: every pdf.js render
 * replays the page's whole operator list, so they are drawn in a single pass over the area covering
 * them all and cut out of it, when they share a scale and that area is not huge; otherwise each on
 * its own canvas. Output order matches `regions`.
 */
export async function renderFigures(
  page: PDFPageProxy,
  regions: BoundingBox[],
  options: { dpi: number; textBoxes?: BoundingBox[] },
): Promise<RenderedFigure[]> {
  const sizing = { dpi: options.dpi, maxSidePx: maxFigureSidePx };
  const clipped = regions.map(region => clipToPage(page, region));
  const scales = clipped.map(region => regionScale(region, sizing));
  // Without the page's text the shortcut cannot tell whether words are drawn over a picture.
  const rendered: Array<RenderedFigure | undefined> = options.textBoxes
    ? await figuresFromImages(page, clipped, scales, options.textBoxes)
    : clipped.map(() => undefined);
  const toDraw = clipped.map((_, index) => index).filter(index => !rendered[index]);
  const drawn = await drawFigures(
    page,
    toDraw.map(index => clipped[index]),
    toDraw.map(index => scales[index]),
  );
  toDraw.forEach((regionIndex, drawnIndex) => (rendered[regionIndex] = drawn[drawnIndex]));
  return rendered as RenderedFigure[];
}

async function figuresFromImages(
  page: PDFPageProxy,
  regions: PageRegion[],
  scales: number[],
  textBoxes: BoundingBox[],
): Promise<Array<RenderedFigure | undefined>> {
  const none = regions.map(() => undefined);
  if (regions.every(region => region.width <= 0 || region.height <= 0)) return none;
  const operatorList = await page.getOperatorList();
  const viewport = page.getViewport({ scale: 1 });
  const pageBox = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const images = findPlacedImages(operatorList, viewport.transform, pageBox).filter(image => !image.overpainted);
  if (images.length === 0) return none;
  const results: Array<RenderedFigure | undefined> = [];
  for (const [index, region] of regions.entries()) {
    const image = region.width > 0 && region.height > 0 ? imageCoveringRegion(images, region) : undefined;
    const texted = textBoxes.some(box => overlapsInside(box, region));
    results.push(image && !texted ? await figureFromImage(page, image, region, scales[index]) : undefined);
  }
  return results;
}

/** Text over (or under) a picture makes its rendered crop differ from the image alone. */
function overlapsInside(box: BoundingBox, region: PageRegion): boolean {
  const slackPt = 1;
  return horizontalOverlap(box, region) > slackPt && verticalOverlap(box, region) > slackPt;
}

async function drawFigures(page: PDFPageProxy, clipped: PageRegion[], scales: number[]): Promise<RenderedFigure[]> {
  if (clipped.length === 0) return [];
  const drawable = clipped.filter(region => region.width > 0 && region.height > 0);
  const cover = drawable.length > 1 ? coveringRegion(drawable) : undefined;
  const scale = scales[0];
  if (cover && scales.every(each => each === scale) && cover.width * cover.height * scale * scale <= maxSharedCanvasPixels) {
    return renderFromSharedCanvas(page, clipped, cover, scale);
  }
  const rendered: RenderedFigure[] = [];
  // One at a time: each canvas is released before the next is allocated.
  for (const [index, region] of clipped.entries()) {
    const drawn = await drawPageRegion(page, region, scales[index]);
    rendered.push(await encode(drawn.context.canvas.data(), drawn.widthPx, { left: 0, top: 0, widthPx: drawn.widthPx, heightPx: drawn.heightPx }));
  }
  return rendered;
}

async function renderFromSharedCanvas(page: PDFPageProxy, regions: PageRegion[], cover: PageRegion, scale: number): Promise<RenderedFigure[]> {
  const drawn = await drawPageRegion(page, cover, scale);
  const pixels = drawn.context.canvas.data();
  const rendered: RenderedFigure[] = [];
  for (const region of regions) {
    // Same pixel size as a canvas of its own would have; the offset rounds to the shared canvas grid.
    const widthPx = Math.max(1, Math.round(region.width * scale));
    const heightPx = Math.max(1, Math.round(region.height * scale));
    const left = Math.min(Math.max(0, Math.round((region.x - cover.x) * scale)), Math.max(0, drawn.widthPx - widthPx));
    const top = Math.min(Math.max(0, Math.round((region.y - cover.y) * scale)), Math.max(0, drawn.heightPx - heightPx));
    if (region.width <= 0 || region.height <= 0) rendered.push(await blank(widthPx, heightPx));
    else rendered.push(await encode(pixels, drawn.widthPx, { left, top, widthPx, heightPx }));
  }
  return rendered;
}

/**
 * `pixels`: the canvas's own RGBA buffer (`canvas.data()`, without the copy and conversion that
 * getImageData makes of every pixel), `canvasWidthPx` pixels a row.
 */
async function encode(
  pixels: Uint8Array,
  canvasWidthPx: number,
  crop: { left: number; top: number; widthPx: number; heightPx: number },
): Promise<RenderedFigure> {
  // pdf.js paints an opaque white page first, so the pixels can be written as RGB.
  const png = await encodeOpaquePng(pixels, crop.widthPx, crop.heightPx, { left: crop.left, top: crop.top, rowPixels: canvasWidthPx });
  return { png, widthPx: crop.widthPx, heightPx: crop.heightPx };
}

async function blank(widthPx: number, heightPx: number): Promise<RenderedFigure> {
  const png = await encodeOpaquePng(new Uint8Array(widthPx * heightPx * 4).fill(255), widthPx, heightPx);
  return { png, widthPx, heightPx };
}

function coveringRegion(regions: PageRegion[]): PageRegion {
  const left = Math.min(...regions.map(region => region.x));
  const top = Math.min(...regions.map(region => region.y));
  const right = Math.max(...regions.map(region => region.x + region.width));
  const bottom = Math.max(...regions.map(region => region.y + region.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
