import { deflateSync } from 'node:zlib';

/**
 * Writes PDFs by hand, object by object, for files pdf-lib will not make (broken, hostile or unusual
 * ones). Object bodies are latin1 strings so binary stream data passes through byte for byte.
 * Object 1 is the catalog; `ref(n)` is "n 0 R".
 */
export const ref = (objectNumber: number) => `${objectNumber} 0 R`;

/** A stream object body; `compress` deflates the data (FlateDecode). */
export function streamObject(data: string | Uint8Array, options: { dictionary?: string; compress?: boolean } = {}): string {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data);
  const body = options.compress ? deflateSync(bytes) : bytes;
  const filter = options.compress ? ' /Filter /FlateDecode' : '';
  return `<< /Length ${body.length}${filter} ${options.dictionary ?? ''} >>\nstream\n${body.toString('latin1')}\nendstream`;
}

/**
 * The PDF with these object bodies (numbered from 1), a correct cross-reference table and
 * `trailerExtra` in the trailer. `xref: 'none'` leaves the table and trailer out entirely.
 */
export function assemblePdf(objects: string[], options: { trailerExtra?: string; header?: string } = {}): Uint8Array {
  let body = `${options.header ?? '%PDF-1.7'}\n%\xe2\xe3\xcf\xd3\n`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailerExtra ?? ''} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/** Escapes a PDF literal string. */
export function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, match => `\\${match}`)})`;
}

/** A content stream that writes each line in `font` (resource name /F1) from the top of a Letter page. */
export function textContent(lines: string[], options: { size?: number; top?: number } = {}): string {
  const size = options.size ?? 12;
  let y = options.top ?? 720;
  return lines
    .map(line => {
      const operators = `BT /F1 ${size} Tf 72 ${y} Td ${pdfString(line)} Tj ET`;
      y -= size * 1.6;
      return operators;
    })
    .join('\n');
}

export interface RawPage {
  /** The content stream (operators). */
  content: string;
  /** Store the content stream deflated. */
  compress?: boolean;
  /** Extra resource entries, e.g. "/XObject << /Im1 9 0 R >>". */
  resources?: string;
  mediaBox?: [number, number];
  /** Extra page dictionary entries, e.g. "/AA << ... >>". */
  extra?: string;
}

/**
 * A catalog, a page tree and one Helvetica font (/F1), then the pages, then `extraObjects`. Returns
 * the object list (for assemblePdf) and where the extra objects start, so they can refer to each other.
 * `catalogExtra` may refer to extra objects by number: the first extra object is `firstExtra`.
 */
export function pdfObjects(
  pages: RawPage[],
  options: { catalogExtra?: (firstExtra: number) => string; extraObjects?: (firstExtra: number, pageRefs: number[]) => string[]; font?: string } = {},
): { objects: string[]; firstExtra: number; pageRefs: number[] } {
  const pageRefs = pages.map((_, index) => 4 + index * 2);
  const firstExtra = 4 + pages.length * 2;
  const objects = [
    `<< /Type /Catalog /Pages ${ref(2)} ${options.catalogExtra?.(firstExtra) ?? ''} >>`,
    `<< /Type /Pages /Kids [${pageRefs.map(ref).join(' ')}] /Count ${pages.length} >>`,
    options.font ?? '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((page, index) => {
    const [width, height] = page.mediaBox ?? [612, 792];
    objects.push(
      `<< /Type /Page /Parent ${ref(2)} /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 ${ref(3)} >> ${page.resources ?? ''} >> /Contents ${ref(pageRefs[index] + 1)} ${page.extra ?? ''} >>`,
      streamObject(page.content, { compress: page.compress }),
    );
  });
  objects.push(...(options.extraObjects?.(firstExtra, pageRefs) ?? []));
  return { objects, firstExtra, pageRefs };
}
