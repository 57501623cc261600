import { extractGraphics } from '../../../src/ingest/pdf/graphics.ts';
import { openPdf } from '../../../src/ingest/pdf/open-pdf.ts';
import type { PageContent } from '../../../src/ingest/pdf/page-content.ts';
import { extractTextRuns } from '../../../src/ingest/pdf/text-runs.ts';

/**
 * PageContent of page 1 of `pdfBytes` as the parser builds it (production text-run and graphics
 * extractors), for table tests on PDFs drawn by the test itself.
 */
export async function readFirstPageContent(pdfBytes: Uint8Array): Promise<PageContent> {
  const document = await openPdf(pdfBytes, { name: 'test.pdf' });
  try {
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    const runs = await extractTextRuns(page);
    const graphics = await extractGraphics(page);
    return { page: 1, width: viewport.width, height: viewport.height, runs, graphics };
  } finally {
    await document.destroy();
  }
}
