import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createWorker, type Worker } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cjkPredefinedCMapPdf, jpeg2000ImagePdf, standardFontPdf } from '../../../test/ingest/support/font-test-pdfs.ts';
import type { Block } from '../types.ts';
import { renderPageRegion } from './figures/render-page-region.ts';
import { resolveTesseractLanguagePath, type TesseractLanguagePath } from './ocr/tesseract-language-path.ts';
import { openPdf } from './open-pdf.ts';
import { parsePdf } from './parse-pdf.ts';
import { pdfjsDataDirectories } from './pdfjs-document-options.ts';
import { extractTextRuns } from './text-runs.ts';

async function parseWithFigures(data: Uint8Array): Promise<{ blocks: Block[]; pngs: Map<string, Uint8Array> }> {
  const pngs = new Map<string, Uint8Array>();
  const figureSink = {
    async save(png: Uint8Array) {
      const sha256 = createHash('sha256').update(png).digest('hex');
      pngs.set(sha256, png);
      return { sha256 };
    },
  };
  const parsed = await parsePdf(data, { name: 'fonts.pdf', figureSink, maxPages: 10 });
  return { blocks: parsed.blocks, pngs };
}

/** Mean brightness (0 black … 255 white) of a rectangle of a PNG, in fractions of its size. */
async function meanBrightness(png: Uint8Array, area: { left: number; right: number }): Promise<number> {
  const image = await loadImage(Buffer.from(png));
  const context = createCanvas(image.width, image.height).getContext('2d');
  context.drawImage(image, 0, 0);
  const x0 = Math.round(area.left * image.width);
  const x1 = Math.round(area.right * image.width);
  const { data } = context.getImageData(x0, 0, x1 - x0, image.height);
  let sum = 0;
  for (let index = 0; index < data.length; index += 4) sum += (data[index] + data[index + 1] + data[index + 2]) / 3;
  return sum / (data.length / 4);
}

describe('pdf.js data files in Node', () => {
  it('are plain directory paths that hold the files pdf.js asks for', async () => {
    // pdf.js's NodeBinaryDataFactory reads `base + fileName` with fs; a file:// URL string fails there.
    const expected = [
      ['standardFontDataUrl', 'LiberationSans-Regular.ttf'],
      ['cMapUrl', 'UniGB-UCS2-H.bcmap'],
      ['wasmUrl', 'openjpeg.wasm'],
    ] as const;
    for (const [option, fileName] of expected) {
      const base = pdfjsDataDirectories[option];
      expect(base).not.toMatch(/^[a-z]+:/i);
      expect(base.endsWith('/')).toBe(true);
      expect((await readFile(base + fileName)).byteLength).toBeGreaterThan(10_000);
    }
  });

  it('reads CJK text whose non-embedded fonts use predefined CMaps (UniGB/UniJIS/UniKS-UCS2-H)', async () => {
    const lines = [
      { script: 'zh', text: '第三季度财务报告收入增长', x: 72, baseline: 700, size: 18 },
      { script: 'ja', text: '年次報告書の概要について', x: 72, baseline: 640, size: 18 },
      { script: 'ko', text: '연간보고서요약입니다', x: 72, baseline: 580, size: 18 },
    ] as const;
    const data = cjkPredefinedCMapPdf([...lines]);

    const pdf = await openPdf(data.slice());
    try {
      const runs = await extractTextRuns(await pdf.getPage(1));
      expect(runs.map(run => run.text)).toEqual(lines.map(line => line.text));
      // Full-width glyphs: /DW 1000 gives each character one em.
      expect(runs[0].bbox.width).toBeCloseTo(lines[0].text.length * 18, 0);
    } finally {
      await pdf.destroy();
    }

    const { blocks } = await parseWithFigures(data);
    const text = blocks.map(block => block.text).join('\n');
    for (const line of lines) expect(text).toContain(line.text);
  });

  describe('rendering', () => {
    let languagePath: TesseractLanguagePath;
    let worker: Worker;
    const ocr = async (png: Uint8Array) => (await worker.recognize(Buffer.from(png))).data.text;

    beforeAll(async () => {
      languagePath = await resolveTesseractLanguagePath(['eng']);
      worker = await createWorker(['eng'], undefined, { langPath: languagePath.langPath, gzip: true, cacheMethod: 'none' });
    });
    afterAll(async () => {
      await worker?.terminate();
      await languagePath?.release();
    });

    it('draws standard-14 fonts the PDF does not embed as letters, in page images and figure crops', async () => {
      // A bar chart (axes and light bars: a vector figure) labelled in Helvetica inside the bars, with
      // Times and Courier text above it.
      const chart = '1 w 100 420 m 100 640 l S 100 420 m 480 420 l S 0.85 g 105 420 90 160 re f 225 420 90 120 re f 345 420 90 80 re f 0 g';
      const data = standardFontPdf(
        [
          { font: 'Times-Roman', text: 'Quarterly results by region', x: 72, baseline: 720, size: 24 },
          { font: 'Courier', text: 'Figures in thousands', x: 72, baseline: 680, size: 20 },
          { font: 'Helvetica', text: 'North', x: 112, baseline: 436, size: 22 },
          { font: 'Helvetica', text: 'South', x: 232, baseline: 436, size: 22 },
          { font: 'Helvetica', text: 'West', x: 355, baseline: 436, size: 22 },
        ],
        { drawing: chart },
      );

      const pdf = await openPdf(data.slice());
      try {
        const page = await pdf.getPage(1);
        const pageImage = await renderPageRegion(page, { x: 0, y: 0, width: 612, height: 792 }, { dpi: 150, maxSidePx: 2000 });
        const pageText = await ocr(pageImage.png);
        // Without the font files pdf.js draws every letter as an empty box, and OCR reads no words.
        expect(pageText).toMatch(/Quarterly results by region/);
        expect(pageText).toMatch(/Figures in thousands/);
        expect(pageText).toMatch(/North/);
      } finally {
        await pdf.destroy();
      }

      const { blocks, pngs } = await parseWithFigures(data);
      const figures = blocks.filter(block => block.kind === 'figure');
      expect(figures).toHaveLength(1);
      const crop = pngs.get(figures[0].figure!.sha256)!;
      const cropText = await ocr(crop);
      for (const label of ['North', 'South', 'West']) expect(cropText).toContain(label);
    });

    it('decodes JPEG 2000 images, so their figure crops are not blank', async () => {
      const { blocks, pngs } = await parseWithFigures(jpeg2000ImagePdf({ x: 156, y: 300, width: 300, height: 300 }));
      const figures = blocks.filter(block => block.kind === 'figure');
      expect(figures).toHaveLength(1);
      const crop = pngs.get(figures[0].figure!.sha256)!;
      // The image is black on its left half and white on its right half; undecoded, nothing is drawn.
      expect(await meanBrightness(crop, { left: 0.1, right: 0.4 })).toBeLessThan(60);
      expect(await meanBrightness(crop, { left: 0.6, right: 0.9 })).toBeGreaterThan(200);
    });
  });
});
