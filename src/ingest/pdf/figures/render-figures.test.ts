import { loadImage, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openTestPdf, readPngSize } from '../../../../test/support/figures/test-documents.ts';
import { maxFigureSidePx, renderFigures } from './render-figures.ts';

async function withPage<T>(size: [number, number], run: (page: Awaited<ReturnType<Awaited<ReturnType<typeof openTestPdf>>['getPage']>>) => Promise<T>) {
  const document = await PDFDocument.create();
  const page = document.addPage(size);
  // Red square at top-left (100,100)-(200,200) in display coordinates; blue everywhere else in the region.
  page.drawRectangle({ x: 50, y: size[1] - 250, width: 200, height: 200, color: rgb(0, 0, 1) });
  page.drawRectangle({ x: 100, y: size[1] - 200, width: 100, height: 100, color: rgb(1, 0, 0) });
  const pdf = await openTestPdf(await document.save());
  try {
    return await run(await pdf.getPage(1));
  } finally {
    await pdf.destroy();
  }
}

async function pixelAt(png: Uint8Array, x: number, y: number): Promise<number[]> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

describe('renderFigures', () => {
  it('renders just the region at the requested dpi as a PNG', async () => {
    const [figure] = await withPage([612, 792], page => renderFigures(page, [{ x: 100, y: 100, width: 100, height: 50 }], { dpi: 144 }));
    expect(readPngSize(figure.png)).toEqual({ widthPx: 200, heightPx: 100 });
    expect(figure).toMatchObject({ widthPx: 200, heightPx: 100 });
    // The region lies inside the red square: the crop must start at the region, not the page corner.
    expect(await pixelAt(figure.png, 10, 10)).toEqual([255, 0, 0]);
    expect(await pixelAt(figure.png, 190, 90)).toEqual([255, 0, 0]);
  });

  it('keeps the region offset right for several regions of one page, in order', async () => {
    const figures = await withPage([612, 792], page =>
      renderFigures(
        page,
        [
          { x: 50, y: 50, width: 40, height: 40 },
          { x: 150, y: 150, width: 20, height: 30 },
        ],
        { dpi: 72 },
      ),
    );
    expect(figures.map(figure => [figure.widthPx, figure.heightPx])).toEqual([
      [40, 40],
      [20, 30],
    ]);
    expect(await pixelAt(figures[0].png, 20, 20)).toEqual([0, 0, 255]);
    expect(await pixelAt(figures[1].png, 10, 15)).toEqual([255, 0, 0]);
  });

  it('caps the pixel size of a huge region and clips regions to the page', async () => {
    const [huge, clipped] = await withPage([2000, 3000], page =>
      renderFigures(
        page,
        [
          { x: 0, y: 0, width: 2000, height: 3000 },
          { x: 1900, y: -50, width: 300, height: 150 },
        ],
        { dpi: 144 },
      ),
    );
    expect(readPngSize(huge.png)).toEqual({ widthPx: Math.round((2000 * maxFigureSidePx) / 3000), heightPx: maxFigureSidePx });
    expect(readPngSize(clipped.png)).toEqual({ widthPx: 200, heightPx: 200 });
  });
});
