import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { makePng, testFontFamily } from '../figures/test-documents.ts';

/**
 * A four-page report with everything ingestion must handle, at known places:
 * p.1 title, "1 Introduction" and a two-column body; p.2 "2 Results" with a ruled table and a
 * borderless financial table; p.3 "3 Charts" with a vector bar chart and a raster image, both
 * captioned; p.4 a scanned page (one full-page image, no text layer).
 */
export async function makeReportPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const text = (page: PDFPage, value: string, x: number, y: number, size = 10, font: PDFFont = regular) => page.drawText(value, { x, y, size, font });

  const first = document.addPage([595, 842]);
  text(first, 'Annual Logistics Review', 56, 780, 22, bold);
  text(first, '1 Introduction', 56, 740, 15, bold);
  const left = ['The left column opens the review.', 'Warehouses in the north handled', 'more parcels than planned and', 'kept delivery times short.'];
  const right = ['The right column continues here.', 'Southern depots trailed behind', 'because two sites were closed', 'for renovation in spring.'];
  left.forEach((line, index) => text(first, line, 56, 710 - index * 14));
  right.forEach((line, index) => text(first, line, 320, 710 - index * 14));
  for (let row = 0; row < 12; row++) {
    text(first, 'Every column keeps its own lines of ordinary body text.', 56, 640 - row * 14, 9);
    text(first, 'Readers follow one column to the end first.', 320, 640 - row * 14, 9);
  }

  const second = document.addPage([595, 842]);
  text(second, '2 Results', 56, 780, 15, bold);
  text(second, 'Table 1: Parcels by region', 56, 750, 9);
  const grid = [
    ['Region', 'Parcels', 'Late'],
    ['North', '1200', '31'],
    ['South', '950', '58'],
    ['West', '870', '12'],
  ];
  const columnsX = [56, 200, 320, 440];
  const rowTop = 740;
  const rowHeight = 20;
  grid.forEach((row, rowIndex) =>
    row.forEach((cell, columnIndex) => text(second, cell, columnsX[columnIndex] + 6, rowTop - rowIndex * rowHeight - 14, 10, rowIndex === 0 ? bold : regular)),
  );
  for (let line = 0; line <= grid.length; line++) {
    second.drawLine({ start: { x: 56, y: rowTop - line * rowHeight }, end: { x: 440, y: rowTop - line * rowHeight }, thickness: 0.8 });
  }
  for (const x of columnsX) second.drawLine({ start: { x, y: rowTop }, end: { x, y: rowTop - grid.length * rowHeight }, thickness: 0.8 });
  text(second, 'The statement below is unaudited.', 56, 620);
  const statement = [
    ['', '2024', '2023'],
    ['Revenue', '$ 4,210', '$ 3,980'],
    ['Operating costs', '(3,120)', '(3,005)'],
    ['Depreciation', '(410)', '(395)'],
    ['Net income', '$ 680', '$ 580'],
  ];
  statement.forEach((row, rowIndex) => {
    const y = 590 - rowIndex * 16;
    text(second, row[0], 56, y);
    for (const [offset, value] of [
      [0, row[1]],
      [1, row[2]],
    ] as const) {
      text(second, value, 330 + offset * 100 - regular.widthOfTextAtSize(value, 10), y);
    }
  });
  text(second, 'Costs grew more slowly than revenue, which lifted net income.', 56, 490);

  const third = document.addPage([595, 842]);
  text(third, '3 Charts', 56, 780, 15, bold);
  const baseY = 560;
  third.drawLine({ start: { x: 80, y: baseY }, end: { x: 330, y: baseY }, thickness: 1 });
  third.drawLine({ start: { x: 80, y: baseY }, end: { x: 80, y: 740 }, thickness: 1 });
  [90, 140, 120, 170].forEach((height, index) => {
    third.drawRectangle({ x: 100 + index * 55, y: baseY, width: 35, height, color: rgb(0.2, 0.4, 0.8) });
    text(third, `Q${index + 1}`, 110 + index * 55, baseY - 14, 9);
  });
  text(third, 'Figure 1: Parcels per quarter', 80, 525, 9);
  const photo = await makePng(320, 200, context => {
    context.fillStyle = '#3a7d44';
    context.fillRect(20, 20, 280, 160);
    context.fillStyle = '#f4d35e';
    context.beginPath();
    context.arc(160, 100, 60, 0, Math.PI * 2);
    context.fill();
  });
  third.drawImage(await document.embedPng(photo), { x: 80, y: 250, width: 240, height: 150 });
  text(third, 'Figure 2: The new northern depot', 80, 232, 9);

  const scan = await makePng(1240, 1754, context => {
    context.fillStyle = '#111111';
    context.font = `64px ${testFontFamily}`;
    context.fillText('Appendix: handwritten depot notes', 100, 300);
    context.fillText('Inspection passed without findings', 100, 420);
  });
  const fourth = document.addPage([595, 842]);
  fourth.drawImage(await document.embedPng(scan), { x: 0, y: 0, width: 595, height: 842 });

  return document.save();
}
