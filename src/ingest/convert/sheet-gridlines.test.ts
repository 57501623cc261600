import { describe, expect, it } from 'vitest';
import { borderedCellFormats, drawsOwnLines, withGridLines } from './sheet-gridlines.ts';

const open = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

describe('borderedCellFormats', () => {
  it('names the cell formats whose border draws a side, not a diagonal or a side styled none', () => {
    const styles =
      '<styleSheet><borders count="5">' +
      '<border><left/><right/><top/><bottom/><diagonal/></border>' +
      '<border><left style="medium"><color auto="1"/></left><right/><top/><bottom/><diagonal/></border>' +
      '<border diagonalUp="1"><left/><right/><top/><bottom/><diagonal style="thin"/></border>' +
      '<border/>' +
      '<border><left style="none"/><right/><top/><bottom style="hair"/></border>' +
      '</borders><cellStyleXfs count="1"><xf borderId="1"/></cellStyleXfs><cellXfs count="6">' +
      '<xf numFmtId="0" borderId="0"/><xf numFmtId="0" borderId="1" applyBorder="1"><alignment wrapText="1"/></xf>' +
      '<xf borderId="2"/><xf borderId="3"/><xf borderId="4"/><xf numFmtId="14"/>' +
      '</cellXfs></styleSheet>';
    // The cell style formats (cellStyleXfs) are not what cells name.
    expect([...borderedCellFormats(styles)]).toEqual([1, 4]);
    expect(
      borderedCellFormats(
        '<x:styleSheet><x:borders><x:border><x:top style="thin"/></x:border></x:borders><x:cellXfs><x:xf borderId="0"/></x:cellXfs></x:styleSheet>',
      ),
    ).toEqual(new Set([0]));
    expect(borderedCellFormats('')).toEqual(new Set());
  });
});

describe('drawsOwnLines', () => {
  it('is true when a cell, a row or a column of the sheet has a bordered format', () => {
    const bordered = new Set([4]);
    expect(drawsOwnLines(`${open}<sheetData><row r="1"><c r="A1" s="3" t="s"><v>0</v></c><c r="B1" s="4"/></row></sheetData></worksheet>`, bordered)).toBe(
      true,
    );
    expect(drawsOwnLines(`${open}<cols><col min="1" max="3" width="9" style="4"/></cols><sheetData/></worksheet>`, bordered)).toBe(true);
    expect(drawsOwnLines(`${open}<sheetData><row r="2" s="4" customFormat="1"/></sheetData></worksheet>`, bordered)).toBe(true);
    expect(drawsOwnLines(`${open}<sheetData><row r="1"><c r="A1" s="3"/><c r="A41" s="0"/></row></sheetData></worksheet>`, bordered)).toBe(false);
    expect(drawsOwnLines(`${open}<sheetData><row r="1"><c r="A1" s="4"/></row></sheetData></worksheet>`, new Set())).toBe(false);
  });
});

describe('withGridLines', () => {
  it('adds the print option before the page margins, or turns it on where the sheet has one', () => {
    expect(withGridLines(`${open}<sheetData/><pageMargins left="0.7"/><pageSetup fitToWidth="1"/></worksheet>`)).toBe(
      `${open}<sheetData/><printOptions gridLines="1"/><pageMargins left="0.7"/><pageSetup fitToWidth="1"/></worksheet>`,
    );
    expect(withGridLines(`${open}<sheetData/><printOptions horizontalCentered="1" gridLines="0"/><pageMargins/></worksheet>`)).toBe(
      `${open}<sheetData/><printOptions horizontalCentered="1" gridLines="1"/><pageMargins/></worksheet>`,
    );
    expect(withGridLines(`${open}<sheetData/><drawing r:id="rId1"/></worksheet>`)).toBe(
      `${open}<sheetData/><printOptions gridLines="1"/><drawing r:id="rId1"/></worksheet>`,
    );
    expect(withGridLines('<x:worksheet xmlns:x="s"><x:sheetData/></x:worksheet>')).toBe(
      '<x:worksheet xmlns:x="s"><x:sheetData/><x:printOptions gridLines="1"/></x:worksheet>',
    );
    expect(withGridLines('<chartsheet/>')).toBe('<chartsheet/>');
  });
});
