import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf, pdfjs } from '../open-pdf.ts';
import { pdfjsDocumentOptions } from '../pdfjs-document-options.ts';

async function samplePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < 2; index++) {
    const page = document.addPage([400, 300]);
    // Enough operators for several operator-list chunks (pdf.js flushes every 1000).
    for (let line = 0; line < 300; line++) {
      page.drawRectangle({ x: 10 + (line % 30) * 12, y: 10 + Math.floor(line / 30) * 12, width: 8, height: 8, color: rgb(0.2, 0.4, 0.6) });
    }
    for (let line = 0; line < 40; line++) page.drawText(`Page ${index + 1}, line ${line}`, { x: 20, y: 280 - line * 7, size: 6, font });
  }
  return document.save();
}

async function readAll(pdf: Awaited<ReturnType<typeof openPdf>>) {
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const operatorList = await page.getOperatorList();
    const text = await page.getTextContent();
    pages.push({ fnArray: [...operatorList.fnArray], argsArray: operatorList.argsArray, items: text.items, styles: { ...text.styles } });
    page.cleanup();
  }
  return pages;
}

describe('in-thread pdf.js worker', () => {
  it('gives the same operator lists and text content as pdf.js with its own (cloning) fake worker', async () => {
    const bytes = await samplePdf();
    const ours = await openPdf(bytes.slice());
    const theirs = await pdfjs.getDocument(pdfjsDocumentOptions(bytes.slice())).promise;
    try {
      const [a, b] = [await readAll(ours), await readAll(theirs)];
      expect(a[0].fnArray.length).toBeGreaterThan(1000);
      // What a clone would have delivered: plain objects (pdf.js's glyphs arrive as its Glyph class
      // here), and font ids named after each document (d0, d1, ...).
      const normalize = (pages: unknown) =>
        JSON.stringify(structuredClone(pages), (_key, value) => (ArrayBuffer.isView(value) ? Array.from(value as Float32Array) : value)).replace(
          /g_d\d+_/g,
          'g_d_',
        );
      expect(normalize(a)).toEqual(normalize(b));
    } finally {
      await ours.destroy();
      await theirs.destroy();
    }
  });
});
