/**
 * pdf.js starts some work before anyone asks for it and lets it fail unobserved: opening a PDF
 * prefetches the kids of the page tree (Catalog.getPageDict), and when one of them is a broken
 * cross-reference entry and pdf.js then falls back to its recovery mode, that prefetch's rejection
 * (an XRefEntryException) is never handled. Node's default for an unhandled rejection is to end the
 * process: one damaged PDF, shared once, would take the whole service down (found by fuzzing; see
 * test/reliability/bad-input/pdf-parse-fuzz.test.ts). The failure that matters still reaches the
 * caller through the calls it awaits (openPdf, getPage), so such a rejection is ignored here.
 * Any other unhandled rejection is rethrown, which is what Node does by default.
 */
const pdfjsExceptionNames = new Set([
  'XRefEntryException',
  'XRefParseException',
  'MissingDataException',
  'ParserEOFException',
  'FormatError',
  'UnknownErrorException',
  'InvalidPDFException',
  'PasswordException',
  'AbortException',
  'ResponseException',
]);

let installed = false;

/** Installs the process-wide listener once; pdf.js is process-wide too. */
export function guardPdfjsRejections(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', reason => {
    if (isPdfjsException(reason)) return;
    throw reason;
  });
}

/** A pdf.js worker exception: its name, and a stack that points into pdf.js (BaseException is made there). */
export function isPdfjsException(reason: unknown): boolean {
  const { name, stack } = (reason ?? {}) as { name?: unknown; stack?: unknown };
  return typeof name === 'string' && pdfjsExceptionNames.has(name) && typeof stack === 'string' && /pdfjs-dist[\\/]/.test(stack);
}
