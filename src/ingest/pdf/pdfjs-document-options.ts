import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api.js';
import { nativeJpegDecoderInstalled } from './speed/native-jpeg-decoder.js';

// pdf.js needs data files for PDFs that lean on the reader: the standard fonts (non-embedded Helvetica,
// Times, Courier, Arial, ...), the predefined CMaps of CJK fonts (UniGB-UCS2-H, UniJIS-UCS2-H, ...) and
// the wasm decoders (JPEG 2000; JBIG2 and CCITT have slower JS fallbacks). They ship inside the npm
// package, so nothing is fetched at run time. In Node, pdf.js's NodeBinaryDataFactory reads them with
// fs.readFile(base + fileName): the bases must be plain directory paths. A file:// URL *string* is a
// relative path to fs, the read fails, and pdf.js carries on quietly: text in a predefined CMap is
// dropped, standard fonts render as empty boxes, JPEG 2000 images stay blank. pdf.js requires the
// trailing "/" (fs accepts it on every platform). A PDF cannot steer these reads to other files: pdf.js
// only asks for names from its own lists of CMaps, standard font files and decoders.
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** Where this process's pdf.js reads its standard fonts, CMaps and wasm decoders (directory paths ending in "/"). */
export const pdfjsDataDirectories = {
  standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
  cMapUrl: `${join(pdfjsRoot, 'cmaps')}/`,
  wasmUrl: `${join(pdfjsRoot, 'wasm')}/`,
} as const;

/** Images with more pixels than this are not decoded (see pdfjsDocumentOptions). */
export const maxImagePixels = 50_000_000;

/**
 * The options every pdf.js document in Folio is opened with (parsing, figure crops, page images), so
 * that what the parser measures and what a user is shown come from the same fonts. ICC colour
 * profiles are left out: pdf.js only uses them when its worker fetches by URL, which it does not in Node.
 */
export function pdfjsDocumentOptions(data: Uint8Array): DocumentInitParameters {
  return {
    data,
    ...pdfjsDataDirectories,
    cMapPacked: true,
    // No eval of PDF-supplied code (PostScript functions are interpreted instead).
    isEvalSupported: false,
    // Glyphs are drawn as paths from the font data: Node has no FontFace, and system fonts would make
    // output depend on the machine.
    disableFontFace: true,
    useSystemFonts: false,
    // pdf.js decodes an image whole, at about 14 bytes per pixel at peak (RGB, RGBA, then the canvas),
    // whatever size it is drawn at: a 20000×20000 px image on one page would need over 5 GB to render
    // for OCR. Larger images are dropped (left out of the page, as if absent); 50 megapixels still
    // holds an A4 scan at 600 dpi.
    maxImageSize: maxImagePixels,
    verbosity: 0,
    // Plain RGB JPEGs go to the libjpeg-turbo decoder when the speed layer has installed it in this
    // thread (speed/native-jpeg-decoder.js). pdf.js settles this at the first JPEG a thread draws.
    isImageDecoderSupported: nativeJpegDecoderInstalled(),
  };
}
