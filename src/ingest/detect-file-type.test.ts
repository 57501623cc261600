import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioError } from '../errors.ts';
import { writeDeckPptx, writeReportDocx } from '../../test/support/office/make-office-documents.ts';
import { detectFileType } from './detect-file-type.ts';

const maxBytes = 10 * 1024 * 1024;
let workDir: string;
let pdfBytes: Uint8Array;

async function fileWith(name: string, bytes: Uint8Array | string): Promise<string> {
  const path = join(workDir, name);
  await writeFile(path, bytes);
  return path;
}

async function detectionError(path: string, options: { declaredName?: string; maxBytes?: number } = {}): Promise<FolioError> {
  const error = await detectFileType(path, { maxBytes, ...options }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FolioError);
  return error as FolioError;
}

// The first bytes of a legacy binary Office file (OLE compound file); the rest does not matter here.
const oleHeader = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'folio-detect-'));
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText('hello');
  pdfBytes = await pdf.save();
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('detectFileType on paths that are not readable files', () => {
  it('says a missing file was not found', async () => {
    const error = await detectionError(join(workDir, 'no-such-report.pdf'));
    expect(error.code).toBe('file_not_found');
    expect(error.userMessage).toBe('no-such-report.pdf was not found. Check the path and try again.');
  });

  it('says a folder is not a file', async () => {
    const error = await detectionError(workDir, { declaredName: 'reports' });
    expect(error.code).toBe('file_not_found');
    expect(error.userMessage).toMatch(/reports is a folder/);
  });
});

describe('detectFileType accepts documents', () => {
  it('detects a PDF', async () => {
    const path = await fileWith('paper.pdf', pdfBytes);
    expect(await detectFileType(path, { maxBytes })).toEqual({
      kind: 'pdf',
      mime: 'application/pdf',
      extension: 'pdf',
      sizeBytes: pdfBytes.length,
    });
  });

  it('accepts a PDF with junk before the header, and rejects one whose header is too far in', async () => {
    const near = await fileWith('mail.pdf', Buffer.concat([randomBytes(700).map(byte => byte & 0x7f), pdfBytes]));
    expect((await detectFileType(near, { maxBytes })).kind).toBe('pdf');
    const far = await fileWith('far.pdf', Buffer.concat([Buffer.alloc(2000, 0x20), pdfBytes]));
    expect((await detectionError(far)).code).toBe('file_mislabeled');
  });

  it('detects DOCX and PPTX by content, whatever the declared name says', async () => {
    const docxPath = join(workDir, 'upload-1');
    await writeReportDocx(docxPath);
    expect(await detectFileType(docxPath, { maxBytes, declaredName: 'report.docx' })).toMatchObject({
      kind: 'office',
      extension: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const pptxPath = join(workDir, 'deck.pptx');
    await writeDeckPptx(pptxPath);
    expect(await detectFileType(pptxPath, { maxBytes })).toMatchObject({ kind: 'office', extension: 'pptx' });
    // A real PDF named .docx is still read, as the PDF it is.
    const misnamedPdf = await fileWith('actually-a-pdf.docx', pdfBytes);
    expect((await detectFileType(misnamedPdf, { maxBytes })).kind).toBe('pdf');
  });

  it('detects RTF', async () => {
    const path = await fileWith('notes.rtf', '{\\rtf1\\ansi Hello}');
    expect(await detectFileType(path, { maxBytes })).toMatchObject({ kind: 'office', extension: 'rtf', mime: 'application/rtf' });
  });

  it('tells legacy .doc, .ppt and .xls apart by the declared extension', async () => {
    const path = await fileWith('legacy.bin', oleHeader);
    expect(await detectFileType(path, { maxBytes, declaredName: 'Minutes.DOC' })).toMatchObject({
      kind: 'office',
      extension: 'doc',
      mime: 'application/msword',
    });
    expect(await detectFileType(path, { maxBytes, declaredName: 'slides.ppt' })).toMatchObject({ extension: 'ppt' });
    expect(await detectFileType(path, { maxBytes, declaredName: 'budget.xls' })).toMatchObject({ extension: 'xls', mime: 'application/vnd.ms-excel' });
    // A 97-2003 file saved under the newer extension still converts.
    expect(await detectFileType(path, { maxBytes, declaredName: 'renamed.docx' })).toMatchObject({ extension: 'doc' });
    expect(await detectFileType(path, { maxBytes, declaredName: 'renamed.xlsx' })).toMatchObject({ extension: 'xls' });
    expect((await detectionError(path, { declaredName: 'data.msi' })).code).toBe('file_unsupported');
  });
});

describe('detectFileType rejects with messages a user can act on', () => {
  it('rejects an empty file', async () => {
    const error = await detectionError(await fileWith('empty.pdf', ''));
    expect(error.code).toBe('file_empty');
    expect(error.userMessage).toContain('empty.pdf');
  });

  it('rejects a file over the limit and names the limit in MB', async () => {
    const path = await fileWith('big.pdf', Buffer.concat([pdfBytes, Buffer.alloc(3 * 1024 * 1024)]));
    const error = await detectionError(path, { maxBytes: 2 * 1024 * 1024 });
    expect(error.code).toBe('file_too_large');
    expect(error.userMessage).toContain('limit is 2 MB');
  });

  it('says what a renamed image really is', async () => {
    const png = createCanvas(8, 8).toBuffer('image/png');
    const error = await detectionError(await fileWith('upload.tmp', png), { declaredName: 'report.pdf' });
    expect(error.code).toBe('file_mislabeled');
    expect(error.userMessage).toMatch(/^report\.pdf is actually a PNG image, not a PDF/);
  });

  it('calls random bytes named .docx damaged, not a Word document', async () => {
    // Fixed noise: truly random bytes now and then begin with another format's signature (an MP3 frame sync).
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 97 + 13) % 251));
    const error = await detectionError(await fileWith('corrupt.docx', noise));
    expect(error.code).toBe('file_mislabeled');
    expect(error.userMessage).toContain('corrupt.docx does not contain a valid Word document');
  });

  it('says legacy binary Office content under a .pdf name is mislabeled', async () => {
    const error = await detectionError(await fileWith('scan.pdf', oleHeader));
    expect(error.code).toBe('file_mislabeled');
  });

  it('lists the supported types for anything else', async () => {
    const error = await detectionError(await fileWith('notes.txt', 'just some text\n'));
    expect(error.code).toBe('file_unsupported');
    expect(error.userMessage).toContain('PDF, PPTX, PPT, DOCX, DOC, ODT, ODP, XLSX, XLS, ODS and RTF');
    const image = await detectionError(await fileWith('photo.jpg', createCanvas(4, 4).toBuffer('image/jpeg')));
    expect(image.code).toBe('file_unsupported');
    expect(image.userMessage).toContain('photo.jpg is a JPG image');
  });
});
