import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf, type PDFDocumentProxy } from '../open-pdf.ts';
import type { PageContent } from '../page-content.ts';
import { isSheetPrint } from '../sheet-print.ts';
import { detectTables } from './detect-tables.ts';
import { buildPageContent } from '../../../../test/support/tables/build-page-content.ts';

const pageHeight = 792;

/** Draws a 3 × 4 ruled table with pdf-lib lines and text; y values are top-down like PageContent. */
async function ruledTablePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, pageHeight]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const fontSize = 10;
  page.drawText('Quarterly figures by product line, before the table.', { x: 72, y: pageHeight - 90, size: fontSize, font });

  const columnXs = [72, 200, 300, 420];
  const rowYs = [110, 130, 150, 170, 190];
  const rows = [
    ['Product', 'Units', 'Revenue'],
    ['Widgets', '1,200', '$ 36,000'],
    ['Gadgets | Pro', '310', '$ 18,600'],
    ['Spares', '95', '(1,140)'],
  ];
  for (const x of columnXs) page.drawLine({ start: { x, y: pageHeight - rowYs[0] }, end: { x, y: pageHeight - rowYs[rowYs.length - 1] }, thickness: 0.75 });
  for (const y of rowYs) page.drawLine({ start: { x: columnXs[0], y: pageHeight - y }, end: { x: columnXs[3], y: pageHeight - y }, thickness: 0.75 });
  rows.forEach((row, rowIndex) => {
    row.forEach((text, column) => {
      page.drawText(text, { x: columnXs[column] + 5, y: pageHeight - rowYs[rowIndex] - 14, size: fontSize, font });
    });
  });
  page.drawText('Text after the table is not part of it.', { x: 72, y: pageHeight - 215, size: fontSize, font });
  return pdf.save();
}

/**
 * Word's table style of LibreOffice's PDF of word_sample.docx: the header row ("Food", "Calories per /
 * portion", wrapped) stands above a 3 pt filled bar, thin rules part the body rows, nothing is ruled
 * above the header; a sentence above the table and one under it.
 */
async function headerAboveRulePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, pageHeight]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const text = (value: string, x: number, top: number) => page.drawText(value, { x, y: pageHeight - top - 11, size: 11, font });
  text('Here are some interesting things a respectful duck could eat:', 67, 175);
  text('Food', 245, 216);
  text('Calories per', 405, 216);
  text('portion', 405, 233);
  page.drawRectangle({ x: 67, y: pageHeight - 264.6, width: 478, height: 3 });
  const rows = [
    ['Leaves', 'Ash, Elm, Maple', '50', 275],
    ['Berries', 'Blueberry, Cranberry', '150', 312],
    ['Grain', 'Corn, Barley', '200', 363],
  ] as const;
  for (const [label, kinds, calories, top] of rows) {
    text(label, 160, top);
    text(kinds, 245, top);
    text(calories, 405, top);
  }
  for (const top of [301, 351, 402]) page.drawLine({ start: { x: 67, y: pageHeight - top }, end: { x: 545, y: pageHeight - top }, thickness: 0.5 });
  text('And let us add another list in the end:', 67, 433);
  return pdf.save();
}

/**
 * A journal's table (Data in Brief's polarization data): a caption, a header of two lines, a rule
 * under it and one under the rows, none above. The unit's superscript and closing bracket are runs of
 * their own that stand past the numbers of their column.
 */
async function journalTablePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([500, pageHeight]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const text = (value: string, x: number, top: number, size = 6.4) => page.drawText(value, { x, y: pageHeight - top - size, size, font });
  text('Table 1', 40, 258);
  text('Potentiodynamic polarization data for stainless steel in the absence and presence of ES.', 40, 266);
  text('Inhibitor', 46, 283);
  text('concentration (g)', 46, 292);
  text('Ecorr (V)', 120, 283);
  const unit = 170 + font.widthOfTextAtSize('icorr (A/cm', 6.4);
  text('icorr (A/cm', 170, 283);
  text('2', unit, 282.4, 4.3);
  text(')', unit + font.widthOfTextAtSize('2', 4.3), 283);
  text('Corrosion', 250, 283);
  text('rate (mm/year)', 250, 292);
  const rows = [
    ['0', '0.9393', '0.0003', '2.8163'],
    ['2', '0.8276', '0.0002', '1.5054'],
    ['4', '0.8825', '0.0001', '0.9476'],
  ];
  rows.forEach((row, index) => row.forEach((value, column) => text(value, [46, 120, 170, 250][column], 309 + 8.6 * index)));
  for (const top of [303, 337]) page.drawLine({ start: { x: 40, y: pageHeight - top }, end: { x: 300, y: pageHeight - top }, thickness: 0.5 });
  return pdf.save();
}

/** Three columns of words and one of a number, unruled, as a spreadsheet prints them; `creator` names the application. */
async function cellBlockPdf(creator?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (creator) pdf.setCreator(creator);
  const page = pdf.addPage([595, pageHeight]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const rows = [
    ['Team', 'Location', 'Stanley Cups'],
    ['Blues', 'STL', '1'],
    ['Flyers', 'PHI', '2'],
    ['Maple Leafs', 'TOR', '13'],
  ];
  rows.forEach((row, index) =>
    row.forEach((text, column) => page.drawText(text, { x: [55, 135, 215][column], y: pageHeight - 88 - 15.7 * index - 11, size: 11, font })),
  );
  return pdf.save();
}

/** A ruled 3 × 3 grid whose third column cites links, each underlined by a short stroke (as Word draws them). */
async function gridWithUnderlinedLinksPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, pageHeight]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const columnXs = [55, 223, 391, 559];
  const rowYs = [73, 142, 222, 291];
  const rows = [
    ['Feature', 'Action Needed', 'Comment/Links'],
    ['Foreword Boilerplate', 'Replace the foreword', 'See Clause 12'],
    ['Self-References', 'Say this document', 'See Clause 10.6'],
  ];
  for (const x of columnXs) page.drawLine({ start: { x, y: pageHeight - rowYs[0] }, end: { x, y: pageHeight - rowYs[3] }, thickness: 0.5 });
  for (const y of rowYs) page.drawLine({ start: { x: columnXs[0], y: pageHeight - y }, end: { x: columnXs[3], y: pageHeight - y }, thickness: 0.5 });
  rows.forEach((row, rowIndex) =>
    row.forEach((text, column) => page.drawText(text, { x: columnXs[column] + 5, y: pageHeight - rowYs[rowIndex] - 15, size: 10, font })),
  );
  // Three underlined links in each body cell of the last column: more strokes than the grid has borders.
  for (const top of [92, 104, 116, 162, 174, 186])
    page.drawLine({ start: { x: 396, y: pageHeight - top }, end: { x: 440, y: pageHeight - top }, thickness: 0.5 });
  return pdf.save();
}

/** Reads the first page of a PDF as the table detectors see it, the document closed afterwards. */
async function onFirstPage<T>(bytes: Uint8Array, read: (content: PageContent, document: PDFDocumentProxy) => T | Promise<T>): Promise<T> {
  const document = await openPdf(bytes, { name: 'drawn.pdf' });
  try {
    return await read(await buildPageContent(await document.getPage(1)), document);
  } finally {
    await document.destroy();
  }
}

describe('detectTables on a PDF drawn with pdf-lib', () => {
  it('reads a ruled grid whose cells underline their links as a table, not as a drawing in a box', async () => {
    await onFirstPage(await gridWithUnderlinedLinksPdf(), content => {
      const tables = detectTables(content);
      expect(tables).toHaveLength(1);
      expect(tables[0].method).toBe('ruled');
      expect(tables[0].cells).toEqual([
        ['Feature', 'Action Needed', 'Comment/Links'],
        ['Foreword Boilerplate', 'Replace the foreword', 'See Clause 12'],
        ['Self-References', 'Say this document', 'See Clause 10.6'],
      ]);
    });
  });

  it('reads the blocks of cells of a printed spreadsheet as tables, and only of one', async () => {
    for (const [creator, sheet] of [
      ['Calc', true],
      ['Microsoft® Excel® for Microsoft 365', true],
      ['Writer', false],
      [undefined, false],
    ] as const) {
      await onFirstPage(await cellBlockPdf(creator), async (content, document) => {
        expect(await isSheetPrint(document)).toBe(sheet);
        const tables = detectTables(content, { sheet });
        expect(tables.map(table => table.cells)).toEqual(
          sheet
            ? [
                [
                  ['Team', 'Location', 'Stanley Cups'],
                  ['Blues', 'STL', '1'],
                  ['Flyers', 'PHI', '2'],
                  ['Maple Leafs', 'TOR', '13'],
                ],
              ]
            : [],
        );
      });
    }
  });

  it("reads a journal table's header above the rule under it, units and all", async () => {
    await onFirstPage(await journalTablePdf(), content => {
      const tables = detectTables(content);
      expect(tables).toHaveLength(1);
      expect(tables[0].cells[0]).toEqual(['Inhibitor concentration (g)', 'Ecorr (V)', 'icorr (A/cm2)', 'Corrosion rate (mm/year)']);
      expect(tables[0].cells.at(-1)).toEqual(['4', '0.8825', '0.0001', '0.9476']);
    });
  });

  it('reads a header standing above a thick bar as the header of the rows ruled under it', async () => {
    await onFirstPage(await headerAboveRulePdf(), content => {
      const tables = detectTables(content);
      expect(tables).toHaveLength(1);
      expect(tables[0].markdown).toBe(
        [
          '|  | Food | Calories per portion |',
          '| --- | --- | --- |',
          '| Leaves | Ash, Elm, Maple | 50 |',
          '| Berries | Blueberry, Cranberry | 150 |',
          '| Grain | Corn, Barley | 200 |',
        ].join('\n'),
      );
      const tableTexts = tables[0].runIndices.map(index => content.runs[index].text).join(' ');
      expect(tableTexts).not.toContain('respectful duck');
      expect(tableTexts).not.toContain('another list');
    });
  });

  it('finds the ruled table through pdf.js text and operator lists and renders it as Markdown', async () => {
    await onFirstPage(await ruledTablePdf(), content => {
      expect(content.graphics.rulings.length).toBeGreaterThanOrEqual(9);
      const tables = detectTables(content);
      expect(tables).toHaveLength(1);
      expect(tables[0].method).toBe('ruled');
      expect(tables[0].markdown).toBe(
        [
          '| Product | Units | Revenue |',
          '| --- | --- | --- |',
          '| Widgets | 1,200 | $ 36,000 |',
          '| Gadgets \\| Pro | 310 | $ 18,600 |',
          '| Spares | 95 | (1,140) |',
        ].join('\n'),
      );
      const tableTexts = tables[0].runIndices.map(index => content.runs[index].text).join(' ');
      expect(tableTexts).not.toContain('before the table');
      expect(tableTexts).not.toContain('after the table');
      expect(tables[0].bbox.y).toBeCloseTo(110, 0);
      expect(tables[0].bbox.y + tables[0].bbox.height).toBeCloseTo(190, 0);
    });
  });
});
