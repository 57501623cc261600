// Plain JavaScript, run by the entry points (bin/folio.js, bin/run-ts.js, the parse worker entry)
// before they register tsx. Loads pdf.js (~3 MB of JavaScript) ahead of the TypeScript modules, which
// then get the same instance from the module cache:
// - tsx turns on source maps when it registers, and Node then reads and keeps pdf.js's own .map files
//   (tens of MB in the thread that loads it); loaded before, they are never read. Through tsx's
//   loader hooks pdf.js also loads much more slowly.
// - pdf.js's bundled core-js replaces Array.prototype.push and JSON.parse/stringify with slower
//   JavaScript versions; native-builtins.js keeps the engine's own (imported first) and puts them back.
// - The native JPEG decoder must exist before pdf.js's worker module is evaluated (native-jpeg-decoder.js).
import { restoreNativeBuiltins } from './native-builtins.js';

/** Loads the native JPEG decoder and pdf.js (display and worker modules) with the engine's builtins kept. */
export async function preloadPdfjs() {
  await import('./native-jpeg-decoder.js');
  await import('pdfjs-dist/legacy/build/pdf.mjs');
  await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  restoreNativeBuiltins();
}
