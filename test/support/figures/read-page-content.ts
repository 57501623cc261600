import { extractGraphics } from '../../../src/ingest/pdf/graphics.ts';
import type { PDFPageProxy } from '../../../src/ingest/pdf/open-pdf.ts';
import type { PageContent, TextRun } from '../../../src/ingest/pdf/page-content.ts';

/**
 * A plain reading of a page's text runs + graphics, enough to drive the figure detector in tests and
 * measurements. (The parser's own text-run reader is richer: real font flags, reading order.)
 */
export async function readPageContent(page: PDFPageProxy): Promise<PageContent> {
  const graphics = await extractGraphics(page);
  const viewport = page.getViewport({ scale: 1 });
  const textContent = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of textContent.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [a, b, c, d, e, f] = item.transform as number[];
    const [va, vb, vc, vd, ve, vf] = viewport.transform;
    const fontSize = Math.hypot(c, d) || Math.hypot(a, b);
    // Baseline origin in display space; the run extends `width` along x and `fontSize` above the baseline.
    const x = va * e + vc * f + ve;
    const baselineY = vb * e + vd * f + vf;
    runs.push({
      text: item.str,
      bbox: { x, y: baselineY - fontSize, width: item.width, height: fontSize },
      fontSize,
      fontName: item.fontName,
      bold: false,
      italic: false,
      endsLine: item.hasEOL,
    });
  }
  return { page: page.pageNumber, width: viewport.width, height: viewport.height, runs, graphics };
}
