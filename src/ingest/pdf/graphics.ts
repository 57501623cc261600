import { GraphicsCollector } from './graphics/graphics-collector.ts';
import { walkOperatorList } from './graphics/walk-operator-list.ts';
import type { PDFPageProxy } from './open-pdf.ts';
import type { GraphicsSummary } from './page-content.ts';

/**
 * Reads where a page paints lines, rectangles, images and other paths, in top-left point coordinates
 * of the page as displayed (rotation and crop box applied). Nothing is rendered: the operator list is
 * replayed for geometry only, so a typical page costs a few milliseconds beyond pdf.js's own parsing.
 */
export async function extractGraphics(page: PDFPageProxy): Promise<GraphicsSummary> {
  // The default list is the one text-runs.ts already asked for (pdf.js caches it per page until
  // cleanup); another annotation mode would parse the page a second time. Annotations (link borders,
  // form widgets) are not page content: the walk skips them.
  const operatorList = await page.getOperatorList();
  const viewport = page.getViewport({ scale: 1 });
  const collector = new GraphicsCollector(viewport.width, viewport.height);
  walkOperatorList(operatorList, viewport.transform, [0, 0, viewport.width, viewport.height], collector);
  return collector.summary();
}
