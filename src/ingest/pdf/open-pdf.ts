// Must stay before pdf.js: what the speed layer needs from before pdf.js runs (see the file).
import { pdfjsLoaded } from './speed/before-pdfjs-loads.js';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { FolioError } from '../../errors.ts';
import { pdfjsDocumentOptions } from './pdfjs-document-options.ts';
import { guardPdfjsRejections } from './pdfjs-rejection-guard.ts';
import { createInThreadPdfWorker } from './speed/in-thread-pdf-worker.ts';
import { installPdfjsSpeedLayer, pdfjsSpeedLayer } from './speed/pdfjs-speed-layer.ts';

guardPdfjsRejections();
// in-thread-pdf-worker.ts has loaded pdf.js's worker module by now.
pdfjsLoaded();

export type { PDFDocumentProxy };
export type PDFPageProxy = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;
export { pdfjs };

/**
 * Opens a PDF for parsing with pdf.js and turns its failures into FolioErrors a user can act on.
 * The first document a thread opens installs pdf.js's speed layer there, unless `pdfjsFast` is false
 * (FOLIO_PDFJS_FAST=off; default on): see pdfjs-speed-layer.ts.
 * `data` is copied by the caller's choice: pdf.js takes the buffer it is given over (its worker side
 * reads the document from it until the document is destroyed).
 */
export async function openPdf(data: Uint8Array, options: { name?: string; pdfjsFast?: boolean } = {}): Promise<PDFDocumentProxy> {
  installPdfjsSpeedLayer(options.pdfjsFast ?? true);
  const task = openPdfTask(data);
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    throw pdfOpenError(error, options.name ?? 'the file');
  }
}

/**
 * pdf.js's getDocument with Folio's options; installs nothing (page images use it as is). With the
 * speed layer active in this thread, the document gets an in-thread worker that hands messages over
 * without copying them (in-thread-pdf-worker.ts), else pdf.js's own. pdf.js destroys only workers it
 * created itself: ours is destroyed with the document (`pdf.destroy()` ends in `task.destroy()`).
 */
export function openPdfTask(data: Uint8Array): ReturnType<typeof pdfjs.getDocument> {
  if (!pdfjsSpeedLayer().active) return pdfjs.getDocument(pdfjsDocumentOptions(data));
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
