import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../types.ts';
import { parsePdf } from '../parse-pdf.ts';
import { carryTableHeaders } from './continued-tables.ts';

function table(page: number, rows: string[][]): Block {
  const markdown = [rows[0], rows[0].map(() => '---'), ...rows.slice(1)].map(row => `| ${row.join(' | ')} |`).join('\n');
  let start = 0;
  const lines = markdown.split('\n').flatMap((row, index) => {
    const line = { start, end: start + row.length, box: { x: 50, y: 100 + 20 * index, width: 400, height: 12 } };
    start += row.length + 1;
    return index === 1 ? [] : [line];
  });
  return { page, kind: 'table', bbox: { x: 50, y: 100, width: 400, height: 100 }, text: rows.map(row => row.join(' ')).join('\n'), markdown, lines, order: 0 };
}

const block = (page: number, kind: Block['kind'], text: string): Block => ({ page, kind, bbox: { x: 50, y: 700, width: 400, height: 12 }, text, order: 0 });

describe('carryTableHeaders', () => {
  it('puts the header of a table ending a page above the rows of the table that starts the next page', () => {
    const first = table(1, [
      ['Feature', 'Action'],
      ['Ordering', 'Reorder the clauses'],
    ]);
    const next = table(2, [
      ['Self-References', 'Say this document'],
      ['Casing', 'Use sentence case'],
    ]);
    const ownRows = next.markdown!.split('\n');
    const ownLines = next.lines!.map(line => next.markdown!.slice(line.start, line.end));
    carryTableHeaders([block(1, 'paragraph', 'Before'), first, block(1, 'page-footer', '1'), block(2, 'page-header', 'Checklist'), next]);
    expect(next.markdown).toBe(['| Feature | Action |', '| --- | --- |', ownRows[0], ownRows[2]].join('\n'));
    // The rows keep their boxes, the carried header has none on this page.
    expect(next.lines!.map(line => next.markdown!.slice(line.start, line.end))).toEqual(ownLines);
    expect(next.text).toBe('Feature Action\nSelf-References Say this document\nCasing Use sentence case');
  });

  it("leaves alone a table under a bookmark that starts the next page: a workbook's next sheet", () => {
    const rows = [
      ['Alpha', 'Beta'],
      ['89', '82'],
    ];
    const nextSheet = table(2, [
      ['ColA', 'ColB'],
      ['1', '2'],
    ]);
    carryTableHeaders(
      [table(1, rows), nextSheet],
      [
        { title: 'Sheet1', level: 1, page: 1, y: 0 },
        { title: 'Sheet2', level: 1, page: 2, y: 0 },
      ],
    );
    expect(nextSheet.markdown!.startsWith('| ColA |')).toBe(true);
    // A bookmark further down the page starts something after the table's rows.
    const continued = table(2, [
      ['ColA', 'ColB'],
      ['1', '2'],
    ]);
    carryTableHeaders([table(1, rows), continued], [{ title: 'Appendix', level: 1, page: 2, y: 400 }]);
    expect(continued.markdown!.startsWith('| Alpha |')).toBe(true);
  });

  it('leaves a repeated header, a table of other columns, and a table after text alone', () => {
    const rows = [
      ['Feature', 'Action'],
      ['Ordering', 'Reorder'],
    ];
    const repeated = table(2, rows);
    carryTableHeaders([table(1, rows), repeated]);
    expect(repeated.markdown!.split('\n')).toHaveLength(3);
    const wider = table(2, [
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    carryTableHeaders([table(1, rows), wider]);
    expect(wider.markdown!.startsWith('| a |')).toBe(true);
    const afterText = table(2, [
      ['x', 'y'],
      ['z', 'w'],
    ]);
    carryTableHeaders([table(1, rows), block(2, 'paragraph', 'A new table:'), afterText]);
    expect(afterText.markdown!.startsWith('| x |')).toBe(true);
  });

  it('carries the header of a ruled grid to its part on the next page, whose first row wraps', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const columnXs = [55, 223, 559];
    const grid = (rows: string[][][], tops: number[]) => {
      const page = pdf.addPage([612, 792]);
      const bottom = tops[tops.length - 1];
      for (const x of columnXs) page.drawLine({ start: { x, y: 792 - tops[0] }, end: { x, y: 792 - bottom }, thickness: 0.5 });
      for (const top of tops) page.drawLine({ start: { x: 55, y: 792 - top }, end: { x: 559, y: 792 - top }, thickness: 0.5 });
      rows.forEach((row, index) =>
        row.forEach((lines, column) =>
          lines.forEach((line, n) => page.drawText(line, { x: columnXs[column] + 5, y: 792 - tops[index] - 14 - 12 * n, size: 10, font })),
        ),
      );
    };
    grid(
      [
        [['Feature'], ['Action Needed']],
        [['Clause ordering'], ['Reorganize the clauses into the mandatory sequence']],
      ],
      [600, 630, 700],
    );
    grid(
      [
        [['Terms and definitions'], ['Convert Terminology into', 'Terms and definitions and', 'format every entry by', 'the terminology rules']],
        [['Entry notes'], ['Write remarks as notes to entry']],
      ],
      [72, 140, 170],
    );
    const parsed = await parsePdf(await pdf.save(), { name: 'checklist.pdf', maxPages: 10, figureSink: { save: async () => ({ sha256: '0'.repeat(64) }) } });
    const tables = parsed.blocks.filter(candidate => candidate.kind === 'table');
    expect(tables.map(candidate => candidate.page)).toEqual([1, 2]);
    expect(tables[1].markdown!.split('\n').slice(0, 3)).toEqual([
      '| Feature | Action Needed |',
      '| --- | --- |',
      '| Terms and definitions | Convert Terminology into Terms and definitions and format every entry by the terminology rules |',
    ]);
  });
});
