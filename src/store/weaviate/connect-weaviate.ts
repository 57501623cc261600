import weaviate, { ApiKey, type WeaviateClient } from 'weaviate-client';
import { weaviateUnavailable } from './weaviate-errors.ts';

export interface WeaviateConnectionOptions {
  /** REST endpoint, e.g. http://127.0.0.1:8080 or https://weaviate.example.com. */
  url: string;
  apiKey?: string;
  /** gRPC port on the same host; Weaviate's default is 50051. */
  grpcPort?: number;
}

/** Connects the client (REST for schema and tenants, gRPC for data and queries) and checks it is ready. */
export async function connectWeaviate(options: WeaviateConnectionOptions): Promise<WeaviateClient> {
  const url = new URL(options.url);
  const secure = url.protocol === 'https:';
  const httpPort = url.port ? Number(url.port) : secure ? 443 : 80;
  const path = url.pathname.replace(/\/+$/, '');
  try {
    return await weaviate.connectToCustom({
      httpHost: url.hostname,
      httpPort,
      httpSecure: secure,
      httpPath: path || undefined,
      grpcHost: url.hostname,
      grpcPort: options.grpcPort ?? 50051,
      grpcSecure: secure,
      authCredentials: options.apiKey ? new ApiKey(options.apiKey) : undefined,
      timeout: { init: 10, query: 60, insert: 120 },
    });
  } catch (error) {
    throw weaviateUnavailable(
      `cannot connect to ${url.origin} (gRPC port ${options.grpcPort ?? 50051}): ${error instanceof Error ? error.message : String(error)}`,
      error,
    );
  }
}
