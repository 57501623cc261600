/** Polls `check` every 50 ms until it holds; throws after `timeoutMs` (work after a 202 happens in the background). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}
