import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanDocumentName } from '../../../src/documents/document-name.ts';
import { checkPackageExpansion } from '../../../src/ingest/convert/package-expansion.ts';
import { isPdfjsException } from '../../../src/ingest/pdf/pdfjs-rejection-guard.ts';
import { makeSimpleDocx } from '../../support/hostile/hostile-office.ts';
import { writeZip } from '../../support/hostile/zip-writer.ts';

/** The rules behind the fixes the bad-input corpus led to, case by case. */

describe('cleanDocumentName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['  spaced   out\tname .pdf ', 'spaced out name .pdf'],
    ['a/b/c.pdf', 'c.pdf'],
    ['C:\\Users\\ada\\memo.docx', 'memo.docx'],
    ['..', 'document'],
    ['.', 'document'],
    ['dir/', 'document'],
    ['', 'document'],
    ['\u0000\u0007', 'document'],
    ['two\nlines\u2028more.pdf', 'two lines more.pdf'],
    ['c1\u0085control\u009b.pdf', 'c1 control .pdf'],
    ['gpj\u202Eexe.pdf', 'gpjexe.pdf'],
    ['\u2066isolate\u2069d.pdf', 'isolated.pdf'],
    ['Zürich – 東京 👩‍💻.pptx', 'Zürich – 東京 👩‍💻.pptx'],
    ['.hidden.pdf', '.hidden.pdf'],
  ])('%j → %j', (shared, shown) => {
    expect(cleanDocumentName(shared)).toBe(shown);
  });

  it('cuts long names to 200 characters, keeping the extension and whole characters', () => {
    const name = cleanDocumentName(`${'😀'.repeat(300)}.pdf`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('😀.pdf')).toBe(true);
    expect(cleanDocumentName(`${'x'.repeat(300)}.a-very-long-extension-indeed`)).toHaveLength(200);
  });
});

describe('checkPackageExpansion', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'folio-expansion-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  const check = async (bytes: Uint8Array) => {
    const path = join(directory, `${Math.random()}.docx`);
    await writeFile(path, bytes);
    return checkPackageExpansion(path, { name: 'x.docx', label: 'Word document', sizeBytes: bytes.length }).then(
      () => 'accepted',
      (error: { code: string }) => error.code,
    );
  };

  it('accepts a real DOCX and a small package of very repetitive XML', async () => {
    expect(await check(await makeSimpleDocx())).toBe('accepted');
    // 50 MB of one repeated tag: ratio far above 100, but under the 100 MB the ratio applies from.
    expect(await check(await writeZip([{ name: 'word/document.xml', unit: '<w:p/>', repeat: 8_000_000 }]))).toBe('accepted');
  });

  it('refuses a package that inflates more than 100-fold to over 100 MB, or to over 1 GB at any ratio', async () => {
    expect(await check(await writeZip([{ name: 'word/document.xml', unit: 'A', repeat: 150 * 1024 * 1024 }]))).toBe('file_too_large');
    // Sizes as declared in the central directory (LibreOffice refuses an archive whose data disagrees):
    // 16 MB stored that claim 1.5 GB is a ratio of 96, under 100; the absolute bound refuses it.
    const declared = await writeZip([{ name: 'word/media/big.bin', data: new Uint8Array(16 * 1024 * 1024), stored: true }], {
      declaredSizes: { 'word/media/big.bin': 1.5 * 1024 ** 3 },
    });
    expect(await check(declared)).toBe('file_too_large');
  });

  it('leaves an archive whose directory cannot be read to LibreOffice', async () => {
    expect(await check(new Uint8Array(Buffer.from('PK\u0003\u0004 not really a zip')))).toBe('accepted');
  });
});

describe('isPdfjsException', () => {
  it('recognises pdf.js worker exceptions by name and origin only', () => {
    const fromPdfjs = Object.assign(new Error('Bad (uncompressed) XRef entry: 12R'), {
      name: 'XRefEntryException',
      stack: 'Error\n    at BaseExceptionClosure (/app/node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs:6289:29)',
    });
    expect(isPdfjsException(fromPdfjs)).toBe(true);
    expect(isPdfjsException(Object.assign(new Error('x'), { name: 'FormatError' }))).toBe(false);
    expect(isPdfjsException(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isPdfjsException(undefined)).toBe(false);
    expect(isPdfjsException('XRefEntryException')).toBe(false);
  });
});
