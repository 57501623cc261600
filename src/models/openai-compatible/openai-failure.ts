import { APIConnectionError, APIError } from 'openai';
import { isNetworkError, looksLikeQuotaExhausted, parseRetryAfter, type AttemptFailure } from '../model-failure.ts';

/** Reads a failure of the openai SDK for ModelCallPolicy. */
export function describeOpenAIFailure(error: unknown): AttemptFailure {
  if (error instanceof APIConnectionError) return { network: true, detail: error.message };
  if (error instanceof APIError) {
    if (error.status === undefined) {
      // An `error` event inside a stream (vLLM, Ollama): the server failed mid-answer.
      return { network: true, detail: error.message };
    }
    // OpenAI itself sends retry-after-ms next to the standard header; local servers send neither.
    const retryAfterMs = parseMilliseconds(error.headers?.get('retry-after-ms')) ?? parseRetryAfter(error.headers?.get('retry-after'));
    const quotaExhausted = error.code === 'insufficient_quota' || (error.status === 429 && looksLikeQuotaExhausted(error.message));
    return { status: error.status, retryAfterMs, quotaExhausted, detail: error.message };
  }
  if (isNetworkError(error)) return { network: true, detail: (error as Error).message };
  return { detail: error instanceof Error ? error.message : String(error) };
}

function parseMilliseconds(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Math.round(Number(value));
}
