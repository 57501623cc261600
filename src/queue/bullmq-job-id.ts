/**
 * BullMQ rejects custom job ids containing ':' (unless they split into exactly three parts, its old
 * repeatable-job format), and ours are `space:sha256` with spaces like `slack:T1:C1`. So ':' is
 * written as %3A (and '%' as %25 first, keeping the mapping reversible). Deterministic: the same file
 * in the same space always maps to the same BullMQ id, which is what deduplicates it.
 */
export function toBullmqJobId(jobId: string): string {
  return jobId.replaceAll('%', '%25').replaceAll(':', '%3A');
}

export function fromBullmqJobId(bullmqJobId: string): string {
  return bullmqJobId.replaceAll('%3A', ':').replaceAll('%25', '%');
}
