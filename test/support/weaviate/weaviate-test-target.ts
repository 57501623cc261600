/**
 * Where the Weaviate tests run, from the environment `.ci/run` sets: WEAVIATE_URL (+ WEAVIATE_GRPC_PORT,
 * WEAVIATE_API_KEY). With CI=true a missing server is a failure, not a skip: CI must prove the store works.
 */
export type WeaviateTestTarget =
  | { state: 'ready'; url: string; grpcPort?: number; apiKey?: string }
  | { state: 'missing-in-ci'; reason: string }
  | { state: 'skip'; reason: string };

export function weaviateTestTarget(environment: Record<string, string | undefined> = process.env): WeaviateTestTarget {
  const url = environment.WEAVIATE_URL?.trim();
  if (url) {
    const grpcPort = environment.WEAVIATE_GRPC_PORT ? Number(environment.WEAVIATE_GRPC_PORT) : undefined;
    return { state: 'ready', url, grpcPort, apiKey: environment.WEAVIATE_API_KEY || undefined };
  }
  if (environment.CI === 'true' || environment.CI === '1') {
    return { state: 'missing-in-ci', reason: 'CI is set but WEAVIATE_URL is not: .ci/run must build and start weaviate-server.' };
  }
  return { state: 'skip', reason: 'WEAVIATE_URL is not set: skipping the Weaviate KnowledgeStore tests (start weaviate-server and set it to run them).' };
}

/** Waits for /v1/.well-known/ready; throws a message that says what to check when the server is down. */
export async function waitForWeaviate(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url.replace(/\/+$/, '')}/v1/.well-known/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise(resolve => setTimeout(resolve, 500));
  }
  throw new Error(`Weaviate at ${url} is not ready after ${timeoutMs} ms (${lastProblem}); is weaviate-server running?`);
}
