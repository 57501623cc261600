/**
 * Stable codes for every failure a user or operator can see. Adapters turn a FolioError into a plain
 * reply using `userMessage`; logs get `message` and `code`.
 */
export type FolioErrorCode =
  | 'config_invalid'
  /** The store holds data of an older Folio: `folio reindex` rebuilds it. */
  | 'data_format_outdated'
  | 'file_too_large'
  | 'file_empty'
  | 'file_not_found'
  | 'file_unsupported'
  | 'file_mislabeled'
  | 'pdf_unreadable'
  | 'pdf_encrypted'
  | 'pdf_no_pages'
  | 'document_no_text'
  | 'conversion_failed'
  | 'conversion_timeout'
  | 'converter_missing'
  | 'docling_failed'
  | 'document_not_found'
  | 'space_invalid'
  | 'input_invalid'
  | 'question_empty'
  | 'question_too_long'
  | 'rate_limited'
  | 'store_unavailable'
  | 'storage_full'
  | 'queue_unavailable'
  | 'model_unavailable'
  | 'model_quota'
  | 'model_rejected'
  | 'model_output_invalid'
  | 'download_refused'
  | 'download_failed'
  | 'permission_missing'
  | 'unauthorized'
  | 'internal';

export class FolioError extends Error {
  readonly code: FolioErrorCode;
  /** Shown in chat: plain words, says what to do next, no ids or vendor text. */
  readonly userMessage: string;
  /** True when trying the same thing again later may succeed (timeouts, 429, 5xx). */
  readonly retryable: boolean;

  constructor(init: {
    code: FolioErrorCode;
    message: string;
    userMessage: string;
    retryable?: boolean;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'FolioError';
    this.code = init.code;
    this.userMessage = init.userMessage;
    this.retryable = init.retryable ?? false;
  }

  static isInstance(value: unknown): value is FolioError {
    return value instanceof FolioError;
  }
}

/** Wraps anything thrown into a FolioError so edges handle one type. */
export function asFolioError(error: unknown): FolioError {
  if (error instanceof FolioError) return error;
  const storageFull = storageFullError(error);
  if (storageFull) return storageFull;
  return new FolioError({
    code: 'internal',
    message: error instanceof Error ? error.message : String(error),
    userMessage: 'Something went wrong on our side while reading that file. Please try again in a minute.',
    cause: error,
  });
}

/** What the OS (ENOSPC, EDQUOT) and SQLite (SQLITE_FULL) say when the disk is full. */
const storageFullCodes = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/**
 * `storage_full` for an error of a full disk under the data dir (also when it is the cause of another
 * error), else undefined. Not retryable: only an administrator freeing space helps.
 */
export function storageFullError(error: unknown): FolioError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && storageFullCodes.has(code)) {
      return new FolioError({
        code: 'storage_full',
        message: `storage full (${code}): ${current instanceof Error ? current.message : String(current)}`,
        userMessage: "Folio's storage is full, so nothing new can be saved right now. An administrator needs to free disk space; then share the file again.",
        cause: error,
      });
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
