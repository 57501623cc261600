import { createCanvas } from '@napi-rs/canvas';
import type { BoundingBox } from '../../types.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { encodeOpaquePng } from './encode-png.ts';

type PdfjsCanvas = Parameters<PDFPageProxy['render']>[0]['canvas'];

export interface RenderedRegion {
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
  /** Pixels per page point actually used (below dpi/72 when the size cap applied). */
  scale: number;
}

/**
 * Renders one region (top-left page points, clipped to the page) at `dpi`, drawing only that region:
 * the viewport is shifted so the region lands at the origin of a canvas sized to the region. Neither
 * side exceeds `maxSidePx` (the scale drops instead). A region outside the page gives a 1×1 white PNG.
 */
export async function renderPageRegion(
  page: PDFPageProxy,
  region: BoundingBox,
  options: { dpi: number; maxSidePx: number },
): Promise<RenderedRegion> {
  const pageViewport = page.getViewport({ scale: 1 });
  const x = clamp(region.x, 0, pageViewport.width);
  const y = clamp(region.y, 0, pageViewport.height);
  const widthPt = clamp(region.x + region.width, 0, pageViewport.width) - x;
  const heightPt = clamp(region.y + region.height, 0, pageViewport.height) - y;
  const scale = Math.min(options.dpi / 72, options.maxSidePx / Math.max(widthPt, 1), options.maxSidePx / Math.max(heightPt, 1));
  const widthPx = Math.max(1, Math.round(widthPt * scale));
  const heightPx = Math.max(1, Math.round(heightPt * scale));
  const canvas = createCanvas(widthPx, heightPx);
  const context = canvas.getContext('2d');
  if (widthPt > 0 && heightPt > 0) {
    const viewport = page.getViewport({ scale, offsetX: -x * scale, offsetY: -y * scale });
    // pdf.js 5 takes the canvas itself and creates the 2D context; @napi-rs/canvas is also what its
    // own Node canvas factory uses, so both sides agree on the canvas API.
    await page.render({ canvas: canvas as unknown as PdfjsCanvas, viewport }).promise;
  } else {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, widthPx, heightPx);
  }
  // pdf.js paints an opaque white page first, so the pixels can be written as RGB.
  const png = await encodeOpaquePng(context.getImageData(0, 0, widthPx, heightPx).data, widthPx, heightPx);
  return { png, widthPx, heightPx, scale };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
