import { GraphicsCollector } from './graphics/graphics-collector.ts';
import { walkOperatorList } from './graphics/walk-operator-list.ts';
import { type PDFPageProxy, pdfjs } from './open-pdf.ts';
import type { GraphicsSummary } from './page-content.ts';

/**
 * Reads where a page paints lines, rectangles, images and other paths, in top-left point coordinates
 * of the page as displayed (rotation and crop box applied). Nothing is rendered: the operator list is
 * replayed for geometry only, so a typical page costs a few milliseconds beyond pdf.js's own parsing.
 */
export async function extractGraphics(page: PDFPageProxy): Promise<GraphicsSummary> {
  // Annotations (link borders, form widgets) are not page content; leaving them out also saves work.
  const operatorList = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
  const viewport = page.getViewport({ scale: 1 });
  const collector = new GraphicsCollector(viewport.width, viewport.height);
  walkOperatorList(operatorList, viewport.transform, [0, 0, viewport.width, viewport.height], collector);
  return collector.summary();
}
