import { createCanvas, loadImage } from '@napi-rs/canvas';
import { degrees, PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openTestPdf } from '../../../../test/support/figures/test-documents.ts';
import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { figureFromImage, imageCoveringRegion } from './figure-from-image.ts';
import { findPlacedImages } from './find-placed-images.ts';
import { renderFigures } from './render-figures.ts';

const pageHeightPt = 600;

/** A 200×120 px JPEG with four differently coloured quadrants, so any flip or turn shows. */
async function quadrantJpeg(): Promise<Uint8Array> {
  const canvas = createCanvas(200, 120);
  const context = canvas.getContext('2d');
  const colours = ['#e02020', '#20c020', '#2040e0', '#f0d020'];
  colours.forEach((colour, quadrant) => {
    context.fillStyle = colour;
    context.fillRect((quadrant % 2) * 100, Math.floor(quadrant / 2) * 60, 100, 60);
  });
  return new Uint8Array(await canvas.encode('jpeg', 95));
}

async function withImagePage<T>(
  draw: (page: PDFPage, image: Awaited<ReturnType<PDFDocument['embedJpg']>>) => void,
  run: (page: PDFPageProxy) => Promise<T>,
): Promise<T> {
  const pdfLibDocument = await PDFDocument.create();
  const page = pdfLibDocument.addPage([500, pageHeightPt]);
  draw(page, await pdfLibDocument.embedJpg(await quadrantJpeg()));
  const pdf = await openTestPdf(await pdfLibDocument.save());
  try {
    return await run(await pdf.getPage(1));
  } finally {
    await pdf.destroy();
  }
}

async function pixels(png: Uint8Array): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return { data: context.getImageData(0, 0, image.width, image.height).data, width: image.width, height: image.height };
}

/** Mean absolute channel difference (0–255) between two same-sized PNGs. */
async function meanDifference(first: Uint8Array, second: Uint8Array): Promise<number> {
  const [a, b] = [await pixels(first), await pixels(second)];
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let index = 0; index < a.data.length; index++) sum += Math.abs(a.data[index] - b.data[index]);
  return sum / a.data.length;
}

async function placedFor(page: PDFPageProxy, region: BoundingBox) {
  const viewport = page.getViewport({ scale: 1 });
  const placed = findPlacedImages(await page.getOperatorList(), viewport.transform, { x: 0, y: 0, width: viewport.width, height: viewport.height });
  return {
    placed,
    covering: imageCoveringRegion(
      placed.filter(image => !image.overpainted),
      region,
    ),
  };
}

// Display (top-left) box of an image drawn with pdf-lib at bottom-left (x, y).
const box = (x: number, y: number, width: number, height: number): BoundingBox => ({ x, y: pageHeightPt - y - height, width, height });

describe('figures cut from image data', () => {
  it('takes the image pixels for a plainly painted photo, matching the rendered crop', async () => {
    const region = box(60, 300, 200, 120);
    await withImagePage(
      (page, image) => page.drawImage(image, { x: 60, y: 300, width: 200, height: 120 }),
      async page => {
        const { covering } = await placedFor(page, region);
        expect(covering).toBeDefined();
        const [direct] = await renderFigures(page, [region], { dpi: 144, textBoxes: [] });
        const [rendered] = await renderFigures(page, [region], { dpi: 144 });
        expect([direct.widthPx, direct.heightPx]).toEqual([400, 240]);
        expect(direct.png).toEqual((await figureFromImage(page, covering!, region, 2))?.png);
        expect(await meanDifference(direct.png, rendered.png)).toBeLessThan(4);
        // Downscaled (box filter) it still matches the renderer's own smoothing closely.
        const [small] = await renderFigures(page, [region], { dpi: 30, textBoxes: [] });
        const [smallRendered] = await renderFigures(page, [region], { dpi: 30 });
        expect(await meanDifference(small.png, smallRendered.png)).toBeLessThan(6);
      },
    );
  });

  it('respects a rotated placement', async () => {
    // Rotated 90° counter-clockwise about its bottom-left corner: it occupies x 180–300, y 100–300.
    const region = box(180, 100, 120, 200);
    await withImagePage(
      (page, image) => page.drawImage(image, { x: 300, y: 100, width: 200, height: 120, rotate: degrees(90) }),
      async page => {
        expect((await placedFor(page, region)).covering).toBeDefined();
        const [direct] = await renderFigures(page, [region], { dpi: 72, textBoxes: [] });
        const [rendered] = await renderFigures(page, [region], { dpi: 72 });
        expect(await meanDifference(direct.png, rendered.png)).toBeLessThan(4);
      },
    );
  });

  it('renders instead when something is painted over the image, and shows it', async () => {
    const region = box(60, 300, 200, 120);
    await withImagePage(
      (page, image) => {
        page.drawImage(image, { x: 60, y: 300, width: 200, height: 120 });
        page.drawRectangle({ x: 100, y: 330, width: 40, height: 40, color: rgb(0, 0, 0) });
      },
      async page => {
        const { placed, covering } = await placedFor(page, region);
        expect(placed.map(image => image.overpainted)).toEqual([true]);
        expect(covering).toBeUndefined();
        const [figure] = await renderFigures(page, [region], { dpi: 72, textBoxes: [] });
        // The black square's centre: (120, 350) bottom-left → (60, 70) in the crop.
        const { data, width } = await pixels(figure.png);
        const offset = (70 * width + 60) * 4;
        expect([...data.slice(offset, offset + 3)].every(channel => channel < 40)).toBe(true);
      },
    );
  });

  it('renders instead for a translucent image, or one with text over it', async () => {
    const region = box(60, 300, 200, 120);
    await withImagePage(
      (page, image) => page.drawImage(image, { x: 60, y: 300, width: 200, height: 120, opacity: 0.5 }),
      async page => expect((await placedFor(page, region)).placed).toEqual([]),
    );
    await withImagePage(
      (page, image) => {
        page.drawImage(image, { x: 60, y: 300, width: 200, height: 120 });
        page.drawText('HELLO', { x: 80, y: 350, size: 20, color: rgb(0, 0, 0) });
      },
      async page => {
        const { covering } = await placedFor(page, region);
        const textOverImage = [box(80, 346, 70, 20)];
        const [withText] = await renderFigures(page, [region], { dpi: 72, textBoxes: textOverImage });
        const [rendered] = await renderFigures(page, [region], { dpi: 72 });
        expect(withText.png).toEqual(rendered.png);
        // The image alone lacks the word: the shortcut would have lost it.
        expect(await meanDifference(withText.png, (await figureFromImage(page, covering!, region, 1))!.png)).toBeGreaterThan(0.1);
      },
    );
  });
});
