import { FolioError } from '../../errors.ts';

/** Weaviate cannot be reached or timed out: worth retrying later. */
export function weaviateUnavailable(message: string, cause?: unknown): FolioError {
  return new FolioError({
    code: 'store_unavailable',
    message: `Weaviate unavailable: ${message}`,
    userMessage: 'The search index is not reachable right now. Please try again in a few minutes.',
    retryable: true,
    cause,
  });
}

/** A write to Weaviate failed part-way; the caller has already cleaned up what it wrote. */
export function weaviateWriteFailed(message: string, cause?: unknown): FolioError {
  return new FolioError({
    code: 'internal',
    message: `Weaviate write failed: ${message}`,
    userMessage: 'Indexing this document failed; the previous version (if any) is still searchable. Please try again.',
    retryable: true,
    cause,
  });
}

/** Reads of a tenant that was never written fail with this text; for Folio that is simply an empty space. */
export function isTenantNotFound(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /tenant not found|tenant .* not found|no tenant found/i.test(message);
}

/**
 * An operation on a tenant that is INACTIVE (or OFFLOADED) in a collection without autoTenantActivation:
 * Weaviate 1.39 answers "tenant not active: '<name>'".
 */
export function isTenantInactive(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /tenant not active|tenant .* is not active/i.test(message);
}

/** A query vector whose length differs from the vectors a tenant holds. */
export function isDimensionMismatch(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /vector lengths don't match|dimensions? mismatch|has a vector with length|different (vector )?length/i.test(message);
}
