import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPageContent } from '../../../../test/support/figures/read-page-content.ts';
import { makePng, openTestPdf } from '../../../../test/support/figures/test-documents.ts';
import type { PageContent } from '../page-content.ts';
import { detectFigures } from './detect-figures.ts';

const pageHeight = 792;

async function contentOf(build: (document: PDFDocument, page: PDFPage, font: PDFFont) => Promise<void>): Promise<PageContent> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, pageHeight]);
  await build(document, page, await document.embedFont(StandardFonts.Helvetica));
  const pdf = await openTestPdf(await document.save());
  try {
    return await readPageContent(await pdf.getPage(1));
  } finally {
    await pdf.destroy();
  }
}

function drawParagraph(page: PDFPage, font: PDFFont, topY: number) {
  const line = 'Body text that explains the results in full sentences, as reports do.';
  for (let index = 0; index < 4; index++) page.drawText(line, { x: 72, y: topY - index * 14, size: 10, font });
}

/** Four bars on axes from (100,300) to (400,500) in PDF space, with tick labels, a title and a caption. */
async function drawBarChart(page: PDFPage, font: PDFFont) {
  page.drawLine({ start: { x: 100, y: 300 }, end: { x: 400, y: 300 }, thickness: 1 });
  page.drawLine({ start: { x: 100, y: 300 }, end: { x: 100, y: 500 }, thickness: 1 });
  [120, 180, 90, 160].forEach((heightPt, index) => {
    page.drawRectangle({ x: 120 + index * 70, y: 300, width: 40, height: heightPt, color: rgb(0.2, 0.4, 0.8) });
    page.drawText(`Q${index + 1}`, { x: 132 + index * 70, y: 288, size: 9, font });
  });
  for (const value of [0, 100, 200]) page.drawText(String(value), { x: 80, y: 297 + value * 0.9, size: 8, font });
  page.drawText('Revenue by quarter', { x: 190, y: 506, size: 11, font });
  page.drawText('Figure 1: Revenue grew in the second quarter.', { x: 100, y: 268, size: 9, font });
  drawParagraph(page, font, 200);
}

const textOf = (content: PageContent, runIndices: number[]) => runIndices.map(index => content.runs[index].text.trim());

describe('detectFigures', () => {
  it('finds a raster image as one figure with its painted bbox', async () => {
    const png = await makePng(300, 200, context => {
      context.fillStyle = '#2060c0';
      context.fillRect(20, 20, 260, 160);
    });
    const content = await contentOf(async (document, page, font) => {
      page.drawImage(await document.embedPng(png), { x: 150, y: 350, width: 300, height: 200 });
      drawParagraph(page, font, 300);
    });
    const figures = detectFigures(content, { exclude: [] });
    expect(figures).toEqual([{ bbox: { x: 150, y: 242, width: 300, height: 200 }, source: 'raster', runIndices: [] }]);
  });

  it('finds a vector bar chart and takes in its labels and title, but not the caption or body text', async () => {
    const content = await contentOf(async (_document, page, font) => drawBarChart(page, font));
    const figures = detectFigures(content, { exclude: [] });
    expect(figures).toHaveLength(1);
    const [chart] = figures;
    expect(chart.source).toBe('vector');
    expect(textOf(content, chart.runIndices).sort()).toEqual(['0', '100', '200', 'Q1', 'Q2', 'Q3', 'Q4', 'Revenue by quarter'].sort());
    // The axes span x 100–400 and y 292–492 (top-left); labels and title widen the box a little.
    expect(chart.bbox.x).toBeGreaterThan(70);
    expect(chart.bbox.x).toBeLessThanOrEqual(100);
    expect(chart.bbox.x + chart.bbox.width).toBeGreaterThanOrEqual(400);
    expect(chart.bbox.y).toBeLessThan(292);
    expect(chart.bbox.y + chart.bbox.height).toBeGreaterThan(500);
    expect(chart.bbox.y + chart.bbox.height).toBeLessThan(516); // the caption's top
  });

  it('leaves out drawings inside excluded (table) regions', async () => {
    const content = await contentOf(async (_document, page, font) => drawBarChart(page, font));
    const tableRegion = { x: 60, y: 270, width: 360, height: 250 };
    expect(detectFigures(content, { exclude: [tableRegion] })).toEqual([]);
  });

  it('does not call a ruled table with shaded header cells a figure when the table is excluded', async () => {
    const content = await contentOf(async (_document, page, font) => {
      for (let column = 0; column < 3; column++) {
        page.drawRectangle({ x: 100 + column * 100, y: 580, width: 100, height: 20, color: rgb(0.85, 0.85, 0.85) });
      }
      for (let row = 0; row <= 4; row++) page.drawLine({ start: { x: 100, y: 600 - row * 20 }, end: { x: 400, y: 600 - row * 20 }, thickness: 0.5 });
      for (let column = 0; column <= 3; column++)
        page.drawLine({ start: { x: 100 + column * 100, y: 520 }, end: { x: 100 + column * 100, y: 600 }, thickness: 0.5 });
      for (let row = 0; row < 4; row++) {
        for (let column = 0; column < 3; column++) page.drawText(`r${row}c${column}`, { x: 105 + column * 100, y: 586 - row * 20, size: 9, font });
      }
    });
    expect(content.graphics.rulings.length).toBe(9);
    expect(detectFigures(content, { exclude: [{ x: 100, y: 192, width: 300, height: 80 }] })).toEqual([]);
  });

  it('returns no figure for a scanned page (one page-sized image, no text layer)', async () => {
    const png = await makePng(200, 260, context => {
      context.fillStyle = '#333333';
      for (let line = 0; line < 12; line++) context.fillRect(20, 20 + line * 18, 160, 6);
    });
    const content = await contentOf(async (document, page) => {
      page.drawImage(await document.embedPng(png), { x: 0, y: 0, width: 612, height: pageHeight });
    });
    expect(content.graphics.images).toHaveLength(1);
    expect(detectFigures(content, { exclude: [] })).toEqual([]);
  });

  it('ignores a shaded box behind a paragraph', async () => {
    const content = await contentOf(async (_document, page, font) => {
      page.drawRectangle({ x: 60, y: 540, width: 400, height: 80, color: rgb(0.9, 0.95, 1) });
      drawParagraph(page, font, 600);
    });
    expect(content.graphics.rectangles).toHaveLength(1);
    expect(detectFigures(content, { exclude: [] })).toEqual([]);
  });

  it('ignores a banner behind a heading, a box and its shaded bands with a few words on them', async () => {
    const content = await contentOf(async (_document, page, font) => {
      // As an office suite draws a heading's shading: the box, then a band behind each of its lines.
      for (const [y, height] of [
        [685, 65],
        [740, 10],
        [730, 10],
        [696, 34],
      ])
        page.drawRectangle({ x: 75, y, width: 462, height, color: rgb(0, 0.7, 0.95) });
      page.drawText('Appendix E', { x: 240, y: 705, size: 24, font });
      drawParagraph(page, font, 600);
    });
    expect(content.graphics.rectangles.length).toBeGreaterThanOrEqual(3);
    expect(detectFigures(content, { exclude: [] })).toEqual([]);
    // Bars of different lengths on a plot's background are a chart still.
    const chart = await contentOf(async (_document, page, font) => {
      page.drawRectangle({ x: 100, y: 300, width: 300, height: 200, color: rgb(0.95, 0.95, 0.95) });
      await drawBarChart(page, font);
    });
    expect(detectFigures(chart, { exclude: [] })).toHaveLength(1);
  });
});
