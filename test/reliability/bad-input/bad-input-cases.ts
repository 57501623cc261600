import { expect } from 'vitest';
import type { FolioErrorCode } from '../../../src/errors.ts';
import { makeHandbookPdf } from '../../support/answer/make-handbook-pdf.ts';
import { makeEncryptedPdf } from '../../support/hostile/encrypted-pdf.ts';
import {
  makeElfExecutable,
  makeEmptyFile,
  makeHtmlWithScript,
  makeJavaScriptFile,
  makeOneByteFile,
  makeOversizedPdf,
  makePngImage,
  makeRandomBytes,
  type HostileBytes,
} from '../../support/hostile/hostile-files.ts';
import { makeSimpleDocx, makeSimplePptx, makeXmlBombDocx, makeZipBombDocx, makeZipBombPptx } from '../../support/hostile/hostile-office.ts';
import {
  makeBrokenPageEntriesPdf,
  makeBrokenXrefPdf,
  makeCircularPageTreePdf,
  makeDeeplyNestedPdf,
  makeGarbageAfterHeaderPdf,
  makeHeaderOnlyPdf,
  makeLyingPageCountPdf,
  makeManyPagePdf,
  makeOperatorFloodPdf,
  makeTruncatedPdf,
  makeZeroPagePdf,
} from '../../support/hostile/broken-pdfs.ts';
import {
  hugePageText,
  makeDeepOutlinePdf,
  makeEmbeddedFilePdf,
  makeHugeImagePagePdf,
  makeImageOnlyPdf,
  makeJavaScriptPdf,
  makeNoUnicodeFontPdf,
  makePromptInjectionPdf,
  makeRareEncodingPdf,
  rareEncodingText,
} from '../../support/hostile/hostile-pdfs.ts';
import { validPdf } from '../../support/hostile/valid-pdf.ts';
import { seededRandom } from '../../support/hostile/seeded-random.ts';
import { writeZip } from '../../support/hostile/zip-writer.ts';
import type { CorpusService } from './support/corpus-service.ts';

/**
 * The services the corpus runs against. Every one is the real service path (createFolio, its
 * store, queue and workers) with the handbook ingested first into the same space:
 * - `default`: the shipped defaults (OCR on, FOLIO_MAX_PAGES 5000, FOLIO_MAX_FILE_MB 100);
 * - `strict`: a small page limit (50) and OCR off, to show both limits at work;
 * - `hanging-converter`: a "LibreOffice" that never finishes, a 2 s conversion timeout, and the
 *   queue's retry policy shortened from 5 s/10 s/20 s to two attempts 200 ms apart.
 */
export type ServiceProfile = 'default' | 'strict' | 'hanging-converter';

/** What the user must end up with. */
export type Expectation =
  /** A FolioError with this code whose userMessage matches. */
  | { outcome: 'refused'; code: FolioErrorCode; message: RegExp }
  /** A ready document; `check` looks at what was read. */
  | { outcome: 'read'; pages: number; check?: (context: ReadContext) => Promise<void> };

export interface ReadContext {
  service: CorpusService;
  documentId: string;
  /** The top hits (page and text) of a search restricted to this document, best first. */
  search(query: string): Promise<Array<{ page: number; text: string }>>;
}

export interface BadInputCase {
  id: string;
  /** What the file is, for the report table. */
  what: string;
  /** The file name it is shared under. */
  name: string;
  make: () => HostileBytes | Promise<HostileBytes>;
  expect: Expectation;
  /** Wall time allowed from sharing to the final state (default 15 s). */
  maxMs?: number;
  service?: ServiceProfile;
  /** Cases that run LibreOffice: skipped with a reason where it is missing, but failing under CI=true. */
  needsLibreOffice?: boolean;
}

const refused = (code: FolioErrorCode, message: RegExp): Expectation => ({ outcome: 'refused', code, message });
const read = (pages: number, check?: (context: ReadContext) => Promise<void>): Expectation => ({ outcome: 'read', pages, check });
/** Searching the document for `query` finds `text` on `page` among the top hits. */
const finds = (query: string, page: number, text: string) => async (context: ReadContext) => {
  const hits = await context.search(query);
  expect(hits, `search for ${JSON.stringify(query)}`).toContainEqual({ page, text: expect.stringContaining(text) });
};

const damagedPdf = /could not be read as a PDF: it looks damaged or incomplete\. Re-export or re-download it and share it again\./;
const gigabyte = 1024 * 1024 * 1024;

/** One line per case; adding a hostile file is adding a line. */
export const badInputCases: BadInputCase[] = [
  // Broken PDFs
  {
    id: 'pdf-truncated-half',
    what: 'PDF cut off at 50% (broken download)',
    name: 'handbook-half.pdf',
    make: () => makeTruncatedPdf(0.5),
    expect: refused('pdf_unreadable', damagedPdf),
  },
  {
    id: 'pdf-truncated-tail',
    what: 'PDF missing its last 5% (xref and trailer gone)',
    name: 'handbook-tail.pdf',
    make: () => makeTruncatedPdf(0.95),
    expect: refused('pdf_unreadable', damagedPdf),
  },
  {
    id: 'pdf-broken-xref',
    what: 'PDF whose xref offsets and startxref are all wrong',
    name: 'broken-xref.pdf',
    make: makeBrokenXrefPdf,
    expect: read(3, finds('frozen goods stored', 2, 'minus twenty degrees')),
  },
  {
    id: 'pdf-garbage',
    what: '"%PDF-1.7" followed by 64 KB of random bytes',
    name: 'garbage.pdf',
    make: () => makeGarbageAfterHeaderPdf(seededRandom(8)),
    expect: refused('pdf_unreadable', damagedPdf),
  },
  {
    id: 'pdf-header-only',
    what: 'PDF header and %%EOF, nothing else',
    name: 'header-only.pdf',
    make: makeHeaderOnlyPdf,
    expect: refused('pdf_unreadable', damagedPdf),
  },
  {
    id: 'pdf-zero-pages',
    what: 'Well-formed PDF with an empty page tree',
    name: 'no-pages.pdf',
    make: makeZeroPagePdf,
    expect: refused('pdf_no_pages', /has no pages\. Check that the right file was shared, or export it again\./),
  },
  {
    id: 'pdf-circular-tree',
    what: 'Page tree that contains itself',
    name: 'loop.pdf',
    make: makeCircularPageTreePdf,
    expect: refused('pdf_unreadable', /pages are damaged and could not be read\. Re-export it/),
  },
  {
    id: 'pdf-lying-count',
    what: 'Page tree claiming 1,000,000,000 pages (1 real)',
    name: 'lying-count.pdf',
    make: makeLyingPageCountPdf,
    expect: read(1, finds('lies about its size', 1, 'page tree')),
  },
  {
    id: 'pdf-nested-arrays',
    what: 'Content stream with arrays nested 100,000 deep',
    name: 'nested.pdf',
    make: () => makeDeeplyNestedPdf(100_000),
    expect: read(1, finds('nesting', 1, 'before the nesting')),
  },
  {
    id: 'pdf-operator-flood',
    what: 'One page with 1,000,000 operators (q/Q pairs)',
    name: 'flood.pdf',
    make: () => makeOperatorFloodPdf(1_000_000),
    expect: read(1, finds('very many operators', 1, 'operators')),
    maxMs: 30_000,
  },
  // In this process the test runner absorbs the unhandled rejection; pdf-parse-fuzz.test.ts shows the crash it caused in a plain Node process.
  {
    id: 'pdf-broken-page-entries',
    what: 'Xref entries of all page objects wrong (ended the process before the fix)',
    name: 'entries.pdf',
    make: makeBrokenPageEntriesPdf,
    expect: read(3, finds('trucks southern route', 3, 'half past five')),
  },
  // Encryption and active content
  {
    id: 'pdf-encrypted',
    what: 'Encrypted PDF (RC4, user password required)',
    name: 'salaries.pdf',
    make: () => makeEncryptedPdf({ userPassword: 'secret', ownerPassword: 'owner', lines: ['Salary bands 2025'] }),
    expect: refused('pdf_encrypted', /is password-protected\. Remove the password \(or export an unprotected copy\) and share it again\./),
  },
  {
    id: 'pdf-owner-password',
    what: 'Encrypted PDF with owner password only (opens without one)',
    name: 'restricted.pdf',
    make: () => makeEncryptedPdf({ userPassword: '', ownerPassword: 'owner', lines: ['1 Restricted memo', 'Printing this memo is not allowed by its owner.'] }),
    expect: read(1, finds('printing memo', 1, 'not allowed by its owner')),
  },
  {
    id: 'pdf-javascript',
    what: 'PDF with JavaScript /OpenAction and page /AA actions',
    name: 'memo.pdf',
    make: makeJavaScriptPdf,
    expect: read(1, finds('office closes early', 1, 'Friday afternoon')),
  },
  {
    id: 'pdf-embedded-file',
    what: 'PDF with an embedded .exe (EmbeddedFiles + attachment annotation)',
    name: 'shipping.pdf',
    make: makeEmbeddedFilePdf,
    expect: read(1, finds('pallet shipped', 1, 'attached file')),
  },
  // Size and structure
  {
    id: 'pdf-10k-pages-default',
    what: '10,000-page PDF, default FOLIO_MAX_PAGES (5000)',
    name: 'ten-thousand.pdf',
    make: () => makeManyPagePdf(10_000),
    expect: refused('file_too_large', /has 10000 pages; Folio reads at most 5000 pages per document\. Split it/),
  },
  {
    id: 'pdf-10k-pages-strict',
    what: '10,000-page PDF, FOLIO_MAX_PAGES=50',
    name: 'ten-thousand.pdf',
    make: () => makeManyPagePdf(10_000),
    expect: refused('file_too_large', /has 10000 pages; Folio reads at most 50 pages per document\./),
    service: 'strict',
  },
  {
    id: 'pdf-40-pages-strict',
    what: '40 cheap pages under FOLIO_MAX_PAGES=50 (parse workers)',
    name: 'forty.pdf',
    make: () => makeManyPagePdf(40),
    expect: read(40),
    service: 'strict',
  },
  {
    id: 'pdf-huge-figure',
    what: '14400×14400 pt page, a 20000×20000 px image as a figure (1.2 GB decoded)',
    name: 'poster.pdf',
    make: () => makeHugeImagePagePdf(20_000, 'figure'),
    expect: read(1, finds('depot floor plan', 1, hugePageText)),
    maxMs: 20_000,
  },
  {
    id: 'pdf-huge-scan',
    what: '14400×14400 pt page that is one 20000×20000 px image (OCR on)',
    name: 'poster-scan.pdf',
    make: () => makeHugeImagePagePdf(20_000, 'scan'),
    expect: refused('document_no_text', /poster-scan\.pdf has no text Folio could read: its pages are empty, or images without recognisable words/),
    maxMs: 20_000,
  },
  {
    id: 'pdf-deep-outline',
    what: 'Outline (bookmarks) nested 1000 levels deep',
    name: 'deep-outline.pdf',
    make: () => makeDeepOutlinePdf(1000),
    expect: read(1, finds('bookmarks nest', 1, 'thousand levels')),
  },
  {
    id: 'pdf-oversized',
    what: '101 MB file (over FOLIO_MAX_FILE_MB=100)',
    name: 'huge.pdf',
    make: async () => makeOversizedPdf(await makeHandbookPdf('a'), 101 * 1024 * 1024),
    expect: refused('file_too_large', /huge\.pdf is 101 MB; the limit is 100 MB\. Split it or compress its images/),
  },
  // Text that is hard to read
  { id: 'pdf-no-tounicode', what: 'Type 3 font, made-up glyph names, no ToUnicode map', name: 'glyphs.pdf', make: makeNoUnicodeFontPdf, expect: read(1) },
  {
    id: 'pdf-rare-encoding',
    what: 'Text in MacRoman + /Differences to Cyrillic glyph names',
    name: 'encoding.pdf',
    make: makeRareEncodingPdf,
    expect: read(1, async context => {
      await finds('Größe Lagerhalle', 1, rareEncodingText.german)(context);
      await finds(rareEncodingText.cyrillic, 1, rareEncodingText.cyrillic)(context);
    }),
  },
  {
    id: 'pdf-image-only-ocr',
    what: 'Scanned page (image only), OCR on',
    name: 'scan.pdf',
    make: () => makeImageOnlyPdf(['Scanned delivery note', 'Pallets received forty two']),
    expect: read(1, finds('pallets received', 1, 'forty two')),
    maxMs: 30_000,
  },
  {
    id: 'pdf-image-only-no-ocr',
    what: 'Scanned page (image only), FOLIO_OCR=off',
    name: 'scan.pdf',
    make: () => makeImageOnlyPdf(['Scanned delivery note', 'Pallets received forty two']),
    expect: refused('document_no_text', /has no text Folio could read: its pages look like scans or images, and text recognition \(OCR\) is turned off/),
    service: 'strict',
  },
  {
    id: 'pdf-prompt-injection',
    what: 'PDF with "ignore previous instructions…" text (see prompt-injection test)',
    name: 'forklift-safety.pdf',
    make: makePromptInjectionPdf,
    expect: read(2, finds('forklift licence', 1, 'every 24 months')),
  },
  // Not documents at all
  {
    id: 'png-as-pdf',
    what: 'PNG image renamed .pdf',
    name: 'scan.pdf',
    make: makePngImage,
    expect: refused('file_mislabeled', /scan\.pdf is actually a PNG image, not a PDF\. Share the original document/),
  },
  {
    id: 'elf-as-pdf',
    what: 'Linux executable (ELF) renamed .pdf',
    name: 'invoice.pdf',
    make: makeElfExecutable,
    expect: refused('file_mislabeled', /invoice\.pdf is actually an ELF file, not a PDF\./),
  },
  {
    id: 'random-as-pdf',
    what: '32 KB of random bytes named .pdf',
    name: 'report.pdf',
    make: () => makeRandomBytes(31),
    expect: refused('file_mislabeled', /report\.pdf does not contain a valid PDF: it may be damaged, incomplete or renamed\./),
  },
  {
    id: 'random-bin',
    what: '32 KB of random bytes named .bin',
    name: 'data.bin',
    make: () => makeRandomBytes(32),
    expect: refused('file_unsupported', /data\.bin is not a document type Folio reads\. Folio reads PDF, PPTX/),
  },
  {
    id: 'html-script',
    what: 'HTML page with <script> and onload handlers',
    name: 'report.html',
    make: makeHtmlWithScript,
    expect: refused('file_unsupported', /report\.html is not a document type Folio reads\. Folio reads PDF/),
  },
  {
    id: 'html-as-pdf',
    what: 'HTML page with <script> renamed .pdf',
    name: 'report.pdf',
    make: makeHtmlWithScript,
    expect: refused('file_mislabeled', /report\.pdf does not contain a valid PDF/),
  },
  {
    id: 'javascript-file',
    what: 'JavaScript file',
    name: 'install.js',
    make: makeJavaScriptFile,
    expect: refused('file_unsupported', /install\.js is not a document type Folio reads/),
  },
  {
    id: 'empty-file',
    what: 'Empty file (0 bytes)',
    name: 'empty.pdf',
    make: makeEmptyFile,
    expect: refused('file_empty', /empty\.pdf is empty \(0 bytes\)\. Check that it finished uploading and share it again\./),
  },
  {
    id: 'one-byte-file',
    what: '1-byte file ("%")',
    name: 'tiny.pdf',
    make: makeOneByteFile,
    expect: refused('file_mislabeled', /tiny\.pdf does not contain a valid PDF/),
  },
  // Office files
  { id: 'pdf-as-docx', what: 'PDF renamed .docx', name: 'manual.docx', make: validPdf, expect: read(3, finds('trucks southern route', 3, 'half past five')) },
  {
    id: 'docx-as-pdf',
    what: 'DOCX renamed .pdf',
    name: 'letter.pdf',
    make: () => makeSimpleDocx('The canteen serves lunch from noon until two.'),
    expect: read(1, finds('canteen lunch', 1, 'from noon')),
    needsLibreOffice: true,
    maxMs: 60_000,
  },
  {
    id: 'zip-as-docx',
    what: 'Plain ZIP archive renamed .docx',
    name: 'minutes.docx',
    make: () => writeZip([{ name: 'notes.txt', data: 'not a document' }]),
    expect: refused('file_mislabeled', /minutes\.docx is actually a ZIP archive, not a Word document\./),
  },
  {
    id: 'docx-truncated',
    what: 'DOCX cut off at 60% (no central directory)',
    name: 'minutes.docx',
    make: async () => {
      const docx = await makeSimpleDocx();
      return docx.slice(0, Math.floor(docx.length * 0.6));
    },
    expect: refused('file_mislabeled', /minutes\.docx does not contain a valid Word document: it may be damaged, incomplete or renamed\./),
  },
  {
    id: 'docx-empty',
    what: 'DOCX with one empty paragraph',
    name: 'blank.docx',
    make: () => makeSimpleDocx(''),
    expect: refused('document_no_text', /blank\.docx has no text Folio could read/),
    needsLibreOffice: true,
    maxMs: 60_000,
  },
  {
    id: 'zip-bomb-docx',
    what: 'Zip bomb as DOCX (1 MB → 1 GB document.xml)',
    name: 'contract.docx',
    make: () => makeZipBombDocx(gigabyte),
    expect: refused(
      'file_too_large',
      /contract\.docx would unpack to 1\.0 GB from a 1 MB file, far more than a real Word document does, so Folio did not open it/,
    ),
  },
  {
    id: 'zip-bomb-pptx',
    what: 'Zip bomb as PPTX (3.6 MB → 1 GB slide)',
    name: 'deck.pptx',
    make: () => makeZipBombPptx(gigabyte),
    expect: refused('file_too_large', /deck\.pptx would unpack to 1\.0 GB from a \d MB file, far more than a real PowerPoint presentation does/),
  },
  {
    id: 'xml-bomb-docx',
    what: 'DOCX with "billion laughs" entities in document.xml',
    name: 'laughs.docx',
    make: makeXmlBombDocx,
    expect: refused('conversion_failed', /laughs\.docx could not be converted to PDF: it may be damaged/),
    needsLibreOffice: true,
    maxMs: 60_000,
  },
  {
    id: 'pptx-truncated',
    what: 'PPTX cut off at 45% (central directory lost)',
    name: 'deck.pptx',
    make: async () => (await makeSimplePptx()).slice(0, 20_000),
    expect: refused('conversion_failed', /deck\.pptx could not be converted to PDF/),
    needsLibreOffice: true,
    maxMs: 60_000,
  },
  {
    id: 'office-hangs',
    what: 'Office file on which LibreOffice hangs (fake soffice, 2 s timeout)',
    name: 'stuck.docx',
    make: () => makeSimpleDocx('This conversion never finishes.'),
    expect: refused('conversion_timeout', /Converting stuck\.docx to PDF took longer than 2 seconds and was stopped/),
    service: 'hanging-converter',
  },
];

if (new Set(badInputCases.map(testCase => testCase.id)).size !== badInputCases.length) throw new Error('bad-input case ids must be unique');
