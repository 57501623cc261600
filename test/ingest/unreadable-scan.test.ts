import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createPageOcr } from '../../src/ingest/pdf/ocr/page-ocr.ts';
import { parsePdf } from '../../src/ingest/pdf/parse-pdf.ts';
import { makeScannedPagePdf, makeUnreadableScanPdf } from '../support/figures/test-documents.ts';
import { recordingSink } from '../support/parallel/worker-test-helpers.ts';

describe('a scan OCR cannot read', () => {
  it('is listed among the pages OCR could not read, and a legible scan beside it is not', async () => {
    const document = await PDFDocument.create();
    for (const bytes of [await makeScannedPagePdf(), await makeUnreadableScanPdf()]) {
      const [page] = await document.copyPages(await PDFDocument.load(bytes), [0]);
      document.addPage(page);
    }
    const ocr = createPageOcr({ languages: ['eng'] });
    try {
      const parsed = await parsePdf(await document.save(), { name: 'scans.pdf', figureSink: recordingSink().sink, maxPages: 10, ocr });
      expect(parsed.ocrPages).toEqual([1, 2]);
      expect(parsed.ocrIllegiblePages).toEqual([2]);
    } finally {
      await ocr.close();
    }
  });
});
