import { parentPort } from 'node:worker_threads';
import { openPdf, type PDFDocumentProxy } from '../open-pdf.ts';
import { liveMemoryBytes } from './live-memory.ts';
import { isSheetPrint } from '../sheet-print.ts';
import { hasFormFields } from '../form-field-runs.ts';
import { readPdfPage } from './read-pdf-page.ts';
import { serializeError } from '../../../serialized-error.ts';
import type { FromPageWorker, ToPageWorker } from './worker-messages.ts';

/**
 * A parse worker: lives across documents (see PageWorkerPool). It opens each document it is handed
 * with its own pdf.js, reads the page ranges the main thread asks for, one page at a time, posting each
 * page's result (figure PNGs transferred, not copied) as soon as it is ready, and frees a document when
 * told to. Messages are handled strictly in order, so it holds at most one page in memory and a
 * 'close' never overtakes a 'read' of the same document.
 */
const port = parentPort!;
const post = (message: FromPageWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

interface OpenDocument {
  pdf: Promise<PDFDocumentProxy>;
  figureDpi: number;
  deferOcr: boolean;
  /** Whether the document has a form, asked on its first read. */
  formFields?: Promise<boolean>;
  /** Whether the document is a printed spreadsheet, asked on its first read. */
  sheet?: Promise<boolean>;
}

const documents = new Map<number, OpenDocument>();
let queue: Promise<void> = Promise.resolve();

port.on('message', (message: ToPageWorker) => {
  queue = queue.then(() => handle(message));
});
post({ type: 'ready' });

async function handle(message: ToPageWorker): Promise<void> {
  if (message.type === 'open') {
    const copy = new Uint8Array(message.data.byteLength);
    copy.set(new Uint8Array(message.data));
    const pdf = openPdf(copy, { name: message.name, pdfjsFast: message.pdfjsFast });
    // A document that cannot be opened fails its first 'read'; this keeps the rejection handled meanwhile.
    pdf.catch(() => {});
    documents.set(message.jobId, { pdf, figureDpi: message.figureDpi, deferOcr: message.deferOcr });
  } else if (message.type === 'read') {
    await readRange(message);
  } else {
    const document = documents.get(message.jobId);
    documents.delete(message.jobId);
    const pdf = await document?.pdf.catch(() => undefined);
    await pdf?.destroy().catch(() => {});
  }
}

async function readRange(range: Extract<ToPageWorker, { type: 'read' }>): Promise<void> {
  try {
    const document = documents.get(range.jobId);
    if (!document) throw new Error(`a PDF parse worker was asked to read document ${range.jobId}, which it has not opened`);
    const pdf = await document.pdf;
    document.formFields ??= hasFormFields(pdf);
    const formFields = await document.formFields;
    document.sheet ??= isSheetPrint(pdf);
    const sheet = await document.sheet;
    for (let pageNumber = range.firstPage; pageNumber <= range.lastPage; pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      try {
        const reading = await readPdfPage(page, pageNumber, { figureDpi: document.figureDpi, ocr: document.deferOcr ? 'defer' : undefined, formFields, sheet });
        const liveBytes = liveMemoryBytes();
        if ('needsOcr' in reading) post({ type: 'page', jobId: range.jobId, pageNumber, liveBytes, needsOcr: true });
        else post({ type: 'page', jobId: range.jobId, pageNumber, liveBytes, reading }, reading.figures.map(figure => ownBuffer(figure.png)).filter(isBuffer));
      } finally {
        page.cleanup();
      }
    }
    post({ type: 'done', jobId: range.jobId });
  } catch (error) {
    post({ type: 'error', jobId: range.jobId, error: serializeError(error) });
  }
}

/** A PNG's buffer can be transferred only when the PNG is all of it. */
function ownBuffer(png: Uint8Array): ArrayBuffer | undefined {
  return png.byteOffset === 0 && png.byteLength === png.buffer.byteLength && png.buffer instanceof ArrayBuffer ? png.buffer : undefined;
}

function isBuffer(buffer: ArrayBuffer | undefined): buffer is ArrayBuffer {
  return buffer !== undefined;
}
