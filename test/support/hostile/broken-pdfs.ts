import { PDFDocument } from 'pdf-lib';
import { assemblePdf, pdfObjects, ref, streamObject, textContent } from './raw-pdf.ts';
import { validPdf } from './valid-pdf.ts';

// PDFs whose structure is damaged or abusive: cut off, wrong offsets, noise, empty, looping, huge
// counts, deep nesting, floods.

/** The first `fraction` of a valid PDF: a download or upload that broke off. */
export async function makeTruncatedPdf(fraction: number): Promise<Uint8Array> {
  const bytes = await validPdf();
  return bytes.slice(0, Math.floor(bytes.length * fraction));
}

/** A valid PDF whose cross-reference offsets all point to the wrong place and whose startxref is wrong too. */
export async function makeBrokenXrefPdf(): Promise<Uint8Array> {
  const text = await classicXrefText();
  const broken = text
    .replace(
      /^(\d{10}) (\d{5}) n/gm,
      (_, offset: string, generation: string) => `${String((Number(offset) * 7 + 13) % 99_999).padStart(10, '0')} ${generation} n`,
    )
    .replace(/startxref\s+\d+/, 'startxref\n123456');
  return new Uint8Array(Buffer.from(broken, 'latin1'));
}

/**
 * A classic-xref PDF whose cross-reference entries for the page objects all point at another object.
 * Reading the first page, pdf.js prefetches every kid of the page tree; the first fails, pdf.js
 * rebuilds the xref by scanning the file (and then reads every page), but the failed prefetches of
 * the other pages are left rejected with nobody listening: an unhandled rejection, which ends a Node
 * process by default. (Found by the PDF fuzz test.)
 */
export async function makeBrokenPageEntriesPdf(): Promise<Uint8Array> {
  const text = await classicXrefText();
  const kids = [.../\/Kids \[([^\]]+)\]/.exec(text)![1].matchAll(/(\d+) \d+ R/g)].map(match => Number(match[1]));
  const xrefStart = text.lastIndexOf('\nxref\n') + 1;
  const lines = text.slice(xrefStart).split('\n');
  // "xref", "0 N", then one line per object from 0: object k is line k + 2. Object 1's offset for all kids.
  for (const kid of kids) lines[2 + kid] = `${lines[3].slice(0, 10)}${lines[2 + kid].slice(10)}`;
  return new Uint8Array(Buffer.from(text.slice(0, xrefStart) + lines.join('\n'), 'latin1'));
}

/** The valid PDF re-saved with a classic (uncompressed) cross-reference table, as latin1 text to edit. */
async function classicXrefText(): Promise<string> {
  const document = await PDFDocument.load(await validPdf(), { updateMetadata: false });
  return Buffer.from(await document.save({ useObjectStreams: false })).toString('latin1');
}

/** "%PDF-1.7" and then nothing but noise. */
export function makeGarbageAfterHeaderPdf(random: () => number, bytes = 64 * 1024): Uint8Array {
  const data = Buffer.alloc(bytes);
  for (let index = 0; index < bytes; index += 1) data[index] = Math.floor(random() * 256);
  Buffer.from('%PDF-1.7\n').copy(data, 0);
  return new Uint8Array(data);
}

/** A PDF header and an end-of-file marker with nothing in between. */
export function makeHeaderOnlyPdf(): Uint8Array {
  return new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'));
}

/** A well-formed PDF whose page tree is empty (/Count 0). */
export function makeZeroPagePdf(): Uint8Array {
  return assemblePdf([`<< /Type /Catalog /Pages ${ref(2)} >>`, '<< /Type /Pages /Kids [] /Count 0 >>']);
}

/** `pageCount` small pages that all share one content stream: a huge page count in little space. */
export function makeManyPagePdf(pageCount: number): Uint8Array {
  const pageRefs = Array.from({ length: pageCount }, (_, index) => 5 + index);
  const objects = [
    `<< /Type /Catalog /Pages ${ref(2)} >>`,
    `<< /Type /Pages /Kids [${pageRefs.map(ref).join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    streamObject('BT /F1 12 Tf 20 100 Td (A page among thousands.) Tj ET'),
    ...pageRefs.map(() => `<< /Type /Page /Parent ${ref(2)} /MediaBox [0 0 200 200] /Resources << /Font << /F1 ${ref(3)} >> >> /Contents ${ref(4)} >>`),
  ];
  return assemblePdf(objects);
}

/** One real page, but the page tree claims a billion. */
export function makeLyingPageCountPdf(): Uint8Array {
  const { objects } = pdfObjects([{ content: textContent(['The page tree of this file lies about its size.']) }]);
  objects[1] = objects[1].replace('/Count 1', '/Count 1000000000');
  return assemblePdf(objects);
}

/** A page tree whose only kid is the tree itself. */
export function makeCircularPageTreePdf(): Uint8Array {
  return assemblePdf([`<< /Type /Catalog /Pages ${ref(2)} >>`, `<< /Type /Pages /Kids [${ref(2)}] /Count 1 >>`]);
}

/** Arrays nested `depth` deep in a page's content stream (a classic stack-overflow input for recursive parsers). */
export function makeDeeplyNestedPdf(depth: number): Uint8Array {
  const { objects } = pdfObjects([{ content: `${textContent(['1 Nesting', 'Some text before the nesting.'])}\n${'['.repeat(depth)}${']'.repeat(depth)} pop` }]);
  return assemblePdf(objects);
}

/** A page whose content stream is `operators` no-op pairs (q Q): much work for little input. */
export function makeOperatorFloodPdf(operators: number): Uint8Array {
  const { objects } = pdfObjects([
    { content: `${textContent(['1 Flood', 'A page with very many operators.'])}\n${'q Q\n'.repeat(operators)}`, compress: true },
  ]);
  return assemblePdf(objects);
}
