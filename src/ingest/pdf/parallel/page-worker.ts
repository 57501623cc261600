import { parentPort, workerData } from 'node:worker_threads';
import { openPdf, type PDFDocumentProxy } from '../open-pdf.ts';
import { readPdfPage } from './read-pdf-page.ts';
import { serializeError, type FromPageWorker, type PageWorkerInput, type ToPageWorker } from './worker-messages.ts';

/**
 * A parse worker: opens its own pdf.js document and reads the page ranges the main thread hands it,
 * one page at a time, posting each page's result (figure PNGs transferred, not copied) as soon as it
 * is ready. It holds at most one page in memory; the main thread decides when it gets more work.
 */
const port = parentPort!;
const input = workerData as PageWorkerInput;
const post = (message: FromPageWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let pdf: PDFDocumentProxy | undefined;
try {
  const copy = new Uint8Array(input.data.byteLength);
  copy.set(new Uint8Array(input.data));
  pdf = await openPdf(copy, { name: input.name });
  port.on('message', (message: ToPageWorker) => void readRange(pdf!, message));
  post({ type: 'idle' });
} catch (error) {
  post({ type: 'error', error: serializeError(error) });
}

async function readRange(document: PDFDocumentProxy, range: ToPageWorker): Promise<void> {
  try {
    for (let pageNumber = range.firstPage; pageNumber <= range.lastPage; pageNumber++) {
      const page = await document.getPage(pageNumber);
      try {
        const reading = await readPdfPage(page, pageNumber, { figureDpi: input.figureDpi, ocr: input.deferOcr ? 'defer' : undefined });
        if ('needsOcr' in reading) post({ type: 'page', pageNumber, needsOcr: true });
        else post({ type: 'page', pageNumber, reading }, reading.figures.map(figure => ownBuffer(figure.png)).filter(isBuffer));
      } finally {
        page.cleanup();
      }
    }
    post({ type: 'idle' });
  } catch (error) {
    post({ type: 'error', error: serializeError(error) });
  }
}

/** A PNG's buffer can be transferred only when the PNG is all of it. */
function ownBuffer(png: Uint8Array): ArrayBuffer | undefined {
  return png.byteOffset === 0 && png.byteLength === png.buffer.byteLength && png.buffer instanceof ArrayBuffer ? png.buffer : undefined;
}

function isBuffer(buffer: ArrayBuffer | undefined): buffer is ArrayBuffer {
  return buffer !== undefined;
}
