import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { MulterError } from 'multer';
import { FolioError, storageFullError, type FolioErrorCode } from '../../src/index.ts';
import type { WebMetrics } from './metrics.ts';
import { requestLog } from './request-context.ts';

/** The HTTP status that fits each failure; anything not listed is a 500. */
const statusByCode: Partial<Record<FolioErrorCode, number>> = {
  space_invalid: 400,
  input_invalid: 400,
  question_empty: 400,
  question_too_long: 400,
  file_empty: 400,
  file_not_found: 400,
  unauthorized: 401,
  permission_missing: 403,
  document_not_found: 404,
  file_too_large: 413,
  file_unsupported: 415,
  file_mislabeled: 415,
  rate_limited: 429,
  store_unavailable: 503,
  data_format_outdated: 503,
  storage_full: 507,
  queue_unavailable: 503,
  model_unavailable: 503,
  model_quota: 503,
  converter_missing: 503,
  conversion_timeout: 503,
};

export function statusForError(error: FolioError): number {
  return statusByCode[error.code] ?? 500;
}

/** The one error body of the API: `{error: {code, message}}`, message in words a user can act on. */
export function sendError(response: Response, error: FolioError, status = statusForError(error)): void {
  response.status(status).json({ error: { code: error.code, message: error.userMessage } });
}

export function inputInvalid(message: string, userMessage = message): FolioError {
  return new FolioError({ code: 'input_invalid', message, userMessage });
}

/** `/v1/...` paths that match no route: a JSON 404, like every other API answer. */
export const apiNotFound: RequestHandler = (request, response) => {
  sendError(
    response,
    inputInvalid(
      `no route ${request.method} ${request.originalUrl}`,
      `There is no ${request.method} ${request.path} in this API; /openapi.json lists what there is.`,
    ),
    404,
  );
};

/**
 * The last middleware: every failure becomes a FolioError reply with a fitting status. Errors from
 * express itself (JSON parse errors, body too large) and multer (limits) are translated here, and
 * anything unexpected is logged with its stack but answered with a plain 500.
 */
export function errorHandler(options: { metrics: WebMetrics; maxFileBytes: number }): ErrorRequestHandler {
  return (thrown, _request, response, next) => {
    if (response.headersSent) {
      // A streamed reply (SSE, a page image) broke off midway: nothing more can be said to the client.
      requestLog(response).warn({ err: thrown }, 'request failed after the reply started');
      return next(thrown);
    }
    const { error, status } = translateError(thrown, options.maxFileBytes);
    options.metrics.errors.inc({ code: error.code });
    const log = requestLog(response);
    if (status >= 500) log.error({ err: thrown, code: error.code }, 'request failed');
    else log.info({ code: error.code, status }, error.message);
    if (status === 429 && !response.getHeader('retry-after')) response.setHeader('Retry-After', '5');
    sendError(response, error, status);
  };
}

/** Anything thrown as a FolioError (for SSE `error` events and per-file upload results). */
export function folioErrorOf(thrown: unknown): FolioError {
  return translateError(thrown, 0).error;
}

/** Anything thrown as a FolioError and the HTTP status that fits it. */
export function translateError(thrown: unknown, maxFileBytes: number): { error: FolioError; status: number } {
  if (thrown instanceof FolioError) return { error: thrown, status: statusForError(thrown) };
  if (thrown instanceof MulterError) return translateMulter(thrown, maxFileBytes);
  const storageFull = storageFullError(thrown);
  if (storageFull) return { error: storageFull, status: 507 };
  if (isMalformedMultipart(thrown)) {
    return {
      error: inputInvalid(
        `malformed multipart body: ${(thrown as Error).message}`,
        'The upload could not be read as a multipart form with files (a malformed part header or a body cut short).',
      ),
      status: 400,
    };
  }
  const bodyError = thrown as { type?: string; status?: number; limit?: number } | null;
  if (bodyError?.type === 'entity.too.large') {
    return {
      error: inputInvalid(
        `request body over ${bodyError.limit} bytes`,
        `The request body is larger than ${Math.round((bodyError.limit ?? 0) / 1024)} kB, the most this endpoint accepts.`,
      ),
      status: 413,
    };
  }
  if (bodyError?.type === 'entity.parse.failed') return { error: inputInvalid('malformed JSON body', 'The request body is not valid JSON.'), status: 400 };
  if (bodyError?.type === 'encoding.unsupported' || bodyError?.type === 'charset.unsupported') {
    return { error: inputInvalid(`unsupported body encoding: ${bodyError.type}`, 'Send the body as UTF-8 JSON.'), status: 415 };
  }
  const internal = new FolioError({
    code: 'internal',
    message: thrown instanceof Error ? thrown.message : String(thrown),
    userMessage: 'Something went wrong on our side. Please try again in a minute.',
    cause: thrown,
  });
  return { error: internal, status: 500 };
}

/**
 * busboy's parse errors ("Malformed part header", "Unexpected end of form"), which multer passes on
 * as plain Errors with its `storageErrors` list attached. File system failures while storing a part
 * travel the same way but carry an errno code (ENOSPC...), and stay 500s.
 */
function isMalformedMultipart(thrown: unknown): boolean {
  return (
    thrown instanceof Error && Array.isArray((thrown as { storageErrors?: unknown }).storageErrors) && (thrown as NodeJS.ErrnoException).code === undefined
  );
}

function translateMulter(error: MulterError, maxFileBytes: number): { error: FolioError; status: number } {
  if (error.code === 'LIMIT_FILE_SIZE') {
    const limitMb = formatMegabytes(maxFileBytes);
    // multer 2 names the file (the typings lag behind).
    const filename = (error as MulterError & { filename?: string }).filename;
    const name = filename ? `${filename} is` : 'That file is';
    return {
      error: new FolioError({
        code: 'file_too_large',
        message: `upload over ${maxFileBytes} bytes`,
        userMessage: `${name} larger than ${limitMb} MB, the most Folio reads (FOLIO_MAX_FILE_MB). Split it or compress its images and upload it again.`,
      }),
      status: 413,
    };
  }
  if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_PART_COUNT' || error.code === 'LIMIT_FIELD_COUNT') {
    return { error: inputInvalid(`multer: ${error.code}`, 'Too many files or fields in one upload; send at most 20 files per request.'), status: 400 };
  }
  return { error: inputInvalid(`multer: ${error.code}: ${error.message}`, 'The upload could not be read as a multipart form with files.'), status: 400 };
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / 1024 / 1024;
  return megabytes >= 10 ? String(Math.round(megabytes)) : String(Math.round(megabytes * 100) / 100);
}
