import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readFirstPageContent } from '../../../../test/support/tables/read-page-content.ts';
import { detectTables } from './detect-tables.ts';

const pageHeight = 792;
const fontSize = 10;
const numberRight = 540;

interface ContentsLine {
  title: string;
  page?: string;
  indent?: number;
  bold?: boolean;
}

/** Draws contents lines as word processors do: title, dot leaders up to the number, right-aligned page number. */
function drawContentsLine(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }, line: ContentsLine, top: number): void {
  const font = line.bold ? fonts.bold : fonts.regular;
  const x = 108 + (line.indent ?? 0);
  const y = pageHeight - top;
  if (line.page === undefined) {
    page.drawText(line.title, { x, y, size: fontSize, font });
    return;
  }
  const numberWidth = font.widthOfTextAtSize(line.page, fontSize);
  const titleWidth = font.widthOfTextAtSize(`${line.title} `, fontSize);
  const dotWidth = fonts.regular.widthOfTextAtSize('. ', fontSize);
  const dots = Math.max(3, Math.floor((numberRight - numberWidth - 6 - x - titleWidth) / dotWidth));
  page.drawText(`${line.title} ${'. '.repeat(dots).trimEnd()}`, { x, y, size: fontSize, font });
  page.drawText(line.page, { x: numberRight - numberWidth, y, size: fontSize, font });
}

async function contentsPagePdf(lines: ContentsLine[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, pageHeight]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText('Contents', { x: 72, y: pageHeight - 90, size: 24, font: bold });
  let top = 140;
  for (const line of lines) {
    drawContentsLine(page, { regular, bold }, line, top);
    top += line.page === undefined && line.indent === undefined ? 16 : 13;
  }
  page.drawText('iii', { x: 300, y: 40, size: 9, font: regular });
  return pdf.save();
}

describe('detectTables: tables of contents', () => {
  it('reads a contents page with dot leaders into a title/page table, joining wrapped titles', async () => {
    const content = await readFirstPageContent(
      await contentsPagePdf([
        { title: 'Notices', page: 'vii' },
        { title: 'Preface', page: 'ix' },
        { title: 'Part I. Foundations', bold: true },
        { title: 'Chapter 1. Getting started', page: '1', bold: true },
        { title: '1.1 Installing the service', page: '2', indent: 14 },
        { title: '1.2 Connecting a workspace to the document store and choosing the', indent: 14 },
        { title: 'retention policy', page: '5', indent: 40 },
        { title: 'Chapter 2. Asking questions', page: '9', bold: true },
        { title: '2.1 Citations', page: '12', indent: 14 },
      ]),
    );
    const tables = detectTables(content);
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table.method).toBe('contents');
    expect(table.cells).toEqual([
      ['Title', 'Page'],
      ['Notices', 'vii'],
      ['Preface', 'ix'],
      ['Part I. Foundations', ''],
      ['Chapter 1. Getting started', '1'],
      ['1.1 Installing the service', '2'],
      ['1.2 Connecting a workspace to the document store and choosing the retention policy', '5'],
      ['Chapter 2. Asking questions', '9'],
      ['2.1 Citations', '12'],
    ]);
    expect(table.markdown.split('\n').slice(0, 3)).toEqual(['| Title | Page |', '| --- | --- |', '| Notices | vii |']);
    // Each row is boxed around its baseline(s), the wrapped title over both of its lines; the made-up
    // "Title | Page" header has no box.
    const baselines = [[140], [153], [166], [182], [195], [208, 221], [234], [247]];
    expect(table.rowBoxes).toHaveLength(table.cells.length);
    expect(table.rowBoxes![0]).toBeUndefined();
    baselines.forEach((rowBaselines, row) => {
      const box = table.rowBoxes![row + 1]!;
      expect(box.y).toBeGreaterThan(rowBaselines[0] - fontSize);
      expect(box.y).toBeLessThan(rowBaselines[0] - 0.6 * fontSize);
      expect(box.y + box.height).toBeGreaterThan(rowBaselines[rowBaselines.length - 1]);
      expect(box.y + box.height).toBeLessThan(rowBaselines[rowBaselines.length - 1] + 0.4 * fontSize);
      expect(box.x).toBeCloseTo(table.bbox.x, 5);
      expect(box.width).toBeCloseTo(table.bbox.width, 5);
    });
    const tableText = table.runIndices.map(index => content.runs[index].text).join(' ');
    expect(tableText).not.toContain('Contents');
    expect(tableText).not.toMatch(/\biii\b/);
  });

  it('reads right-aligned page numbers without leaders', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, pageHeight]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const entries: Array<[string, string]> = [
      ['Overview', '1'],
      ['Monetary policy', '3'],
      ['Financial stability', '15'],
      ['Supervision', '27'],
      ['Payments', '104'],
    ];
    entries.forEach(([title, number], index) => {
      const y = pageHeight - 120 - index * 14;
      page.drawText(title, { x: 90, y, size: fontSize, font });
      page.drawText(number, { x: 400 - font.widthOfTextAtSize(number, fontSize), y, size: fontSize, font });
    });
    const tables = detectTables(await readFirstPageContent(await pdf.save()));
    expect(tables.map(table => table.method)).toEqual(['contents']);
    expect(tables[0].cells.slice(1)).toEqual(entries);
  });

  it("does not read a worksheet's lines, each starting and ending with its number, as contents", async () => {
    const lines = [
      '1 Enter an estimate of your itemized deductions',
      '2 Enter: $8,350 if head of household',
      '3 Subtract line 2 from line 1',
      '4 Enter an estimate of your adjustments to income',
      '5 Add lines 3 and 4 and enter the total',
      '6 Enter an estimate of your nonwage income',
    ];
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, pageHeight]);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    lines.forEach((line, index) => drawContentsLine(page, { regular, bold }, { title: line, page: line.split(' ')[0] }, 140 + index * 13));
    expect(detectTables(await readFirstPageContent(await pdf.save())).map(table => table.method)).not.toContain('contents');
  });

  it('does not read an indented paragraph whose lines end in numbers as contents', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, pageHeight]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const lines = [
      'Staff numbers rose in every region this year: the north grew from 12 to 14',
      'offices, the south opened its second hub in June and now employs 85',
      'people, and the west, after the merger, reports a headcount of 120',
      'across 7 sites. The target for next year is 150, with 9 new offices in',
      'the east; the board reviews progress every quarter, next on page 12',
      'of the annual plan, which was approved by 11 of 13 members in 2',
    ];
    // Justified: the last word of each line is pushed to the right margin, as in print.
    lines.forEach((line, index) => {
      const y = pageHeight - 120 - index * 13;
      const words = line.split(' ');
      const last = words.pop()!;
      page.drawText(words.join(' '), { x: 126, y, size: fontSize, font });
      page.drawText(last, { x: 486 - font.widthOfTextAtSize(last, fontSize), y, size: fontSize, font });
    });
    expect(detectTables(await readFirstPageContent(await pdf.save()))).toEqual([]);
  });

  it('does not read a statistical table (a label, then values ending in small numbers) as contents', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, pageHeight]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const rows = [
      ['Jan.', '4,951', '51'],
      ['Feb.', '5,091', '68'],
      ['Mar.', '5,325', '99'],
      ['Apr.', '4,403', '114'],
      ['May', '4,530', '140'],
      ['June', '4,757', '159'],
    ];
    rows.forEach((row, rowIndex) => {
      const y = pageHeight - 120 - rowIndex * 13;
      row.forEach((text, column) => {
        const x = column === 0 ? 90 : 200 + column * 90 - font.widthOfTextAtSize(text, fontSize);
        page.drawText(text, { x, y, size: fontSize, font });
      });
    });
    const tables = detectTables(await readFirstPageContent(await pdf.save()));
    expect(tables.filter(table => table.method === 'contents')).toEqual([]);
  });

  it('does not read an index (term, then its pages after a comma) as contents', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, pageHeight]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const terms: Array<[string, string]> = [
      ['alignment,', '12'],
      ['anchors,', '15'],
      ['batch size,', '21'],
      ['bounding box,', '33'],
      ['caching,', '40'],
      ['citations,', '52'],
    ];
    terms.forEach(([term, number], index) => {
      const y = pageHeight - 120 - index * 13;
      page.drawText(term, { x: 90, y, size: fontSize, font });
      page.drawText(number, { x: 300 - font.widthOfTextAtSize(number, fontSize), y, size: fontSize, font });
    });
    expect(detectTables(await readFirstPageContent(await pdf.save()))).toEqual([]);
  });
});
