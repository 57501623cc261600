// Plain JavaScript, not TypeScript: the entry points run it before they register tsx
// (preload-pdfjs.js), and it must have run before pdf.js is evaluated. Two things cannot wait until
// the speed layer (pdfjs-speed-layer.ts) is installed in a thread that parses:
// - pdf.js's legacy build bundles core-js, which replaces Array.prototype.push, JSON.parse and
//   JSON.stringify with JavaScript versions as pdf.js loads, for the whole process (JSON.stringify is
//   then ~20x slower, for every API reply too). Only a reference taken before that is the engine's own.
//   `pdfjsLoaded()` puts them back in every thread, switch or no switch: that undoes pdf.js's side
//   effect on the rest of the process, patches nothing in pdf.js and holds for any pdf.js version.
// - pdf.js's worker module asks once, while it is evaluated, whether an `ImageDecoder` exists, and
//   never hands a JPEG to one otherwise. For the pdf.js version the layer was written for, an
//   `ImageDecoder` is visible only while pdf.js loads (`pdfjsLoaded()` removes it again). pdf.js then
//   uses one only for documents opened with `isImageDecoderSupported`, which only the layer sets, after
//   it has installed the real decoder (native-jpeg-decoder.js).
import { createRequire } from 'node:module';

/** The pdfjs-dist version the speed layer was written for and checked against. */
export const speedLayerPdfjsVersion = '5.6.205';

/** The pdfjs-dist version installed next to Folio (its package.json). */
export const installedPdfjsVersion = createRequire(import.meta.url)('pdfjs-dist/package.json').version;

const engineArrayPush = Array.prototype.push;
const engineJsonParse = JSON.parse;
const engineJsonStringify = JSON.stringify;

/** Puts the engine's own push/JSON functions back where pdf.js's core-js replaced them. */
export function restoreEngineBuiltins() {
  if (Array.prototype.push !== engineArrayPush) Array.prototype.push = engineArrayPush;
  if (JSON.parse !== engineJsonParse) JSON.parse = engineJsonParse;
  if (JSON.stringify !== engineJsonStringify) JSON.stringify = engineJsonStringify;
}

/** Never constructed: pdf.js only checks that the name exists while its worker module loads. */
class ImageDecoderWhilePdfjsLoads {}

if (installedPdfjsVersion === speedLayerPdfjsVersion && typeof globalThis.ImageDecoder === 'undefined') {
  globalThis.ImageDecoder = ImageDecoderWhilePdfjsLoads;
}

/**
 * Call once pdf.js's display and worker modules have been evaluated: the engine's builtins go back and
 * the stand-in ImageDecoder goes away. Later calls restore the builtins again (a module that loads
 * pdf.js's worker late replaces them once more) and do nothing else.
 */
export function pdfjsLoaded() {
  restoreEngineBuiltins();
  if (globalThis.ImageDecoder === ImageDecoderWhilePdfjsLoads) delete globalThis.ImageDecoder;
}
