import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { writePrintableSheets } from './printable-sheets.ts';
import { openZipArchive } from './zip-archive.ts';

const open = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
/** Cell format 0 draws nothing, format 1 a thin line under the cell. */
const styles =
  '<styleSheet><borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>' +
  '<border><left/><right/><top/><bottom style="thin"><color indexed="64"/></bottom><diagonal/></border></borders>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/><xf numFmtId="0" fontId="0" fillId="0" borderId="1" applyBorder="1"/></cellXfs></styleSheet>';

describe('writePrintableSheets', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'folio-fit-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function writePackage(name: string, parts: Record<string, string>): Promise<string> {
    const path = join(dir, name);
    const zip = new yazl.ZipFile();
    for (const [part, text] of Object.entries(parts)) zip.addBuffer(Buffer.from(text), part);
    zip.end();
    await new Promise<void>((resolve, reject) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on('data', chunk => chunks.push(chunk));
      zip.outputStream.on('end', () => writeFile(path, Buffer.concat(chunks)).then(resolve, reject));
    });
    return path;
  }

  it('rewrites the worksheet parts of a package and copies every other part as it is', async () => {
    const source = await writePackage('book.xlsx', {
      '[Content_Types].xml': '<Types/>',
      'xl/styles.xml': styles,
      'xl/worksheets/sheet1.xml': `${open}<sheetData><row r="1"><c r="A1" s="1"/></row></sheetData></worksheet>`,
      'xl/worksheets/sheet2.xml': `${open}<sheetData><row r="1"><c r="A1" s="0"/></row></sheetData></worksheet>`,
      'xl/chartsheets/sheet1.xml': '<chartsheet/>',
    });
    const target = join(dir, 'fitted.xlsx');
    await writePrintableSheets(source, target);
    const fitted = await openZipArchive(target);
    try {
      expect(fitted.entryNames).toEqual([
        '[Content_Types].xml',
        'xl/styles.xml',
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
        'xl/chartsheets/sheet1.xml',
      ]);
      const ruled = await fitted.readText('xl/worksheets/sheet1.xml');
      expect(ruled).toContain('<pageSetup fitToWidth="1" fitToHeight="0"/>');
      // Its author ruled it: printed as it is ruled.
      expect(ruled).not.toContain('printOptions');
      // A bare grid of values gets the screen's gridlines on paper.
      expect(await fitted.readText('xl/worksheets/sheet2.xml')).toContain(
        '</sheetData><printOptions gridLines="1"/><pageSetup fitToWidth="1" fitToHeight="0"/>',
      );
      expect(await fitted.readText('xl/chartsheets/sheet1.xml')).toBe('<chartsheet/>');
      expect(await fitted.readText('[Content_Types].xml')).toBe('<Types/>');
      expect(await fitted.readText('xl/styles.xml')).toBe(styles);
    } finally {
      await fitted.close();
    }
  });

  it('prints the gridlines of every sheet of a package without a styles part', async () => {
    const source = await writePackage('plain.xlsx', { 'xl/worksheets/sheet1.xml': `${open}<sheetData/><pageMargins left="0.7"/></worksheet>` });
    const target = join(dir, 'plain-fitted.xlsx');
    await writePrintableSheets(source, target);
    const fitted = await openZipArchive(target);
    try {
      expect(await fitted.readText('xl/worksheets/sheet1.xml')).toContain('<sheetData/><printOptions gridLines="1"/><pageMargins left="0.7"/>');
    } finally {
      await fitted.close();
    }
  });

  it('widens a column whose text a filled cell beside it cuts, reading the shared strings', async () => {
    const source = await writePackage('cut.xlsx', {
      'xl/sharedStrings.xml': '<sst><si><t>Develop preliminary budget</t></si></sst>',
      'xl/worksheets/sheet1.xml': `${open}<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2</v></c></row></sheetData></worksheet>`,
    });
    const target = join(dir, 'cut-fitted.xlsx');
    await writePrintableSheets(source, target);
    const fitted = await openZipArchive(target);
    try {
      expect(await fitted.readText('xl/worksheets/sheet1.xml')).toContain('<cols><col width="29.60" customWidth="1" min="1" max="1"/></cols><sheetData>');
    } finally {
      await fitted.close();
    }
  });

  it('rejects a file that is no zip, for the caller to hand LibreOffice the file as it is', async () => {
    const notZip = join(dir, 'not.xlsx');
    await writeFile(notZip, 'plain text');
    await expect(writePrintableSheets(notZip, join(dir, 'out.xlsx'))).rejects.toThrow();
  });
});
