import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readFirstPageContent } from '../../../../test/support/tables/read-page-content.ts';
import { detectTables } from './detect-tables.ts';

const pageHeight = 792;
const fontSize = 9;

interface Fonts {
  text: PDFFont;
  bold: PDFFont;
  dingbats: PDFFont;
}

async function newPage(): Promise<{ pdf: PDFDocument; page: PDFPage; fonts: Fonts }> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, pageHeight]);
  const fonts = {
    text: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    dingbats: await pdf.embedFont(StandardFonts.ZapfDingbats),
  };
  return { pdf, page, fonts };
}

function draw(page: PDFPage, text: string, x: number, top: number, font: PDFFont): void {
  page.drawText(text, { x, y: pageHeight - top, size: fontSize, font });
}

describe('detectTables: matrices of marks', () => {
  it('reads a survey grid (bulleted labels, boxes and ticks of a picture font under two column headings) into a table', async () => {
    const { pdf, page, fonts } = await newPage();
    draw(page, '28. Which groups receive specialized services, and from whom?', 72, 100, fonts.bold);
    draw(page, '(Please select all that apply)', 72, 112, fonts.text);
    draw(page, 'State funded', 330, 132, fonts.bold);
    draw(page, 'legal aid', 338, 143, fonts.bold);
    draw(page, 'NGOs', 420, 132, fonts.bold);
    const groups = ['Persons with disabilities', 'Children', 'Women', 'Migrants', 'Internally displaced persons'];
    groups.forEach((group, index) => {
      const top = 162 + index * 18;
      draw(page, '●', 76, top, fonts.dingbats);
      draw(page, group, 90, top, fonts.text);
      draw(page, '❑', 350, top, fonts.dingbats);
      // The NGO box is left out on one row: an unmarked cell stays empty.
      if (index !== 2) draw(page, '✔', 426, top, fonts.dingbats);
    });
    draw(page, 'Thank you for completing this section of the questionnaire.', 72, 270, fonts.text);

    const content = await readFirstPageContent(await pdf.save());
    const tables = detectTables(content);
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table.method).toBe('marks');
    expect(table.cells).toEqual([
      ['', 'State funded legal aid', 'NGOs'],
      ['Persons with disabilities', '☐', '✓'],
      ['Children', '☐', '✓'],
      ['Women', '☐', ''],
      ['Migrants', '☐', '✓'],
      ['Internally displaced persons', '☐', '✓'],
    ]);
    // The heading row's box covers both heading lines; each row's box its own baseline, 18 pt apart.
    const [heading, ...rowBoxes] = table.rowBoxes!.map(box => box!);
    expect(heading.y).toBeLessThan(132 - 6);
    expect(heading.y + heading.height).toBeGreaterThan(143);
    expect(heading.y + heading.height).toBeLessThan(162 - 6);
    rowBoxes.forEach((box, index) => {
      expect(box.y).toBeLessThan(162 + index * 18 - 6);
      expect(box.y).toBeGreaterThan(162 + index * 18 - 12);
      expect(box.y + box.height).toBeGreaterThan(162 + index * 18);
    });
    const tableText = table.runIndices.map(index => content.runs[index].text).join(' ');
    expect(tableText).not.toContain('Please select');
    expect(tableText).not.toContain('Thank you');
  });

  it('keeps real check-mark characters and a heading over the labels', async () => {
    const { pdf, page, fonts } = await newPage();
    draw(page, 'Feature', 72, 100, fonts.bold);
    draw(page, 'Basic', 300, 100, fonts.bold);
    draw(page, 'Pro', 380, 100, fonts.bold);
    const rows: Array<[string, string, string]> = [
      ['Full-text search', 'X', 'X'],
      ['Figure descriptions', '', 'X'],
      ['Slack and Teams bots', 'X', 'X'],
      ['Audit log', '', 'X'],
    ];
    rows.forEach(([feature, basic, pro], index) => {
      const top = 118 + index * 16;
      draw(page, feature, 72, top, fonts.text);
      if (basic) draw(page, basic, 310, top, fonts.text);
      if (pro) draw(page, pro, 386, top, fonts.text);
    });
    const tables = detectTables(await readFirstPageContent(await pdf.save()));
    expect(tables.map(table => table.method)).toEqual(['marks']);
    expect(tables[0].cells).toEqual([['Feature', 'Basic', 'Pro'], ...rows]);
  });

  it('does not read bulleted lists in three headed columns as a matrix', async () => {
    const { pdf, page, fonts } = await newPage();
    ['Core', 'Extras', 'Channels'].forEach((heading, column) => draw(page, heading, 72 + column * 170, 100, fonts.bold));
    const items = [
      ['Search', 'Citations', 'Slack'],
      ['Figures', 'Page labels', 'Teams'],
      ['Tables', 'Summaries', 'Web'],
      ['OCR', 'Trees', 'CLI'],
    ];
    items.forEach((row, index) => {
      const top = 118 + index * 16;
      row.forEach((item, column) => {
        // A hanging indent: the bullet stands apart from its text, as its own piece of the line.
        draw(page, '●', 72 + column * 170, top, fonts.dingbats);
        draw(page, item, 90 + column * 170, top, fonts.text);
      });
    });
    expect(detectTables(await readFirstPageContent(await pdf.save()))).toEqual([]);
  });

  it('does not read checklists in two headed columns (boxes before their labels) as a matrix', async () => {
    const { pdf, page, fonts } = await newPage();
    draw(page, 'Before the audit', 72, 100, fonts.bold);
    draw(page, 'After the audit', 300, 100, fonts.bold);
    const rows = [
      ['Backups restored', 'Findings filed'],
      ['Keys rotated', 'Owners told'],
      ['Access reviewed', 'Fixes scheduled'],
      ['Logs archived', 'Report signed'],
    ];
    rows.forEach((row, index) => {
      const top = 118 + index * 16;
      row.forEach((item, column) => {
        draw(page, '❑', 72 + column * 228, top, fonts.dingbats);
        draw(page, item, 90 + column * 228, top, fonts.text);
      });
    });
    expect(detectTables(await readFirstPageContent(await pdf.save()))).toEqual([]);
  });
});
