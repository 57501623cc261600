import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makePng, openTestPdf } from '../../../test/support/figures/test-documents.ts';
import { extractGraphics } from './graphics.ts';

const pageHeight = 792;

async function graphicsOf(build: (document: PDFDocument) => Promise<void>) {
  const document = await PDFDocument.create();
  await build(document);
  const pdf = await openTestPdf(await document.save());
  try {
    return await extractGraphics(await pdf.getPage(1));
  } finally {
    await pdf.destroy();
  }
}

describe('extractGraphics', () => {
  it('turns the strokes of a ruled grid into horizontal and vertical rulings in top-left coordinates', async () => {
    const graphics = await graphicsOf(async document => {
      const page = document.addPage([612, pageHeight]);
      for (const y of [600, 580, 560]) page.drawLine({ start: { x: 100, y }, end: { x: 400, y }, thickness: 1 });
      for (const x of [100, 250, 400]) page.drawLine({ start: { x, y: 560 }, end: { x, y: 600 }, thickness: 1 });
    });
    const horizontal = graphics.rulings.filter(ruling => ruling.orientation === 'horizontal');
    const vertical = graphics.rulings.filter(ruling => ruling.orientation === 'vertical');
    expect(horizontal.map(ruling => ruling.y1).sort((first, second) => first - second)).toEqual([192, 212, 232]);
    expect(horizontal.every(ruling => ruling.x1 === 100 && ruling.x2 === 400 && ruling.y1 === ruling.y2)).toBe(true);
    expect(vertical.map(ruling => ruling.x1).sort((first, second) => first - second)).toEqual([100, 250, 400]);
    expect(vertical.every(ruling => ruling.y1 === 192 && ruling.y2 === 232)).toBe(true);
    expect(graphics.rectangles).toEqual([]);
    expect(graphics.paths).toEqual([]);
  });

  it('sorts filled rectangles into thin rulings and real rectangles, and skips white page backgrounds', async () => {
    const graphics = await graphicsOf(async document => {
      const page = document.addPage([612, pageHeight]);
      page.drawRectangle({ x: 0, y: 0, width: 612, height: pageHeight, color: rgb(1, 1, 1) });
      page.drawRectangle({ x: 50, y: 700, width: 300, height: 1.5, color: rgb(0, 0, 0) });
      page.drawRectangle({ x: 50, y: 500, width: 40, height: 120, color: rgb(0.2, 0.4, 0.8) });
    });
    expect(graphics.rulings).toEqual([{ orientation: 'horizontal', x1: 50, y1: 91.25, x2: 350, y2: 91.25 }]);
    expect(graphics.rectangles).toEqual([{ x: 50, y: 172, width: 40, height: 120 }]);
  });

  it("takes a 3 pt bar across a table (Word's rule under a header) as a ruling, a short one as a rectangle", async () => {
    const graphics = await graphicsOf(async document => {
      const page = document.addPage([612, pageHeight]);
      page.drawRectangle({ x: 67, y: 500, width: 478, height: 3, color: rgb(0, 0, 0) });
      page.drawRectangle({ x: 67, y: 400, width: 60, height: 3, color: rgb(0, 0, 0) });
      page.drawLine({ start: { x: 67, y: 300 }, end: { x: 545, y: 300 }, thickness: 2.25 });
    });
    expect(graphics.rulings).toEqual([
      { orientation: 'horizontal', x1: 67, y1: 290.5, x2: 545, y2: 290.5 },
      { orientation: 'horizontal', x1: 67, y1: 492, x2: 545, y2: 492 },
    ]);
    expect(graphics.rectangles).toEqual([{ x: 67, y: 389, width: 60, height: 3 }]);
  });

  it('reports where raster images are painted, and ignores tiny ones', async () => {
    const png = await makePng(64, 48, context => {
      context.fillStyle = '#c03020';
      context.fillRect(8, 8, 48, 32);
    });
    const graphics = await graphicsOf(async document => {
      const image = await document.embedPng(png);
      const page = document.addPage([612, pageHeight]);
      page.drawImage(image, { x: 100, y: 400, width: 200, height: 150 });
      page.drawImage(image, { x: 400, y: 400, width: 6, height: 6 });
    });
    expect(graphics.images).toEqual([{ x: 100, y: 242, width: 200, height: 150 }]);
  });

  it('reports curves and diagonal lines as paths', async () => {
    const graphics = await graphicsOf(async document => {
      const page = document.addPage([612, pageHeight]);
      page.drawCircle({ x: 300, y: 400, size: 50, color: rgb(0.9, 0.5, 0.1) });
      page.drawLine({ start: { x: 100, y: 100 }, end: { x: 200, y: 150 }, thickness: 1 });
    });
    expect(graphics.paths).toHaveLength(2);
    const [circle] = graphics.paths.filter(path => path.width > 90);
    expect(circle.x).toBeCloseTo(250, 0);
    expect(circle.y).toBeCloseTo(342, 0);
    expect(circle.width).toBeCloseTo(100, 0);
    expect(graphics.rulings).toEqual([]);
  });

  it('maps coordinates through page rotation to the page as displayed', async () => {
    const graphics = await graphicsOf(async document => {
      const page = document.addPage([612, pageHeight]);
      page.setRotation(degrees(90));
      page.drawRectangle({ x: 100, y: 200, width: 50, height: 80, color: rgb(0.3, 0.6, 0.3) });
      const font = await document.embedFont(StandardFonts.Helvetica);
      page.drawText('rotated', { x: 100, y: 100, size: 10, font });
    });
    // Rotated 90° clockwise, the displayed page is 792 wide: (x, y) in PDF space shows at (y, x).
    expect(graphics.rectangles).toEqual([{ x: 200, y: 100, width: 80, height: 50 }]);
  });
});
