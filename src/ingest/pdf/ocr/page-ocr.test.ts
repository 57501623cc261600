import { describe, expect, it } from 'vitest';
import { makeScannedPagePdf, makeUnreadableScanPdf, openTestPdf } from '../../../../test/support/figures/test-documents.ts';
import { createPageOcr } from './page-ocr.ts';

describe('createPageOcr', () => {
  it('reads the words of an image-only page into runs placed in page points', async () => {
    const pdf = await openTestPdf(await makeScannedPagePdf());
    const ocr = createPageOcr({ languages: ['eng'] });
    try {
      const { runs, turn } = await ocr.recognize(await pdf.getPage(1));
      expect(turn).toBeUndefined();
      const text = runs.map(run => run.text).join('\n');
      expect(text).toMatch(/Quarterly revenue grew strongly/);
      expect(text).toMatch(/Invoices are paid within thirty days/);
      const first = runs.find(run => run.text.includes('Quarterly'))!;
      const second = runs.find(run => run.text.includes('Invoices'))!;
      // Drawn at x = 150 px and baselines 300 / 900 px of a 150 dpi image: 72 pt and 144 / 432 pt.
      expect(first.bbox.x).toBeGreaterThan(68);
      expect(first.bbox.x).toBeLessThan(78);
      expect(first.bbox.y + first.bbox.height).toBeGreaterThan(138);
      expect(first.bbox.y + first.bbox.height).toBeLessThan(152);
      expect(second.bbox.y + second.bbox.height).toBeGreaterThan(426);
      expect(second.bbox.y + second.bbox.height).toBeLessThan(440);
      // 48 px at 150 dpi is a 23 pt font.
      expect(first.fontSize).toBeGreaterThan(15);
      expect(first.fontSize).toBeLessThan(32);
      expect(first).toMatchObject({ fontName: 'ocr', bold: false, italic: false, endsLine: true });
    } finally {
      await ocr.close();
      await pdf.destroy();
    }
  });

  it.each([180, 90, 270] as const)('reads a scan that reads only turned %i degrees, in the turned frame', async readTurned => {
    const pdf = await openTestPdf(await makeScannedPagePdf({ readTurned }));
    const ocr = createPageOcr({ languages: ['eng'] });
    try {
      const { runs, turn } = await ocr.recognize(await pdf.getPage(1));
      expect(turn).toBe(readTurned);
      const text = runs.map(run => run.text).join('\n');
      expect(text).toMatch(/Quarterly revenue grew strongly/);
      expect(text).toMatch(/Invoices are paid within thirty days/);
      // In the turned frame the lines lie where the upright page has them.
      const first = runs.find(run => run.text.includes('Quarterly'))!;
      expect(first.bbox.x).toBeGreaterThan(68);
      expect(first.bbox.x).toBeLessThan(78);
      expect(first.bbox.y + first.bbox.height).toBeGreaterThan(138);
      expect(first.bbox.y + first.bbox.height).toBeLessThan(152);
    } finally {
      await ocr.close();
      await pdf.destroy();
    }
  });

  it('marks a page of many words none of which it can read, any way round, as illegible', async () => {
    const ocr = createPageOcr({ languages: ['eng'] });
    const unreadable = await openTestPdf(await makeUnreadableScanPdf());
    const readable = await openTestPdf(await makeScannedPagePdf());
    try {
      expect((await ocr.recognize(await unreadable.getPage(1))).illegible).toBe(true);
      expect((await ocr.recognize(await readable.getPage(1))).illegible).toBeUndefined();
    } finally {
      await ocr.close();
      await Promise.all([unreadable.destroy(), readable.destroy()]);
    }
  });

  it('refuses work after close()', async () => {
    const ocr = createPageOcr({ languages: ['eng'] });
    await ocr.close();
    const pdf = await openTestPdf(await makeScannedPagePdf());
    try {
      await expect(ocr.recognize(await pdf.getPage(1))).rejects.toThrow(/after close/);
    } finally {
      await pdf.destroy();
    }
  });

  it('names the missing npm package when an OCR language is not installed', async () => {
    const ocr = createPageOcr({ languages: ['eng', 'xqz'] });
    const pdf = await openTestPdf(await makeScannedPagePdf());
    try {
      await expect(ocr.recognize(await pdf.getPage(1))).rejects.toMatchObject({
        code: 'config_invalid',
        message: expect.stringContaining('@tesseract.js-data/xqz'),
      });
    } finally {
      await ocr.close();
      await pdf.destroy();
    }
  });
});
