import { PDFDocument, StandardFonts } from 'pdf-lib';
import { makePng } from '../figures/test-documents.ts';

/**
 * A PDF long enough for parse workers: every page has a numbered heading and body text; every third
 * page also has a chart-like picture (raster figure) with a caption; `scannedPages` are one full-page
 * image with no text layer, the way a scanner writes them.
 */
export async function makeLongPdf(options: { pageCount: number; scannedPages?: number[] }): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const chart = await document.embedPng(
    await makePng(400, 240, context => {
      context.fillStyle = '#2255aa';
      for (let bar = 0; bar < 6; bar++) context.fillRect(30 + bar * 60, 220 - bar * 30, 40, bar * 30 + 10);
    }),
  );
  const scan = await document.embedPng(
    await makePng(612, 792, context => {
      context.fillStyle = '#dddddd';
      context.fillRect(40, 40, 532, 712);
    }),
  );
  for (let pageNumber = 1; pageNumber <= options.pageCount; pageNumber++) {
    const page = document.addPage([612, 792]);
    if (options.scannedPages?.includes(pageNumber)) {
      page.drawImage(scan, { x: 0, y: 0, width: 612, height: 792 });
      continue;
    }
    page.drawText(`${pageNumber} Section number ${pageNumber}`, { x: 72, y: 720, size: 16, font: bold });
    for (let line = 0; line < 12; line++) {
      page.drawText(`Body text of page ${pageNumber}, line ${line + 1}, with enough words to be a paragraph.`, {
        x: 72,
        y: 690 - line * 13,
        size: 10,
        font: regular,
      });
    }
    if (pageNumber % 3 === 0) {
      page.drawImage(chart, { x: 106, y: 250, width: 400, height: 240 });
      page.drawText(`Figure ${pageNumber / 3}: Bars on page ${pageNumber}.`, { x: 106, y: 232, size: 9, font: regular });
    }
  }
  return document.save();
}
