import { describe, expect, it } from 'vitest';
import { fitToWidth } from './fit-sheets-to-width.ts';

const open = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

describe('fitToWidth', () => {
  it('adds the sheet properties and page setup a sheet without them needs, in SpreadsheetML order', () => {
    const xml = `${open}<dimension ref="A1"/><sheetData/><pageMargins left="0.7"/><headerFooter/></worksheet>`;
    expect(fitToWidth(xml)).toBe(
      `${open}<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><dimension ref="A1"/><sheetData/><pageMargins left="0.7"/>` +
        '<pageSetup fitToWidth="1" fitToHeight="0"/><headerFooter/></worksheet>',
    );
    expect(fitToWidth(`${open}<sheetData/><drawing r:id="rId1"/></worksheet>`)).toBe(
      `${open}<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><sheetData/><pageSetup fitToWidth="1" fitToHeight="0"/><drawing r:id="rId1"/></worksheet>`,
    );
  });

  it("overrides the sheet's own scaling and keeps its other settings", () => {
    const xml = `${open}<sheetPr codeName="Sheet1"><tabColor rgb="FF00FF00"/><pageSetUpPr fitToPage="0" autoPageBreaks="0"/></sheetPr><sheetData/><pageSetup paperSize="9" scale="81" fitToHeight="3" orientation="landscape"/></worksheet>`;
    expect(fitToWidth(xml)).toBe(
      `${open}<sheetPr codeName="Sheet1"><tabColor rgb="FF00FF00"/><pageSetUpPr autoPageBreaks="0" fitToPage="1"/></sheetPr><sheetData/>` +
        '<pageSetup paperSize="9" scale="81" orientation="landscape" fitToWidth="1" fitToHeight="0"/></worksheet>',
    );
    expect(fitToWidth(`${open}<sheetPr/><sheetData/></worksheet>`)).toBe(
      `${open}<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><sheetData/><pageSetup fitToWidth="1" fitToHeight="0"/></worksheet>`,
    );
    expect(fitToWidth(`${open}<sheetPr><outlinePr summaryBelow="0"/></sheetPr><sheetData/></worksheet>`)).toContain(
      '<sheetPr><outlinePr summaryBelow="0"/><pageSetUpPr fitToPage="1"/></sheetPr>',
    );
  });

  it('writes elements with the prefix the sheet uses, and leaves other XML alone', () => {
    const prefixed = '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData/></x:worksheet>';
    expect(fitToWidth(prefixed)).toBe(
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetPr><x:pageSetUpPr fitToPage="1"/></x:sheetPr>' +
        '<x:sheetData/><x:pageSetup fitToWidth="1" fitToHeight="0"/></x:worksheet>',
    );
    expect(fitToWidth('<chartsheet/>')).toBe('<chartsheet/>');
  });
});
