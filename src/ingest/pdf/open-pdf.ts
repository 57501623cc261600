// Must stay before pdf.js: it keeps the engine's Array.prototype.push before core-js replaces it.
import { restoreNativeBuiltins } from './native-builtins.js';
// Also before pdf.js: installs the JPEG decoder pdf.js looks for when its worker module loads.
import './native-jpeg-decoder.js';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { FolioError } from '../../errors.ts';
import { createInThreadPdfWorker } from './in-thread-pdf-worker.ts';
import { pdfjsDocumentOptions } from './pdfjs-document-options.ts';
import { guardPdfjsRejections } from './pdfjs-rejection-guard.ts';
import { installSyncInflate } from './sync-inflate.ts';

guardPdfjsRejections();
installSyncInflate();
// in-thread-pdf-worker.ts loads pdf.js's worker module, whose core-js replaces push once more.
restoreNativeBuiltins();

export type { PDFDocumentProxy };
export type PDFPageProxy = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;
export { pdfjs };

/**
 * Opens a PDF with pdf.js and turns its failures into FolioErrors a user can act on.
 * `data` is copied by the caller's choice: pdf.js takes the buffer it is given over (its worker side
 * reads the document from it until the document is destroyed).
 */
export async function openPdf(data: Uint8Array, options: { name?: string } = {}): Promise<PDFDocumentProxy> {
  const task = openPdfTask(data);
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    throw pdfOpenError(error, options.name ?? 'the file');
  }
}

/**
 * pdf.js's getDocument with Folio's options and an in-thread worker that hands messages over
 * without copying them (in-thread-pdf-worker.ts). pdf.js destroys only workers it created itself:
 * this one is destroyed with the document (`pdf.destroy()` ends in `task.destroy()`).
 */
export function openPdfTask(data: Uint8Array): ReturnType<typeof pdfjs.getDocument> {
  const worker = createInThreadPdfWorker();
  const task = pdfjs.getDocument({ ...pdfjsDocumentOptions(data), worker });
  const destroyTask = task.destroy.bind(task);
  task.destroy = async () => {
    try {
      await destroyTask();
    } finally {
      worker.destroy();
    }
  };
  return task;
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
