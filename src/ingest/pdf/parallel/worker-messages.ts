import type { SerializedError } from '../../../serialized-error.ts';
import type { PageReading } from './read-pdf-page.ts';

/**
 * Main thread → worker. A worker lives across documents: 'open' hands it a document (by job id), 'read'
 * asks for a page range of one it has opened, 'close' lets it free one. It handles messages one at a
 * time, in order, and answers each 'read' with its pages and then 'done' (or 'error').
 */
export type ToPageWorker =
  | {
      type: 'open';
      jobId: number;
      /** The PDF bytes, shared by all workers; each copies them, since pdf.js takes ownership of its buffer. */
      data: SharedArrayBuffer;
      name: string;
      figureDpi: number;
      /** Whether the worker reads with pdf.js's speed layer; its first document decides (openPdf). */
      pdfjsFast: boolean;
      /** Pages that look scanned come back as `needsOcr` for the main thread, which owns the OCR engine. */
      deferOcr: boolean;
    }
  | { type: 'read'; jobId: number; firstPage: number; lastPage: number }
  | { type: 'close'; jobId: number };

/**
 * Worker → main thread. 'ready' comes once, when the worker can take work. Each 'page' carries
 * `liveBytes`: the worker's JavaScript heap in use plus the external memory V8 knows of (decoded
 * images, buffers), taken when the page had been read and was not yet freed.
 */
export type FromPageWorker =
  | { type: 'ready' }
  | { type: 'page'; jobId: number; pageNumber: number; liveBytes: number; reading: PageReading }
  | { type: 'page'; jobId: number; pageNumber: number; liveBytes: number; needsOcr: true }
  | { type: 'done'; jobId: number }
  | { type: 'error'; jobId: number; error: SerializedError };
