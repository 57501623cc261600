// Plain JavaScript, run by the entry points (bin/folio.js, bin/run-ts.js, the parse worker entry)
// before they register tsx. Loads pdf.js (~3 MB of JavaScript) ahead of the TypeScript modules, which
// then get the same instance from the module cache:
// - tsx turns on source maps when it registers, and Node then reads and keeps pdf.js's own .map files
//   (tens of MB in the thread that loads it); loaded before, they are never read. Through tsx's
//   loader hooks pdf.js also loads much more slowly.
// - What the speed layer needs from before pdf.js runs is noted first (speed/before-pdfjs-loads.js:
//   the engine's builtins, and an ImageDecoder pdf.js can see while it loads). Nothing is patched
//   here: the layer is installed where a document is opened for parsing (open-pdf.ts).
import { pdfjsLoaded } from './speed/before-pdfjs-loads.js';

/** Loads pdf.js (display and worker modules), after what the speed layer must note beforehand. */
export async function preloadPdfjs() {
  await import('pdfjs-dist/legacy/build/pdf.mjs');
  await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  pdfjsLoaded();
}
