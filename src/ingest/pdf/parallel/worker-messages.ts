import { FolioError, type FolioErrorCode } from '../../../errors.ts';
import type { PageReading } from './read-pdf-page.ts';

/** What each parse worker is started with (workerData). */
export interface PageWorkerInput {
  /** The PDF bytes, shared by all workers; each copies them, since pdf.js takes ownership of its buffer. */
  data: SharedArrayBuffer;
  name: string;
  figureDpi: number;
  /** Pages that look scanned come back as `needsOcr` for the main thread, which owns the OCR engine. */
  deferOcr: boolean;
}

/** Main thread → worker. A worker reads one range at a time and asks for more with 'idle'. */
export type ToPageWorker = { type: 'read'; firstPage: number; lastPage: number };

/** Worker → main thread. */
export type FromPageWorker =
  | { type: 'idle' }
  | { type: 'page'; pageNumber: number; reading: PageReading }
  | { type: 'page'; pageNumber: number; needsOcr: true }
  | { type: 'error'; error: SerializedError };

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
