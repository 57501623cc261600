import { setTimeout as sleep } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Logger } from '../log.ts';
import { isRetryable, modelCallError, type AttemptFailure, type DescribeFailure } from './model-failure.ts';
import { fitPromptToBudget } from './prompt-budget.ts';
import type { GenerateRequest } from './types.ts';

export interface CallPolicySettings {
  /** Longest wait for an answer (or, while streaming, for the next chunk) before the attempt counts as timed out. */
  timeoutMs: number;
  /** Attempts after the first one. */
  maxRetries: number;
  /** Attempts in flight at once across every model sharing this policy. */
  concurrency: number;
  promptMaxChars: number;
  /** First backoff delay; it doubles per retry, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * A server asking us to wait longer than this is treated as out of quota at once: holding a chat
   * reply or an ingest job for minutes helps nobody.
   */
  maxRetryAfterMs?: number;
  log: Logger;
}

/** What one attempt gets from the policy. */
export interface AttemptContext {
  /** Aborts on the caller's signal or on this attempt's timeout. Pass it to the SDK. */
  signal: AbortSignal;
  /** Restarts the timeout: a stream that keeps sending chunks is alive however long the answer. */
  progress(): void;
  /**
   * Output has reached the caller (streamed text): a later failure is final, because another attempt
   * would send the caller the same text twice.
   */
  commit(): void;
  /** 1 for the first attempt. */
  attemptNumber: number;
}

export interface ModelCall {
  /** "provider:model", for logs and error messages. */
  model: string;
  operation: 'generate' | 'embed';
  signal?: AbortSignal;
  describeFailure: DescribeFailure;
}

/**
 * The one retry policy for model calls (the SDKs' own retries are switched off): a timeout per attempt
 * combined with the caller's signal, retries with exponential backoff and jitter on 408/429/5xx,
 * timeouts and network errors honouring Retry-After, a per-process concurrency limit, and the prompt
 * budget. Failures become FolioErrors (`model_unavailable`, `model_quota`, `model_rejected`); a call the
 * caller aborted rejects with the signal's reason.
 */
export class ModelCallPolicy {
  private readonly limit: LimitFunction;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxRetryAfterMs: number;

  constructor(readonly settings: CallPolicySettings) {
    this.limit = pLimit(settings.concurrency);
    this.baseDelayMs = settings.baseDelayMs ?? 1000;
    this.maxDelayMs = settings.maxDelayMs ?? 30_000;
    this.maxRetryAfterMs = settings.maxRetryAfterMs ?? 60_000;
  }

  /** The request trimmed to the prompt budget; a trim is logged (sizes only, never the text). */
  fitPrompt<R extends GenerateRequest>(request: R, model: string): R {
    const fitted = fitPromptToBudget(request, this.settings.promptMaxChars);
    if (fitted.cutChars > 0) {
      this.settings.log.warn(
        { model, promptChars: fitted.promptChars, maxChars: this.settings.promptMaxChars, cutChars: fitted.cutChars },
        `prompt over budget: cut ${fitted.cutChars} characters from its end`,
      );
    }
    return fitted.request as R;
  }

  async run<T>(call: ModelCall, attempt: (context: AttemptContext) => Promise<T>): Promise<T> {
    for (let attemptNumber = 1; ; attemptNumber += 1) {
      call.signal?.throwIfAborted();
      const state = { timedOut: false, committed: false };
      try {
        return await this.slot(call.signal, () => this.attemptWithTimeout(call.signal, attemptNumber, state, attempt));
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        const failure = { ...call.describeFailure(error), timedOut: state.timedOut };
        const waitMs = this.retryDelay(failure, attemptNumber);
        if (state.committed || waitMs === undefined) {
          throw modelCallError({ ...failure, model: call.model, operation: call.operation, attempts: attemptNumber, cause: error });
        }
        this.settings.log.warn(
          {
            model: call.model,
            operation: call.operation,
            attempt: attemptNumber,
            status: failure.status,
            timedOut: failure.timedOut || undefined,
            network: failure.network || undefined,
            delayMs: waitMs,
          },
          'model call failed; retrying',
        );
        await sleep(waitMs, undefined, { signal: call.signal }).catch(() => {
          throw call.signal?.reason;
        });
      }
    }
  }

  /** Milliseconds to wait before the next attempt, or undefined when this failure is final. */
  private retryDelay(failure: AttemptFailure & { timedOut: boolean }, attemptNumber: number): number | undefined {
    if (!isRetryable(failure) || attemptNumber > this.settings.maxRetries) return undefined;
    if (failure.retryAfterMs !== undefined) {
      if (failure.retryAfterMs > this.maxRetryAfterMs) return undefined;
      // A little jitter so that callers told the same Retry-After do not all return at once.
      return failure.retryAfterMs + Math.round(Math.random() * 100);
    }
    if (failure.quotaExhausted) return undefined;
    const exponential = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attemptNumber - 1));
    return Math.round(exponential / 2 + (Math.random() * exponential) / 2);
  }

  private async attemptWithTimeout<T>(
    callerSignal: AbortSignal | undefined,
    attemptNumber: number,
    state: { timedOut: boolean; committed: boolean },
    attempt: (context: AttemptContext) => Promise<T>,
  ): Promise<T> {
    const timeout = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        state.timedOut = true;
        timeout.abort(new Error(`no answer within ${this.settings.timeoutMs} ms`));
      }, this.settings.timeoutMs);
    };
    arm();
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
    try {
      return await attempt({ signal, progress: arm, commit: () => (state.committed = true), attemptNumber });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs `work` in a concurrency slot; a caller that aborts while waiting for a slot stops waiting. */
  private slot<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const queued = this.limit(() => {
      signal?.throwIfAborted();
      return work();
    });
    if (!signal) return queued;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      queued.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }
}
