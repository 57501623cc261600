import type { BoundingBox } from '../../types.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { renderPageRegion } from './render-page-region.ts';

export interface RenderedFigure {
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/** A huge figure is scaled down to this many pixels a side, so one page cannot exhaust memory. */
export const maxFigureSidePx = 2000;

/**
 * Renders each region (top-left page points) of the page to a PNG at `dpi`, drawing only that region
 * on a canvas of the region's size. Output order matches `regions`.
 */
export async function renderFigures(
  page: PDFPageProxy,
  regions: BoundingBox[],
  options: { dpi: number },
): Promise<RenderedFigure[]> {
  const rendered: RenderedFigure[] = [];
  // One at a time: pdf.js draws a page's render tasks one after another anyway, and each canvas is
  // released before the next is allocated.
  for (const region of regions) {
    const { png, widthPx, heightPx } = await renderPageRegion(page, region, { dpi: options.dpi, maxSidePx: maxFigureSidePx });
    rendered.push({ png, widthPx, heightPx });
  }
  return rendered;
}
