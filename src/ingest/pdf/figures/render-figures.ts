import type { BoundingBox } from '../../types.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { encodeOpaquePng } from './encode-png.ts';
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
 * Renders each region (top-left page points) of the page to a PNG at `dpi`. Every pdf.js render
 * replays the page's whole operator list, so the figures of one page are drawn in a single pass over
 * the area covering them all and cut out of it, when they share a scale and that area is not huge;
 * otherwise each region is drawn on its own canvas. Output order matches `regions`.
 */
export async function renderFigures(page: PDFPageProxy, regions: BoundingBox[], options: { dpi: number }): Promise<RenderedFigure[]> {
  const sizing = { dpi: options.dpi, maxSidePx: maxFigureSidePx };
  const clipped = regions.map(region => clipToPage(page, region));
  const scales = clipped.map(region => regionScale(region, sizing));
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
    rendered.push(await encode(drawn.context, 0, 0, drawn.widthPx, drawn.heightPx));
  }
  return rendered;
}

async function renderFromSharedCanvas(page: PDFPageProxy, regions: PageRegion[], cover: PageRegion, scale: number): Promise<RenderedFigure[]> {
  const drawn = await drawPageRegion(page, cover, scale);
  const rendered: RenderedFigure[] = [];
  for (const region of regions) {
    // Same pixel size as a canvas of its own would have; the offset rounds to the shared canvas grid.
    const widthPx = Math.max(1, Math.round(region.width * scale));
    const heightPx = Math.max(1, Math.round(region.height * scale));
    const left = Math.min(Math.max(0, Math.round((region.x - cover.x) * scale)), Math.max(0, drawn.widthPx - widthPx));
    const top = Math.min(Math.max(0, Math.round((region.y - cover.y) * scale)), Math.max(0, drawn.heightPx - heightPx));
    if (region.width <= 0 || region.height <= 0) rendered.push(await blank(widthPx, heightPx));
    else rendered.push(await encode(drawn.context, left, top, widthPx, heightPx));
  }
  return rendered;
}

async function encode(
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } },
  left: number,
  top: number,
  widthPx: number,
  heightPx: number,
): Promise<RenderedFigure> {
  // pdf.js paints an opaque white page first, so the pixels can be written as RGB.
  const png = await encodeOpaquePng(context.getImageData(left, top, widthPx, heightPx).data, widthPx, heightPx);
  return { png, widthPx, heightPx };
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
