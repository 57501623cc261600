/**
 * Rejects with `new Error(`${what} timed out after N ms`)` when `promise` takes longer. Redis clients
 * queue commands while reconnecting, so without a bound a call to a Redis that is down waits forever.
 */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
