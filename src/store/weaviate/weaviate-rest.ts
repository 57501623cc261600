import { FolioError } from '../../errors.ts';
import { weaviateUnavailable } from './weaviate-errors.ts';

/**
 * A minimal REST caller for the schema endpoints. The client's collection builder cannot express every
 * option Folio needs (ASCII folding in the text analyzer), so schema work goes through REST.
 */
export class WeaviateRest {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;

  constructor(options: { url: string; apiKey?: string; timeoutMs?: number }) {
    this.baseUrl = options.url.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Whether the server says it is ready to serve (GET /v1/.well-known/ready); false when it cannot be reached. */
  async ready(timeoutMs = 2_000): Promise<boolean> {
    try {
      const response = await fetch(`${this.baseUrl}/v1/.well-known/ready`, {
        headers: this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  }

  /** Returns the parsed JSON body, or null for 404. Any other non-2xx status throws. */
  async request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T | null> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw weaviateUnavailable(`${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`, error);
    }
    if (response.status === 404) return null;
    const text = await response.text();
    if (!response.ok) {
      throw new WeaviateRestError(response.status, `${method} ${path} → ${response.status}: ${text.slice(0, 500)}`);
    }
    return (text ? JSON.parse(text) : {}) as T;
  }
}

export class WeaviateRestError extends FolioError {
  readonly status: number;

  constructor(status: number, message: string) {
    super({
      code: 'internal',
      message,
      userMessage: 'The search index refused a request. Please try again in a minute; if it keeps failing, tell an administrator.',
      retryable: status === 429 || status >= 500,
    });
    this.status = status;
  }
}
