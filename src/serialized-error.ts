import { FolioError, type FolioErrorCode } from './errors.ts';

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
