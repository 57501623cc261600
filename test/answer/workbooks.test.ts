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
/** A sheet of words and a single column of numbers: no table to the detectors of other PDFs. */
const teams = [
  ['Team', 'Location', 'Stanley Cups'],
  ['Blues', 'STL', '1'],
  ['Flyers', 'PHI', '2'],
  ['Maple Leafs', 'TOR', '13'],
];

/** A list over some 38 pages, its header printed on the first only. */
const offices = ['Oslo', 'Lima', 'Pune'];
const staff = [
  ['Employee', 'Department', 'Office'],
  ...Array.from({ length: 2000 }, (_, index) => [`Person ${index}`, ['Sales', 'Legal', 'Finance'][index % 3], offices[index % 3]]),
];

/** A sheet wider than a page: a code, twelve columns of figures, then the code's description. */
const errors = [
  ['Code', ...Array.from({ length: 12 }, (_, index) => `Monthly count ${index + 1}`), 'Description'],
  ...['INVALID GENDER', 'MISSING ADDRESS', 'EXPIRED PASSPORT', 'DUPLICATE ACCOUNT', 'BAD POSTAL CODE'].map((description, row) => [
    `ERR-9001${row}`,
    ...Array.from({ length: 12 }, (_, month) => String(100 + row * 12 + month)),
    description,
  ]),
];

/** A bare sheet (no borders): right-aligned numbers stand under the right end of their column, far from its heading. */
const deaths = [
  ['Name', 'Profession', 'Age', 'Has kids', 'Date of birth', 'Date of death'],
  ['David Bowie', 'musician', '69', 'TRUE', '1947-01-08', '2016-01-10'],
  ['Carrie Fisher', 'actor', '60', 'TRUE', '1956-10-21', '2016-12-27'],
  ['Chuck Berry', 'musician', '90', 'TRUE', '1926-10-18', '2017-03-18'],
  ['Prince', 'musician', '57', 'TRUE', '1958-06-07', '2016-04-21'],
];

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
    const teamsCsv = join(workDir, 'cups.csv');
    await writeFile(teamsCsv, `${teams.map(row => row.join(',')).join('\n')}\n`);
    await convertWithSoffice(teamsCsv, 'xlsx', workDir);
    const staffCsv = join(workDir, 'staff.csv');
    await writeFile(staffCsv, `${staff.map(row => row.join(',')).join('\n')}\n`);
    await convertWithSoffice(staffCsv, 'xlsx', workDir);
    const errorsCsv = join(workDir, 'errors.csv');
    await writeFile(errorsCsv, `${errors.map(row => row.join(',')).join('\n')}\n`);
    await convertWithSoffice(errorsCsv, 'xlsx', workDir);
    const deathsCsv = join(workDir, 'deaths.csv');
    await writeFile(deathsCsv, `${deaths.map(row => row.join(',')).join('\n')}\n`);
    await convertWithSoffice(deathsCsv, 'xlsx', workDir);
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

  it("reads a long list's rows on every page under the header of its first", async () => {
    // Two files at once: the pages of both are read by a pool of parse workers.
    const ingest = await runFolio(['ingest', join(workDir, 'staff.xlsx'), join(workDir, 'cups.xlsx'), '--space', 'staff', '--json'], {
      ...environment,
      FOLIO_PARSE_WORKERS: '2',
    });
    const record = jsonLines(ingest.stdout).find(line => line.name === 'staff.xlsx') as any;
    expect(record).toMatchObject({ status: 'ready' });
    expect(record.pages).toBeGreaterThanOrEqual(16);
    expect(record.stats.tables).toBe(record.pages);
    const [answer] = jsonLines((await runFolio(['ask', 'Which office is Person 1201 in?', '--space', 'staff', '--json'], environment)).stdout) as any[];
    expect(answer.answer).toContain(`Employee: Person 1201; Department: ${staff[1202][1]}; Office: ${offices[1201 % 3]}`);
    expect(answer.citations[0].pages[0]).toBeGreaterThan(16);
  });

  it('reads a sheet of words as a table, each row with its column names', async () => {
    const ingest = await runFolio(['ingest', join(workDir, 'cups.xlsx'), '--space', 'cups', '--json'], environment);
    expect(jsonLines(ingest.stdout)[0]).toMatchObject({ status: 'ready', stats: { tables: 1 } });
    const [answer] = jsonLines((await runFolio(['ask', 'Where are the Maple Leafs located?', '--space', 'cups', '--json'], environment)).stdout) as any[];
    expect(answer.answer).toContain('Team: Maple Leafs; Location: TOR; Stanley Cups: 13');
  });

  it("prints a sheet wider than a page one page wide, so a row's last column stands beside its first", async () => {
    const ingest = await runFolio(['ingest', join(workDir, 'errors.xlsx'), '--space', 'errors', '--json'], environment);
    expect(jsonLines(ingest.stdout)[0]).toMatchObject({ status: 'ready', pages: 1 });
    const [answer] = jsonLines((await runFolio(['ask', 'What does ERR-90013 mean?', '--space', 'errors', '--json'], environment)).stdout) as any[];
    // Printed as set up, the sheet's last columns went to pages of their own: the row quoted ended at "139".
    expect(answer.answer).toMatch(/ERR-90013;[^\n]*DUPLICATE ACCOUNT/u);
  });

  it("prints a bare sheet's gridlines, so a number under the right end of its column is read under its heading", async () => {
    const ingest = await runFolio(['ingest', join(workDir, 'deaths.xlsx'), '--space', 'deaths', '--json'], environment);
    expect(jsonLines(ingest.stdout)[0]).toMatchObject({ status: 'ready', stats: { tables: 1 } });
    const [answer] = jsonLines((await runFolio(['ask', 'How old was Chuck Berry?', '--space', 'deaths', '--json'], environment)).stdout) as any[];
    // Printed bare, "Name Profession" and "Age Has kids" were read as one column each: "Age Has kids: 90 TRUE".
    expect(answer.answer).toContain('Name: Chuck Berry; Profession: musician; Age: 90; Has kids: TRUE');
  });
});
