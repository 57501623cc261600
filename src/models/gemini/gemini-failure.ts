import { ApiError } from '@google/genai';
import { isNetworkError, looksLikeQuotaExhausted, parseRetryAfter, type AttemptFailure } from '../model-failure.ts';

/** Status and Retry-After of the last HTTP response of one attempt. */
export interface RecordedResponse {
  status: number;
  retryAfter: string | null;
}

/**
 * The SDK's ApiError keeps the status and body but drops the headers, so Retry-After would be lost.
 * This fetch (passed per call as `httpOptions.fetch`, a documented SDK option) notes it on the way.
 */
export class GeminiResponseRecorder {
  last: RecordedResponse | undefined;

  readonly fetch: typeof fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    this.last = { status: response.status, retryAfter: response.headers.get('retry-after') };
    return response;
  };

  reset(): void {
    this.last = undefined;
  }
}

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: Array<{ '@type'?: string; retryDelay?: string }> };
}

/** Reads a failure of @google/genai (ApiError, fetch errors, broken streams) for ModelCallPolicy. */
export function describeGeminiFailure(error: unknown, recorded: RecordedResponse | undefined): AttemptFailure {
  if (error instanceof ApiError) {
    const body = errorBody(error.message);
    const detail = body?.error?.message ?? error.message;
    const retryAfterMs = (recorded?.status === error.status ? parseRetryAfter(recorded.retryAfter) : undefined) ?? retryInfoDelayMs(body);
    return { status: error.status, retryAfterMs, quotaExhausted: error.status === 429 && looksLikeQuotaExhausted(detail), detail };
  }
  if (isNetworkError(error)) return { network: true, detail: (error as Error).message };
  // The SDK's SSE reader throws plain Errors when a stream ends mid-event or carries a broken chunk.
  if (error instanceof Error && /Incomplete JSON segment|exception parsing stream chunk|Response body is empty/.test(error.message)) {
    return { network: true, detail: 'the answer stream broke off' };
  }
  return { detail: error instanceof Error ? error.message : String(error) };
}

/** ApiError.message is the JSON error body (stream errors prefix it with "got status: …. "). */
function errorBody(message: string): GoogleErrorBody | undefined {
  const start = message.indexOf('{');
  if (start < 0) return undefined;
  try {
    return JSON.parse(message.slice(start)) as GoogleErrorBody;
  } catch {
    return undefined;
  }
}

/** Google APIs send their wait hint as a google.rpc.RetryInfo detail: `"retryDelay": "17s"`. */
function retryInfoDelayMs(body: GoogleErrorBody | undefined): number | undefined {
  const retryInfo = body?.error?.details?.find(detail => detail['@type']?.endsWith('google.rpc.RetryInfo'));
  const match = retryInfo?.retryDelay ? /^(\d+(?:\.\d+)?)s$/.exec(retryInfo.retryDelay) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}
