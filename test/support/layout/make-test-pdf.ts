import { degrees, PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts, type PDFRef } from 'pdf-lib';

export type TestFont = 'regular' | 'bold' | 'italic' | 'mono';

/** Text placed by its top-left corner, in points, the way layout reports it. */
export interface TestText {
  text: string;
  x: number;
  top: number;
  size: number;
  font?: TestFont;
}

export interface TestPage {
  texts: TestText[];
  width?: number;
  height?: number;
  /** Page /Rotate in degrees. */
  rotate?: number;
  /** A filled rectangle (top-left origin), e.g. to stand in for a figure. */
  rectangles?: Array<{ x: number; top: number; width: number; height: number }>;
}

export interface TestOutlineEntry {
  title: string;
  /** 1-based page. */
  page: number;
  /** PDF user-space y (bottom-left origin) of an XYZ destination; omitted for /Fit. */
  top?: number;
  children?: TestOutlineEntry[];
}

const fontNames: Record<TestFont, StandardFonts> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
  mono: StandardFonts.Courier,
};

/** Builds a PDF with pdf-lib from text placed in top-left coordinates. */
export async function makeTestPdf(
  pages: TestPage[],
  options: { outline?: TestOutlineEntry[]; pageLabels?: Array<{ startIndex: number; style: 'D' | 'r' | 'R' | 'a' | 'A'; prefix?: string }> } = {},
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const fonts = Object.fromEntries(
    await Promise.all(Object.entries(fontNames).map(async ([key, name]) => [key, await document.embedFont(name)] as const)),
  ) as Record<TestFont, Awaited<ReturnType<PDFDocument['embedFont']>>>;
  for (const spec of pages) {
    const width = spec.width ?? 612;
    const height = spec.height ?? 792;
    const page = document.addPage([width, height]);
    for (const box of spec.rectangles ?? []) page.drawRectangle({ x: box.x, y: height - box.top - box.height, width: box.width, height: box.height });
    // pdf-lib places text by its baseline; Helvetica's ascent is about 0.72 em.
    for (const item of spec.texts) {
      page.drawText(item.text, { x: item.x, y: height - item.top - item.size * 0.72, size: item.size, font: fonts[item.font ?? 'regular'] });
    }
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
  }
  if (options.outline) addOutline(document, options.outline);
  if (options.pageLabels) {
    const nums = options.pageLabels.flatMap(label => [
      PDFNumber.of(label.startIndex),
      document.context.obj({ S: label.style, ...(label.prefix ? { P: PDFHexString.fromText(label.prefix) } : {}) }),
    ]);
    document.catalog.set(PDFName.of('PageLabels'), document.context.obj({ Nums: nums }));
  }
  return document.save();
}

/** pdf-lib has no outline API: this writes the /Outlines tree with low-level objects. */
function addOutline(document: PDFDocument, entries: TestOutlineEntry[]): void {
  const pageRefs = document.getPages().map(page => page.ref);
  const rootRef = document.context.nextRef();
  const writeLevel = (items: TestOutlineEntry[], parentRef: PDFRef): { first: PDFRef; last: PDFRef; count: number } => {
    const refs = items.map(() => document.context.nextRef());
    let count = items.length;
    items.forEach((item, index) => {
      const destination =
        item.top === undefined
          ? document.context.obj([pageRefs[item.page - 1], 'Fit'])
          : document.context.obj([pageRefs[item.page - 1], 'XYZ', 0, item.top, null]);
      const dictionary = document.context.obj({ Title: PDFHexString.fromText(item.title), Parent: parentRef, Dest: destination });
      if (index > 0) dictionary.set(PDFName.of('Prev'), refs[index - 1]);
      if (index < refs.length - 1) dictionary.set(PDFName.of('Next'), refs[index + 1]);
      if (item.children?.length) {
        const children = writeLevel(item.children, refs[index]);
        dictionary.set(PDFName.of('First'), children.first);
        dictionary.set(PDFName.of('Last'), children.last);
        dictionary.set(PDFName.of('Count'), PDFNumber.of(children.count));
        count += children.count;
      }
      document.context.assign(refs[index], dictionary);
    });
    return { first: refs[0], last: refs[refs.length - 1], count };
  };
  const top = writeLevel(entries, rootRef);
  document.context.assign(rootRef, document.context.obj({ Type: 'Outlines', First: top.first, Last: top.last, Count: top.count }));
  document.catalog.set(PDFName.of('Outlines'), rootRef);
}

/**
 * Writes a PDF by hand from numbered object bodies (object 1 must be the catalog), with a correct
 * xref table and `trailerExtra` added to the trailer dictionary.
 */
export function makeRawPdf(objects: string[], trailerExtra = ''): Uint8Array {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
