import { FolioError } from '../errors.ts';

/**
 * What a provider can tell about one failed attempt, in terms the call policy decides on. Each provider
 * has a `describe…Failure(error)` that reads its SDK's error types into this.
 */
export interface AttemptFailure {
  /** HTTP status, when the server answered. */
  status?: number;
  /** How long the server asked us to wait (Retry-After header, Gemini RetryInfo), in milliseconds. */
  retryAfterMs?: number;
  /** The server said the quota or billing is used up (not a short burst limit). */
  quotaExhausted?: boolean;
  /** No HTTP answer: connection refused or reset, DNS failure, a stream that broke off. */
  network?: boolean;
  /** The provider's own short explanation, for logs (never shown to users). */
  detail?: string;
}

export type DescribeFailure = (error: unknown) => AttemptFailure;

/** Statuses worth another attempt: the request was fine, the server was busy or broken for a moment. */
const retryableStatuses = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryable(failure: AttemptFailure & { timedOut?: boolean }): boolean {
  if (failure.timedOut || failure.network) return true;
  return failure.status !== undefined && retryableStatuses.has(failure.status);
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3); anything else is ignored. */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const dateMs = Date.parse(trimmed);
  if (Number.isNaN(dateMs)) return undefined;
  return Math.max(0, dateMs - nowMs);
}

/** Messages providers use when the quota or billing is exhausted rather than briefly exceeded. */
const quotaExhaustedPattern = /insufficient_quota|exceeded your current quota|quota (has been )?exhausted|billing/i;

export function looksLikeQuotaExhausted(text: string | undefined): boolean {
  return text !== undefined && quotaExhaustedPattern.test(text);
}

/** Errors thrown by fetch (undici) when no HTTP answer arrived or the body stream broke off. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && /fetch failed|terminated|network/i.test(error.message)) return true;
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^(ECONN|EPIPE|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR_)/.test(code);
}

export interface FinalFailure extends AttemptFailure {
  timedOut?: boolean;
  model: string;
  operation: string;
  attempts: number;
  cause: unknown;
}

/**
 * The FolioError for a call that will not be tried again. Messages name the model, status and attempt
 * count for operators; user messages say what the user (or their admin) can do.
 */
export function modelCallError(failure: FinalFailure): FolioError {
  const what = `${failure.model} ${failure.operation}`;
  const how = failure.timedOut ? 'timed out' : failure.status !== undefined ? `HTTP ${failure.status}` : failure.network ? 'network error' : 'failed';
  const detail = failure.detail ? `: ${failure.detail.slice(0, 300)}` : '';
  const message = `${what} ${how} after ${failure.attempts} attempt${failure.attempts === 1 ? '' : 's'}${detail}`;
  if (failure.status === 429 || failure.quotaExhausted) {
    return new FolioError({
      code: 'model_quota',
      message,
      userMessage: "The AI model's usage quota is used up for now. Please try again later.",
      retryable: true,
      cause: failure.cause,
    });
  }
  if (failure.status !== undefined && failure.status >= 400 && failure.status < 500 && failure.status !== 408) {
    return new FolioError({
      code: 'model_rejected',
      message,
      userMessage: 'The AI model provider rejected our request. An administrator should check the model API key and model name.',
      cause: failure.cause,
    });
  }
  return new FolioError({
    code: 'model_unavailable',
    message,
    userMessage: 'The AI model is not answering right now. Please try again in a minute.',
    retryable: true,
    cause: failure.cause,
  });
}
