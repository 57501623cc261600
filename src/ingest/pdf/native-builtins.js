// Plain JavaScript, not TypeScript: the entry points load pdf.js before they register tsx
// (preload-pdfjs.js), and this must have kept the engine's functions before pdf.js runs.
/**
 * pdf.js's legacy build bundles core-js, which replaces Array.prototype.push, JSON.parse and
 * JSON.stringify with JavaScript versions (for edge cases Node 20 already gets right). pdf.js pushes
 * every operand of every content-stream operator, so its push alone is a large share of the CPU time
 * of parsing a table-heavy report, and it slows every other array in the process too. This module is
 * imported before pdf.js (preload-pdfjs.js, and open-pdf.ts for code that loads pdf.js without the
 * preload), keeps the engine's own functions, and puts them back once pdf.js and its lazily loaded
 * worker module have run.
 */
const nativeArrayPush = Array.prototype.push;
const nativeJsonParse = JSON.parse;
const nativeJsonStringify = JSON.stringify;

/** Puts the engine's own push/JSON functions back if pdf.js replaced them; cheap to call often. */
export function restoreNativeBuiltins() {
  if (Array.prototype.push !== nativeArrayPush) Array.prototype.push = nativeArrayPush;
  if (JSON.parse !== nativeJsonParse) JSON.parse = nativeJsonParse;
  if (JSON.stringify !== nativeJsonStringify) JSON.stringify = nativeJsonStringify;
}
