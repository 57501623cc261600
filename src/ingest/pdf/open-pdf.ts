import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
// Must stay before pdf.js: it keeps the engine's Array.prototype.push before core-js replaces it.
import { restoreNativeBuiltins } from './native-builtins.ts';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { FolioError } from '../../errors.ts';

export type { PDFDocumentProxy };
export type PDFPageProxy = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;
export { pdfjs };

// pdf.js needs its standard fonts and CMaps to measure text in PDFs that do not embed them; they ship
// inside the npm package, so nothing is fetched at run time.
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = pathToFileURL(join(pdfjsRoot, 'standard_fonts') + '/').href;
const cMapUrl = pathToFileURL(join(pdfjsRoot, 'cmaps') + '/').href;

/**
 * Opens a PDF with pdf.js and turns its failures into FolioErrors a user can act on.
 * `data` is copied by the caller's choice: pdf.js takes ownership of (detaches) the buffer it is given.
 */
export async function openPdf(data: Uint8Array, options: { name?: string } = {}): Promise<PDFDocumentProxy> {
  const task = pdfjs.getDocument({
    data,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const pdfDocument = await task.promise;
    // The first getDocument loads pdf.js's worker module, whose core-js replaces push once more.
    restoreNativeBuiltins();
    return pdfDocument;
  } catch (error) {
    await task.destroy().catch(() => {});
    throw pdfOpenError(error, options.name ?? 'the file');
  }
}

function pdfOpenError(error: unknown, name: string): FolioError {
  const errorName = (error as { name?: string } | null)?.name;
  if (errorName === 'PasswordException') {
    return new FolioError({
      code: 'pdf_encrypted',
      message: `password-protected PDF: ${name}`,
      userMessage: `${name} is password-protected. Remove the password (or export an unprotected copy) and share it again.`,
      cause: error,
    });
  }
  return new FolioError({
    code: 'pdf_unreadable',
    message: `pdf.js could not open ${name}: ${(error as Error)?.message ?? String(error)}`,
    userMessage: `${name} could not be read as a PDF: it looks damaged or incomplete. Re-export or re-download it and share it again.`,
    cause: error,
  });
}
