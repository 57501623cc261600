import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openTestPdf } from '../../../../test/support/figures/test-documents.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { renderFigures } from './render-figures.ts';
import { skipOffCanvasDrawing } from '../speed/skip-offcanvas-drawing.ts';

/** A striped photo stand-in, so a shifted or missing image shows in the pixels. */
async function stripedPng(): Promise<Uint8Array> {
  const canvas = createCanvas(120, 80);
  const context = canvas.getContext('2d');
  for (let stripe = 0; stripe < 6; stripe++) {
    context.fillStyle = `rgb(${40 * stripe}, ${200 - 30 * stripe}, 90)`;
    context.fillRect(stripe * 20, 0, 20, 80);
  }
  return canvas.encode('png');
}

/**
 * A text-heavy page with a chart: lines above, below and beside the chart, one running through it,
 * and two photos: one far from the chart, one reaching into it.
 */
async function makeChartPage(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  const photo = await document.embedPng(await stripedPng());
  page.drawImage(photo, { x: 40, y: 60, width: 120, height: 80 });
  page.drawImage(photo, { x: 250, y: 500, width: 120, height: 80 });
  for (let line = 0; line < 50; line++)
    page.drawText(`Line ${line} of body text around the chart, plain words.`, { x: 40, y: 760 - line * 15, size: 10, font });
  page.drawRectangle({ x: 300, y: 400, width: 200, height: 150, color: rgb(0.9, 0.9, 0.9) });
  for (let bar = 0; bar < 5; bar++) page.drawRectangle({ x: 320 + bar * 35, y: 410, width: 20, height: 20 + bar * 25, color: rgb(0.1, 0.3, 0.8) });
  // Starts left of the crop and runs into it: skipping its start must not move its end.
  page.drawText('A long label that starts outside the chart and ends inside it', { x: 150, y: 480, size: 12, font });
  return document.save();
}

/** The same crop drawn by pdf.js with no shortcut: a fresh document, plain render. */
async function referencePixels(bytes: Uint8Array, region: { x: number; y: number; width: number; height: number }, scale: number) {
  const pdf = await openTestPdf(bytes);
  try {
    const page = await pdf.getPage(1);
    const widthPx = Math.round(region.width * scale);
    const heightPx = Math.round(region.height * scale);
    const canvas = createCanvas(widthPx, heightPx);
    const viewport = page.getViewport({ scale, offsetX: -region.x * scale, offsetY: -region.y * scale });
    await page.render({ canvas: canvas as unknown as Parameters<PDFPageProxy['render']>[0]['canvas'], viewport }).promise;
    return canvas.getContext('2d').getImageData(0, 0, widthPx, heightPx).data;
  } finally {
    await pdf.destroy();
  }
}

async function pngPixels(png: Uint8Array) {
  const { loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data;
}

describe('figure rendering shortcuts', () => {
  it('draws a crop exactly as a plain pdf.js render does, after the page was read for geometry', async () => {
    const bytes = await makeChartPage();
    const region = { x: 290, y: 230, width: 220, height: 170 };
    const pdf = await openTestPdf(bytes);
    try {
      const page = await pdf.getPage(1);
      // As the parser does: the operator list is read first, then the figure is rendered.
      await page.getOperatorList();
      const [figure] = await renderFigures(page, [region], { dpi: 144 });
      const expected = await referencePixels(bytes, region, 2);
      const actual = await pngPixels(figure.png);
      const differing = countDifferingPixels(actual, expected);
      expect(actual.length).toBe(expected.length);
      expect(differing).toBe(0);
      // The label's end is inside the crop: dark pixels must be there.
      expect(countDarkPixels(actual)).toBeGreaterThan(100);
    } finally {
      await pdf.destroy();
    }
  });

  it('switches glyph drawing off for text wholly outside the canvas, and only for that', () => {
    const visibility: boolean[] = [];
    const graphics = {
      contentVisible: true,
      ctx: { getTransform: () => ({ a: 2, b: 0, c: 0, d: -2, e: 0, f: 400 }) },
      current: {
        font: {},
        fontSize: 10,
        fontMatrix: [0.001],
        textMatrix: [1, 0, 0, 1, 0, 0],
        x: 0,
        y: 0,
        textRise: 0,
        textHScale: 1,
        charSpacing: 0,
        wordSpacing: 0,
        textRenderingMode: 0,
      },
      showText(_operationIndex: number, _glyphs: unknown[]) {
        visibility.push(this.contentVisible);
      },
    };
    const filter = skipOffCanvasDrawing(() => ({ _internalRenderTask: { gfx: graphics } }), 200, 100);
    expect(filter()).toBe(true);
    const glyphs = Array.from({ length: 5 }, () => ({ width: 500 }));
    const showAt = (x: number, y: number, mode = 0) => {
      Object.assign(graphics.current, { textMatrix: [1, 0, 0, 1, x, y], textRenderingMode: mode });
      graphics.showText(0, glyphs);
    };
    showAt(20, 180); // device y = 400 - 360 = 40: on the canvas
    showAt(20, 20); // device y = 360: far below the 100 px canvas
    showAt(-30, 180); // starts left of the canvas (device x -60), its 5 glyphs reach into it
    showAt(20, 20, 7); // off the canvas, but adds to the clip path: must run
    showAt(-100, 180); // wholly left of the canvas
    expect(visibility).toEqual([true, false, true, true, false]);
    expect(graphics.contentVisible).toBe(true);
  });
});

describe('images outside the canvas', () => {
  it('are not painted; images on or reaching into the canvas are', () => {
    const painted: string[] = [];
    // Device = user space scaled by 2 and flipped, as a 200×100 px crop at 144 dpi.
    let transform = { a: 2, b: 0, c: 0, d: -2, e: 0, f: 100 };
    const graphics = {
      contentVisible: true,
      ctx: { getTransform: () => transform },
      current: {},
      showText() {},
      paintInlineImageXObject(_operationIndex: number, image: unknown) {
        painted.push(image as string);
      },
    };
    const filter = skipOffCanvasDrawing(() => ({ _internalRenderTask: { gfx: graphics } }), 200, 100);
    expect(filter()).toBe(true);
    // An image's unit square placed by its matrix [w 0 0 h x y] in user space.
    const paintAt = (name: string, x: number, y: number, width: number, height: number) => {
      transform = { a: 2 * width, b: 0, c: 0, d: -2 * height, e: 2 * x, f: 100 - 2 * y };
      graphics.paintInlineImageXObject(0, name);
    };
    paintAt('inside', 10, 10, 20, 20);
    paintAt('below', 10, -80, 20, 20); // device y 160–200: below the 100 px canvas
    paintAt('reaching in', -15, 10, 20, 20); // device x -30…10
    paintAt('right', 150, 10, 20, 20); // device x 300–340
    paintAt('covering', -100, -100, 400, 400);
    expect(painted).toEqual(['inside', 'reaching in', 'covering']);
  });
});

function countDifferingPixels(first: Uint8ClampedArray, second: Uint8ClampedArray): number {
  let differing = 0;
  for (let index = 0; index < Math.min(first.length, second.length); index += 4) {
    if (first[index] !== second[index] || first[index + 1] !== second[index + 1] || first[index + 2] !== second[index + 2]) differing++;
  }
  return differing;
}

function countDarkPixels(pixels: Uint8ClampedArray): number {
  let dark = 0;
  for (let index = 0; index < pixels.length; index += 4) if (pixels[index] < 80 && pixels[index + 1] < 80 && pixels[index + 2] < 80) dark++;
  return dark;
}
