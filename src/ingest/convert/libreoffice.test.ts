import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioError } from '../../errors.ts';
import { openPdf } from '../pdf/open-pdf.ts';
import { convertOneToPdf, convertToPdf, type ConversionResult } from './libreoffice.ts';
import { buildSlidePageMap } from './slide-page-map.ts';
import { isProcessAlive, writeHangingSoffice } from '../../../test/support/office/fake-soffice.ts';
import {
  deckContent,
  nestedHyperlink,
  reportContent,
  writeDeckPptx,
  writeNestedHyperlinkDocx,
  writeReportDocx,
} from '../../../test/support/office/make-office-documents.ts';
import { sofficeAvailability } from '../../../test/support/office/soffice-availability.ts';

const soffice = sofficeAvailability();

async function pdfPageTexts(pdfPath: string): Promise<string[]> {
  const pdf = await openPdf(new Uint8Array(await readFile(pdfPath)));
  try {
    const texts: string[] = [];
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber += 1) {
      const content = await (await pdf.getPage(pageNumber)).getTextContent();
      texts.push(content.items.map(item => ('str' in item ? item.str : '')).join(' '));
    }
    return texts;
  } finally {
    await pdf.destroy();
  }
}

describe.runIf(soffice.available || soffice.mustRun)('convertToPdf with LibreOffice', () => {
  let workDir: string;
  let outputDir: string;
  let tempDir: string;
  let inputs: Record<'docx' | 'pptx' | 'sameNameDocx' | 'brokenDocx' | 'nestedLinkDocx', string>;
  let results: ConversionResult[];
  let batchMs: number;

  // One batch for every test below: LibreOffice's start-up is the expensive part.
  beforeAll(async () => {
    if (!soffice.available) throw new Error(soffice.reason);
    workDir = await mkdtemp(join(tmpdir(), 'folio-convert-test-'));
    outputDir = join(workDir, 'pdfs');
    tempDir = join(workDir, 'tmp');
    await Promise.all([mkdir(outputDir), mkdir(tempDir), mkdir(join(workDir, 'other'))]);
    inputs = {
      docx: join(workDir, 'report.docx'),
      pptx: join(workDir, 'deck.pptx'),
      // Same base name as the first input: the two PDFs must not overwrite each other.
      sameNameDocx: join(workDir, 'other', 'report.docx'),
      // A ZIP header and garbage: LibreOffice loads nothing from it.
      brokenDocx: join(workDir, 'broken.docx'),
      nestedLinkDocx: join(workDir, 'exhibition.docx'),
    };
    await writeReportDocx(inputs.docx);
    await writeDeckPptx(inputs.pptx);
    await writeReportDocx(inputs.sameNameDocx);
    await writeFile(inputs.brokenDocx, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(300, 7)]));
    await writeNestedHyperlinkDocx(inputs.nestedLinkDocx);
    const startedAt = Date.now();
    const batch = [inputs.docx, inputs.pptx, inputs.sameNameDocx, inputs.brokenDocx, inputs.nestedLinkDocx];
    results = await convertToPdf(
      batch.map(path => ({ path })),
      {
        sofficePath: 'soffice',
        timeoutMs: 120_000,
        outputDir,
        tempDir,
      },
    );
    batchMs = Date.now() - startedAt;
  });

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('returns one result per input, in order, with PDFs in the caller-given directory', () => {
    expect(results.map(result => result.input)).toEqual([inputs.docx, inputs.pptx, inputs.sameNameDocx, inputs.brokenDocx, inputs.nestedLinkDocx]);
    for (const result of results.slice(0, 3)) {
      expect(result.error).toBeUndefined();
      expect(dirname(result.pdfPath!)).toBe(outputDir);
    }
    expect(new Set(results.slice(0, 3).map(result => result.pdfPath)).size).toBe(3);
    console.info(`LibreOffice batch of 5 files: ${batchMs} ms (${soffice.reason})`);
  });

  it('converts the DOCX with its headings, table text and page break', async () => {
    const pageTexts = await pdfPageTexts(results[0].pdfPath!);
    expect(pageTexts).toHaveLength(reportContent.pageCount);
    const [title, subsection, outlook] = reportContent.headings;
    expect(pageTexts[0]).toContain(title);
    expect(pageTexts[0]).toContain(subsection);
    for (const cell of reportContent.tableCells.flat()) expect(pageTexts[0]).toContain(cell);
    expect(pageTexts[1]).toContain(outlook);
    expect(pageTexts[1]).not.toContain(title);
  });

  it('converts the PPTX without its hidden slide and maps pages back to slide numbers', async () => {
    const pageTexts = await pdfPageTexts(results[1].pdfPath!);
    const visibleTitles = deckContent.titles.filter((_, index) => !deckContent.hiddenSlideNumbers.includes(index + 1));
    expect(pageTexts).toHaveLength(visibleTitles.length);
    visibleTitles.forEach((title, pageIndex) => expect(pageTexts[pageIndex]).toContain(title));

    const map = await buildSlidePageMap(inputs.pptx, { extension: 'pptx', pdfPageCount: pageTexts.length });
    expect(map.method).toBe('visible-slides');
    expect(map.hiddenSlideNumbers).toEqual(deckContent.hiddenSlideNumbers);
    const expectedSlides = visibleTitles.map(title => deckContent.titles.indexOf(title) + 1);
    expect(map.slideNumbers).toEqual(expectedSlides);
    expect(map.pageLabels).toEqual(expectedSlides.map(String));
  });

  it('keeps same-named inputs apart', async () => {
    expect(basename(results[2].pdfPath!)).toMatch(/^report\..+\.pdf$/);
    expect(await pdfPageTexts(results[2].pdfPath!)).toHaveLength(reportContent.pageCount);
  });

  it('reports a file LibreOffice cannot load as conversion_failed without failing the batch', () => {
    expect(results[3].pdfPath).toBeUndefined();
    expect(results[3].error?.code).toBe('conversion_failed');
    expect(results[3].error?.userMessage).toContain('broken.docx');
  });

  it('reads the words of a hyperlink a generator nested in a run', async () => {
    const [text] = await pdfPageTexts(results[4].pdfPath!);
    expect(text.replace(/\s+/gu, ' ')).toContain(`${nestedHyperlink.before} ${nestedHyperlink.link} ${nestedHyperlink.after}`);
  });

  it('leaves only the PDFs behind', async () => {
    expect((await readdir(outputDir)).sort()).toEqual(
      results
        .filter(result => result.pdfPath)
        .map(result => basename(result.pdfPath!))
        .sort(),
    );
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('converts one file to the path asked for, or throws why it could not', async () => {
    const target = join(workDir, 'one', 'document.pdf');
    expect(await convertOneToPdf({ path: inputs.docx }, target, { sofficePath: 'soffice', timeoutMs: 120_000, tempDir })).toBe(target);
    expect(await pdfPageTexts(target)).toHaveLength(reportContent.pageCount);
    expect(await readdir(dirname(target))).toEqual(['document.pdf']);
    await expect(
      convertOneToPdf({ path: inputs.brokenDocx }, join(workDir, 'one', 'broken.pdf'), { sofficePath: 'soffice', timeoutMs: 120_000, tempDir }),
    ).rejects.toMatchObject({
      code: 'conversion_failed',
    });
    expect(await readdir(dirname(target))).toEqual(['document.pdf']);
  });
});

describe('convertToPdf failures', () => {
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-convert-fail-'));
    await writeFile(join(workDir, 'notes.rtf'), '{\\rtf1 hello}');
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('kills the whole process group of a hanging converter at the timeout', async () => {
    const { sofficePath, pidFile } = await writeHangingSoffice(workDir);
    const startedAt = Date.now();
    const results = await convertToPdf([{ path: join(workDir, 'notes.rtf') }], {
      sofficePath,
      timeoutMs: 500,
      outputDir: workDir,
    });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(results[0].error?.code).toBe('conversion_timeout');
    expect(results[0].error?.retryable).toBe(true);
    expect(results[0].error?.userMessage).toContain('Converting notes.rtf to PDF took longer than 1 second and was stopped.');
    const pids = (await readFile(pidFile, 'utf8')).trim().split(' ').map(Number);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isProcessAlive(pid)).toBe(false);
  });

  it('says LibreOffice must be installed when soffice does not exist', async () => {
    const conversion = convertToPdf([{ path: join(workDir, 'notes.rtf') }], {
      sofficePath: join(workDir, 'no-such-soffice'),
      timeoutMs: 5_000,
      outputDir: workDir,
    });
    await expect(conversion).rejects.toBeInstanceOf(FolioError);
    await expect(conversion).rejects.toMatchObject({
      code: 'converter_missing',
      userMessage: expect.stringContaining('libreoffice-writer'),
    });
  });

  it('says the spreadsheet module is missing when a LibreOffice without it cannot open a workbook', async () => {
    // A LibreOffice install as Debian lays it out: the binary beside its module libraries, Writer's only.
    const program = join(workDir, 'libreoffice', 'program');
    await mkdir(program, { recursive: true });
    const sofficePath = join(program, 'soffice');
    await writeFile(sofficePath, '#!/bin/sh\necho "Error: source file could not be loaded"\n');
    await chmod(sofficePath, 0o755);
    await writeFile(join(program, 'libswlo.so'), '');
    await writeFile(join(workDir, 'budget.xlsx'), 'PK');
    await writeFile(join(workDir, 'minutes.docx'), 'PK');
    const convert = (name: string) => convertToPdf([{ path: join(workDir, name) }], { sofficePath, timeoutMs: 10_000, outputDir: workDir });

    const [workbook] = await convert('budget.xlsx');
    expect(workbook.error).toMatchObject({ code: 'converter_missing', userMessage: expect.stringContaining('apt-get install libreoffice-calc') });
    expect(workbook.error?.userMessage).toContain('Folio cannot read budget.xlsx right now');
    // A Word file the same install cannot open is the file's fault, not the install's.
    expect((await convert('minutes.docx'))[0].error?.code).toBe('conversion_failed');
    await writeFile(join(program, 'libsclo.so'), '');
    expect((await convert('budget.xlsx'))[0].error?.code).toBe('conversion_failed');
  });

  it('stops when the caller aborts', async () => {
    const { sofficePath, pidFile } = await writeHangingSoffice(workDir);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 300);
    await expect(
      convertToPdf([{ path: join(workDir, 'notes.rtf') }], { sofficePath, timeoutMs: 60_000, outputDir: workDir, signal: controller.signal }),
    ).rejects.toThrow('shutting down');
    const pids = (await readFile(pidFile, 'utf8')).trim().split(' ').map(Number);
    for (const pid of pids) expect(isProcessAlive(pid)).toBe(false);
  });
});
