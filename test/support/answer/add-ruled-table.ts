import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface RuledTable {
  /** 1-based page the table is drawn on. */
  page: number;
  /** Left edges of the columns, then the right edge of the last one, in points. */
  columnXs: number[];
  /** Top of the first row, in points from the top of the page. */
  top: number;
  rowHeight?: number;
  /** Cells row by row; the first row is the header (drawn in bold). */
  rows: string[][];
}

/**
 * Draws a fully ruled table (a line above and below every row, one at every column edge) with its cell
 * text onto a page of an existing PDF, as a report generator would: what the parser's ruled-table
 * detection reads (see src/ingest/pdf/tables/detect-tables.pdf.test.ts). Outline and other pages stay.
 */
export async function addRuledTable(pdfBytes: Uint8Array, table: RuledTable): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdfBytes);
  const page = document.getPage(table.page - 1);
  const height = page.getHeight();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const rowHeight = table.rowHeight ?? 20;
  const fontSize = 10;
  const left = table.columnXs[0];
  const right = table.columnXs[table.columnXs.length - 1];
  const bottom = table.top + table.rows.length * rowHeight;
  for (let line = 0; line <= table.rows.length; line++) {
    const y = height - (table.top + line * rowHeight);
    page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.75 });
  }
  for (const x of table.columnXs) page.drawLine({ start: { x, y: height - table.top }, end: { x, y: height - bottom }, thickness: 0.75 });
  table.rows.forEach((row, rowIndex) =>
    row.forEach((cell, column) =>
      page.drawText(cell, {
        x: table.columnXs[column] + 5,
        y: height - table.top - rowIndex * rowHeight - 14,
        size: fontSize,
        font: rowIndex === 0 ? bold : regular,
      }),
    ),
  );
  return document.save();
}
