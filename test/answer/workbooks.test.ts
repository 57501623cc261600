import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lacksSpreadsheetModule } from '../../src/ingest/convert/libreoffice-modules.ts';
import { convertWithSoffice } from '../support/office/make-office-documents.ts';
import { sofficeAvailability } from '../support/office/soffice-availability.ts';
import { jsonLines, runFolio } from '../support/run-folio.ts';

/**
 * Workbooks as people share them: Excel's current and 97-2003 formats and OpenDocument's, each
 * answered from its rows with the column names, whatever LibreOffice prints around the sheet (its
 * name centred over the page, "Page 1" under it).
 */
const soffice = sofficeAvailability();
const describeWithOffice = soffice.available || soffice.mustRun ? describe : describe.skip;

const rows = [
  ['Region', 'Quarter', 'Revenue', 'Headcount'],
  ['North', 'Q1', '1200', '14'],
  ['South', 'Q1', '950', '11'],
  ['East', 'Q1', '780', '9'],
  ['West', 'Q1', '1410', '17'],
];
const formats = ['xlsx', 'xls', 'ods'];

describeWithOffice('workbooks', () => {
  let workDir: string;
  let environment: Record<string, string>;

  beforeAll(async () => {
    if (!soffice.available) throw new Error(soffice.reason);
    if (await lacksSpreadsheetModule('soffice')) throw new Error('LibreOffice lacks its spreadsheet module: apt-get install libreoffice-calc');
    workDir = await mkdtemp(join(tmpdir(), 'folio-workbooks-'));
    const csv = join(workDir, 'budget.csv');
    await writeFile(csv, `${rows.map(row => row.join(',')).join('\n')}\n`);
    for (const format of formats) await convertWithSoffice(csv, format, workDir);
    environment = { FOLIO_DATA_DIR: join(workDir, 'data'), FOLIO_MODEL_PROVIDER: 'offline', FOLIO_OCR: 'off' };
  }, 180_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it.each(formats)('reads a .%s workbook and answers from its row, citing it', async format => {
    const file = `budget.${format}`;
    const ingest = await runFolio(['ingest', join(workDir, file), '--space', format, '--json'], environment);
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    expect(jsonLines(ingest.stdout)[0]).toMatchObject({ name: file, status: 'ready', stats: { tables: 1 } });
    const [answer] = jsonLines((await runFolio(['ask', "What was the West region's revenue?", '--space', format, '--json'], environment)).stdout) as any[];
    expect(answer.answer).toContain('Region: West; Quarter: Q1; Revenue: 1410; Headcount: 17');
    expect(answer.citations[0]).toMatchObject({ document: file, pages: [1] });
  });
});
