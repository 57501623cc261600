import { makeRawPdf } from '../../support/layout/make-test-pdf.ts';

/**
 * Hand-written PDFs that lean on pdf.js's data files: fonts the PDF does not embed, CMaps it only
 * names, and a JPEG 2000 image. pdf-lib cannot write non-embedded CID fonts or JPX images.
 */

export type CjkScript = 'zh' | 'ja' | 'ko';

/**
 * Non-embedded CID fonts whose /Encoding is a predefined CMap: a reader must load the CMap (and the
 * collection's CID → Unicode map) to know which characters the codes are. Names and collections are
 * those of Acrobat's Asian font packs, which is what PDF producers write for "not embedded" CJK text.
 */
const cjkFonts: Record<CjkScript, { baseFont: string; encoding: string; ordering: string; supplement: number }> = {
  zh: { baseFont: 'STSong-Light', encoding: 'UniGB-UCS2-H', ordering: 'GB1', supplement: 2 },
  ja: { baseFont: 'HeiseiMin-W3', encoding: 'UniJIS-UCS2-H', ordering: 'Japan1', supplement: 2 },
  ko: { baseFont: 'HYSMyeongJo-Medium', encoding: 'UniKS-UCS2-H', ordering: 'Korea1', supplement: 1 },
};

/** A text line placed by its baseline, in PDF user space (bottom-left origin) of a 612 × 792 page. */
export interface RawTextLine {
  text: string;
  x: number;
  baseline: number;
  size: number;
}

/** One page, one line per script, each in its own non-embedded CJK font (the UCS-2 code of every character is written). */
export function cjkPredefinedCMapPdf(lines: Array<RawTextLine & { script: CjkScript }>): Uint8Array {
  const scripts = [...new Set(lines.map(line => line.script))];
  const fontObject = (index: number) => 5 + index * 2;
  const content = lines
    .map(line => `BT /F${scripts.indexOf(line.script)} ${line.size} Tf ${line.x} ${line.baseline} Td <${ucs2Hex(line.text)}> Tj ET`)
    .join('\n');
  const fonts = scripts.flatMap((script, index) => {
    const font = cjkFonts[script];
    return [
      `<< /Type /Font /Subtype /Type0 /BaseFont /${font.baseFont} /Encoding /${font.encoding} /DescendantFonts [${fontObject(index) + 1} 0 R] >>`,
      `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${font.baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (${font.ordering}) /Supplement ${font.supplement} >> /DW 1000 /FontDescriptor << /Type /FontDescriptor /FontName /${font.baseFont} /Flags 6 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >> >>`,
    ];
  });
  const fontResources = scripts.map((_, index) => `/F${index} ${fontObject(index)} 0 R`).join(' ');
  return onePagePdf(content, `/Font << ${fontResources} >>`, fonts);
}

export type StandardFontName = 'Helvetica' | 'Times-Roman' | 'Courier';

/**
 * One page of text in standard-14 fonts declared the minimal way (no widths, no descriptor, no font
 * file), drawn after `drawing` (raw content-stream operators, e.g. the bars of a chart).
 */
export function standardFontPdf(lines: Array<RawTextLine & { font: StandardFontName }>, options: { drawing?: string } = {}): Uint8Array {
  const names = [...new Set(lines.map(line => line.font))];
  const text = lines.map(line => `BT /F${names.indexOf(line.font)} ${line.size} Tf ${line.x} ${line.baseline} Td (${escapeLiteral(line.text)}) Tj ET`);
  const content = [options.drawing ?? '', ...text].join('\n');
  const fonts = names.map(name => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`);
  const fontResources = names.map((_, index) => `/F${index} ${5 + index} 0 R`).join(' ');
  return onePagePdf(content, `/Font << ${fontResources} >>`, fonts);
}

/**
 * A 32 × 32 grey JPEG 2000 codestream (reversible 5/3 wavelet, made with OpenJPEG 2.5): the left
 * half black, the right half white. pdf.js decodes JPXDecode only with its openjpeg wasm module.
 */
const halfBlackJ2k = Buffer.from(
  '/0//UQApAAAAAAAgAAAAIAAAAAAAAAAAAAAAIAAAACAAAAAAAAAAAAABBwEB/1IADAAAAAEABQQEAAH/XAATQEBISFBISFBISFBISFBISFD/ZAAlAAFDcmVhdGVkIGJ5IE9wZW5KUEVHIHZlcnNpb24gMi41LjT/kAAKAAAAAABIAAH/k8+0CAbHz8AIAXfH2goACBWtDW/PwCAXLHOCYLBK28/AQCFuDRi+ekhK5wEPcLnaHD/H2goANfI/qr3/2Q==',
  'base64',
);

/** A page with the half-black JPEG 2000 image drawn into `box` (PDF user space, bottom-left origin). */
export function jpeg2000ImagePdf(box: { x: number; y: number; width: number; height: number }): Uint8Array {
  const content = `q ${box.width} 0 0 ${box.height} ${box.x} ${box.y} cm /Im0 Do Q`;
  const image = `<< /Type /XObject /Subtype /Image /Width 32 /Height 32 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /JPXDecode /Length ${halfBlackJ2k.length} >>\nstream\n${halfBlackJ2k.toString('latin1')}\nendstream`;
  return onePagePdf(content, '/XObject << /Im0 5 0 R >>', [image]);
}

/** Objects 1–4 are catalog, pages, page and content stream; `extraObjects` follow from object 5. */
function onePagePdf(content: string, resources: string, extraObjects: string[]): Uint8Array {
  return makeRawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${resources} >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    ...extraObjects,
  ]);
}

/** UCS-2 big-endian hex of text in the Basic Multilingual Plane (every CJK character used here is). */
function ucs2Hex(text: string): string {
  return [...text]
    .map(character => {
      const codePoint = character.codePointAt(0)!;
      if (codePoint > 0xffff) throw new Error(`not a UCS-2 character: ${character}`);
      return codePoint.toString(16).padStart(4, '0');
    })
    .join('');
}

function escapeLiteral(text: string): string {
  return text.replace(/[\\()]/g, match => `\\${match}`);
}
