import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { encodeOpaquePng } from './encode-png.ts';
import { pdfjsSpeedLayer } from '../speed/pdfjs-speed-layer.ts';
import { shareOperatorListWithRender } from '../speed/share-operator-list.ts';
import { skipOffCanvasDrawing } from '../speed/skip-offcanvas-drawing.ts';

type PdfjsCanvas = Parameters<PDFPageProxy['render']>[0]['canvas'];

export interface RenderedRegion {
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
  /** Pixels per page point actually used (below dpi/72 when the size cap applied). */
  scale: number;
}

/** A region clipped to the page, in top-left page points. */
export type PageRegion = BoundingBox;

/**
 * Renders one region (top-left page points, clipped to the page) at `dpi`, drawing only that region:
 * the viewport is shifted so the region lands at the origin of a canvas sized to the region. Neither
 * side exceeds `maxSidePx` (the scale drops instead). A region outside the page gives a 1×1 white PNG.
 */
export async function renderPageRegion(page: PDFPageProxy, region: BoundingBox, options: { dpi: number; maxSidePx: number }): Promise<RenderedRegion> {
  const clipped = clipToPage(page, region);
  const scale = regionScale(clipped, options);
  const drawn = await drawPageRegion(page, clipped, scale);
  // pdf.js paints an opaque white page first, so the pixels can be written as RGB.
  const png = await encodeOpaquePng(drawn.context.canvas.data(), drawn.widthPx, drawn.heightPx);
  return { png, widthPx: drawn.widthPx, heightPx: drawn.heightPx, scale };
}

/** The region cut to the page's displayed area (it may come out empty). */
export function clipToPage(page: PDFPageProxy, region: BoundingBox): PageRegion {
  const pageViewport = page.getViewport({ scale: 1 });
  const x = clamp(region.x, 0, pageViewport.width);
  const y = clamp(region.y, 0, pageViewport.height);
  const width = clamp(region.x + region.width, 0, pageViewport.width) - x;
  const height = clamp(region.y + region.height, 0, pageViewport.height) - y;
  return { x, y, width, height };
}

/** Pixels per point: dpi/72, lowered so that neither side exceeds maxSidePx. */
export function regionScale(region: PageRegion, options: { dpi: number; maxSidePx: number }): number {
  return Math.min(options.dpi / 72, options.maxSidePx / Math.max(region.width, 1), options.maxSidePx / Math.max(region.height, 1));
}

/**
 * Draws a page region (already clipped to the page) at `scale` onto a canvas of the region's size.
 * With the speed layer active, text and images entirely outside the canvas are not drawn (see
 * skipOffCanvasDrawing), which makes small crops of text- and photo-heavy pages several times cheaper,
 * and the operator list already read for the page is reused (see shareOperatorListWithRender) instead
 * of parsed and its images decoded a second time.
 */
export async function drawPageRegion(
  page: PDFPageProxy,
  region: PageRegion,
  scale: number,
): Promise<{ context: SKRSContext2D; widthPx: number; heightPx: number }> {
  const widthPx = Math.max(1, Math.round(region.width * scale));
  const heightPx = Math.max(1, Math.round(region.height * scale));
  const canvas = createCanvas(widthPx, heightPx);
  const context = canvas.getContext('2d');
  if (region.width > 0 && region.height > 0) {
    const viewport = page.getViewport({ scale, offsetX: -region.x * scale, offsetY: -region.y * scale });
    // pdf.js 5 takes the canvas itself and creates the 2D context; @napi-rs/canvas is also what its
    // own Node canvas factory uses, so both sides agree on the canvas API.
    const fast = pdfjsSpeedLayer().active;
    if (fast) shareOperatorListWithRender(page);
    // The filter runs only once drawing starts, by which time `task` is assigned.
    let task: ReturnType<PDFPageProxy['render']> | undefined;
    const operationsFilter = fast ? skipOffCanvasDrawing(() => task, widthPx, heightPx) : undefined;
    task = page.render({ canvas: canvas as unknown as PdfjsCanvas, viewport, operationsFilter });
    await task.promise;
  } else {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, widthPx, heightPx);
  }
  return { context, widthPx, heightPx };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
