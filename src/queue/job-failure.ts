import { asFolioError } from '../errors.ts';
import type { IngestOutcome } from '../ingest/ingest-files.ts';
import type { IngestEvent } from '../ingest/types.ts';
import type { IngestJob, IngestJobHandler } from './types.ts';

/** What one run of a job handler produced: an outcome (ready or failed), or something it threw. */
export type HandlerResult = { outcome: IngestOutcome } | { thrown: unknown };

/** Why a run failed: `message` is the user-facing text; `retryable` decides whether the queue runs it again. */
export interface JobFailure {
  code: string;
  message: string;
  retryable: boolean;
}

export async function runHandler(handler: IngestJobHandler, job: IngestJob, report: (event: IngestEvent) => void, signal: AbortSignal): Promise<HandlerResult> {
  try {
    return { outcome: await handler(job, report, signal) };
  } catch (thrown) {
    return { thrown };
  }
}

/**
 * Undefined when the run succeeded. `ingestFiles` catches its own errors and returns a failed outcome
 * (with `error.retryable`), so a failure arrives either way and both count the same.
 */
export function failureOf(result: HandlerResult): JobFailure | undefined {
  if ('thrown' in result) {
    const error = asFolioError(result.thrown);
    return { code: error.code, message: error.userMessage, retryable: error.retryable };
  }
  const { outcome } = result;
  if (outcome.status !== 'failed') return undefined;
  return {
    code: outcome.error?.code ?? 'internal',
    message: outcome.error?.message ?? 'Something went wrong on our side while reading that file. Please try again in a minute.',
    retryable: outcome.error?.retryable ?? false,
  };
}

/** The outcome reported when a job is done for good: the handler's own, or a failed one for what it threw. */
export function finalOutcome(job: IngestJob, result: HandlerResult): IngestOutcome {
  if ('outcome' in result) return result.outcome;
  return failedOutcome(job, failureOf(result)!);
}

export function failedOutcome(job: IngestJob, failure: Pick<JobFailure, 'code' | 'message'>): IngestOutcome {
  return { documentId: job.documentId, name: job.name, pages: 0, status: 'failed', duplicate: false, error: { code: failure.code, message: failure.message } };
}
