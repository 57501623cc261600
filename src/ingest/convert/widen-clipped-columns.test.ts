import { describe, expect, it } from 'vitest';
import { fittedTextFormats, sharedStringLengths, widenClippedColumns } from './widen-clipped-columns.ts';

const open = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
const sheet = (cols: string, rows: string, merges = '') =>
  `${open}<sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>${rows}</sheetData>${merges}</worksheet>`;
/** Shared strings 0–2: "Develop preliminary budget" (26), "Task" (4), "Auto Scheduled" (14). */
const lengths = [26, 4, 14];

describe('sharedStringLengths', () => {
  it('reads each item as cells number them, rich runs joined, phonetic guides and empty items counted', () => {
    const xml =
      '<sst><si><t>Develop preliminary budget</t></si><si/><si><r><t>Auto </t></r><r><rPr><b/></rPr><t>Scheduled</t></r></si>' +
      '<si><t>漢字</t><rPh sb="0" eb="2"><t>かんじかんじ</t></rPh></si><si><t xml:space="preserve">Line one\nsecond line that is longer</t></si></sst>';
    expect(sharedStringLengths(xml)).toEqual([26, 0, 14, 2, 26]);
  });
});

describe('fittedTextFormats', () => {
  it('finds the cell formats that wrap or shrink their text', () => {
    const styles =
      '<styleSheet><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="0"><alignment wrapText="1"/></xf><xf><alignment shrinkToFit="true"/></xf></cellXfs></styleSheet>';
    expect([...fittedTextFormats(styles)]).toEqual([1, 2]);
  });
});

describe('widenClippedColumns', () => {
  it('widens a column whose text is cut by a filled neighbour, and leaves one whose text runs on over empty cells', () => {
    const xml = sheet('', '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2</v></c></row><row r="2"><c r="C2" t="s"><v>0</v></c></row>');
    expect(widenClippedColumns(xml, lengths, new Set())).toBe(
      sheet(
        '<cols><col width="29.60" customWidth="1" min="1" max="1"/></cols>',
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2</v></c></row><row r="2"><c r="C2" t="s"><v>0</v></c></row>',
      ),
    );
  });

  it('splits a range of columns around the one it widens, and keeps a wider one as it is', () => {
    const rows = '<row r="1"><c r="B1" t="inlineStr"><is><t>Auto Scheduled</t></is></c><c r="C1" t="str"><f>A1</f><v>Task</v></c><c r="D1"><v>1</v></c></row>';
    const xml = sheet('<cols><col min="1" max="4" width="9" style="2"/></cols>', rows);
    expect(widenClippedColumns(xml, lengths, new Set())).toBe(
      sheet(
        '<cols><col width="9" style="2" min="1" max="1"/><col style="2" width="16.40" customWidth="1" min="2" max="2"/><col width="9" style="2" min="3" max="4"/></cols>',
        rows,
      ),
    );
  });

  it('leaves cells that wrap, start a merged range, or hold numbers, and hidden columns', () => {
    const rows =
      '<row r="1"><c r="A1" t="s" s="1"><v>0</v></c><c r="B1" t="s"><v>0</v></c><c r="C1"><v>7</v></c><c r="D1"><v>123456789012345</v></c><c r="E1" t="s"><v>0</v></c><c r="F1"><v>1</v></c></row>';
    const xml = sheet('<cols><col min="5" max="5" width="2" hidden="1"/></cols>', rows, '<mergeCells count="1"><mergeCell ref="B1:B2"/></mergeCells>');
    expect(widenClippedColumns(xml, lengths, new Set([1]))).toBe(xml);
  });

  it('keeps the namespace prefix a sheet is written with, and counts cells written without their reference', () => {
    const xml =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row><x:c t="s"><x:v>0</x:v></x:c><x:c><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>';
    expect(widenClippedColumns(xml, lengths, new Set())).toContain('<x:cols><x:col width="29.60" customWidth="1" min="1" max="1"/></x:cols><x:sheetData>');
  });
});
