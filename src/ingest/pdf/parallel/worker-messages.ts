import { FolioError, type FolioErrorCode } from '../../../errors.ts';
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
      /** Pages that look scanned come back as `needsOcr` for the main thread, which owns the OCR engine. */
      deferOcr: boolean;
    }
  | { type: 'read'; jobId: number; firstPage: number; lastPage: number }
  | { type: 'close'; jobId: number };

/** Worker → main thread. 'ready' comes once, when the worker can take work. */
export type FromPageWorker =
  | { type: 'ready' }
  | { type: 'page'; jobId: number; pageNumber: number; reading: PageReading }
  | { type: 'page'; jobId: number; pageNumber: number; needsOcr: true }
  | { type: 'done'; jobId: number }
  | { type: 'error'; jobId: number; error: SerializedError };

/** Errors cross the thread boundary as plain data; FolioErrors keep their code and user message. */
export interface SerializedError {
  message: string;
  name?: string;
  folio?: { code: FolioErrorCode; userMessage: string; retryable: boolean };
}

export function serializeError(error: unknown): SerializedError {
  if (FolioError.isInstance(error)) {
    return { message: error.message, name: error.name, folio: { code: error.code, userMessage: error.userMessage, retryable: error.retryable } };
  }
  if (error instanceof Error) return { message: error.message, name: error.name };
  return { message: String(error) };
}

export function deserializeError(serialized: SerializedError): Error {
  if (serialized.folio) return new FolioError({ ...serialized.folio, message: serialized.message });
  const error = new Error(serialized.message);
  if (serialized.name) error.name = serialized.name;
  return error;
}
