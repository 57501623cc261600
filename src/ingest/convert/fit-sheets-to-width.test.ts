import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { fitToWidth, writeSheetsFittedToWidth } from './fit-sheets-to-width.ts';
import { openZipArchive } from './zip-archive.ts';

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

describe('writeSheetsFittedToWidth', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'folio-fit-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rewrites the worksheet parts of a package and copies every other part as it is', async () => {
    const source = join(dir, 'book.xlsx');
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('<Types/>'), '[Content_Types].xml');
    zip.addBuffer(Buffer.from(`${open}<sheetData/></worksheet>`), 'xl/worksheets/sheet1.xml');
    zip.addBuffer(Buffer.from('<chartsheet/>'), 'xl/chartsheets/sheet1.xml');
    zip.end();
    await new Promise<void>((resolve, reject) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on('data', chunk => chunks.push(chunk));
      zip.outputStream.on('end', () => writeFile(source, Buffer.concat(chunks)).then(resolve, reject));
    });
    const target = join(dir, 'fitted.xlsx');
    await writeSheetsFittedToWidth(source, target);
    const fitted = await openZipArchive(target);
    try {
      expect(fitted.entryNames).toEqual(['[Content_Types].xml', 'xl/worksheets/sheet1.xml', 'xl/chartsheets/sheet1.xml']);
      expect(await fitted.readText('xl/worksheets/sheet1.xml')).toContain('<pageSetup fitToWidth="1" fitToHeight="0"/>');
      expect(await fitted.readText('xl/chartsheets/sheet1.xml')).toBe('<chartsheet/>');
      expect(await fitted.readText('[Content_Types].xml')).toBe('<Types/>');
    } finally {
      await fitted.close();
    }
  });

  it('rejects a file that is no zip, for the caller to hand LibreOffice the file as it is', async () => {
    const notZip = join(dir, 'not.xlsx');
    await writeFile(notZip, 'plain text');
    await expect(writeSheetsFittedToWidth(notZip, join(dir, 'out.xlsx'))).rejects.toThrow();
  });
});
