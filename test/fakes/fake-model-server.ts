import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { text as readText } from 'node:stream/consumers';

/**
 * What a fake model server answers to one call. Shared by the fake Gemini and OpenAI-compatible
 * servers, which render it in their own wire format.
 */
export type FakeModelReply =
  | {
      kind: 'text';
      text: string;
      /** Characters per streamed chunk (default 8). */
      chunkSize?: number;
      /** Streaming: close the connection after this many chunks (a stream that breaks off). */
      breakAfterChunks?: number;
      /** Gemini: a thought part sent before the answer (must not reach the answer). */
      thoughts?: string;
      finishReason?: 'stop' | 'length';
      inputTokens?: number;
      outputTokens?: number;
      /** Wait this long before answering. */
      delayMs?: number;
      /** Streaming: wait this long after the first chunk (a server still reading the prompt; llama-server sends its role chunk first). */
      stallAfterFirstChunkMs?: number;
    }
  | FakeFailureReply;

export type FakeFailureReply =
  | {
      kind: 'error';
      status: number;
      message?: string;
      /** Sent as the Retry-After header (seconds or an HTTP date). */
      retryAfter?: string;
      /** Gemini: a google.rpc.RetryInfo detail such as "2s". */
      retryDelay?: string;
      /** OpenAI: error.code, e.g. "insufficient_quota". */
      code?: string;
    }
  /** Accepts the request and never answers (until the client gives up or the server closes). */
  | { kind: 'hang' }
  /** Closes the connection without an answer. */
  | { kind: 'drop' };

/** Builders for scripted replies. */
export const fakeReply = {
  text: (text: string, options: Omit<Extract<FakeModelReply, { kind: 'text' }>, 'kind' | 'text'> = {}): FakeModelReply => ({ kind: 'text', text, ...options }),
  json: (value: unknown): FakeModelReply => ({ kind: 'text', text: JSON.stringify(value) }),
  fencedJson: (value: unknown): FakeModelReply => ({
    kind: 'text',
    text: `Here is the JSON you asked for:\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\nLet me know if you need more.`,
  }),
  error: (status: number, options: Omit<Extract<FakeFailureReply, { kind: 'error' }>, 'kind' | 'status'> = {}): FakeFailureReply => ({
    kind: 'error',
    status,
    ...options,
  }),
  hang: (): FakeFailureReply => ({ kind: 'hang' }),
  drop: (): FakeFailureReply => ({ kind: 'drop' }),
};

export interface RecordedHttpRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (undefined when empty). */
  body: any;
  /** Date.now() when the request arrived. */
  receivedAt: number;
}

export interface FakeHttpServer {
  url: string;
  requests: RecordedHttpRequest[];
  close(): Promise<void>;
}

/**
 * A node:http server on 127.0.0.1, port 0, that records every request and hands it to `handle`.
 * `close()` also ends hanging requests and open streams.
 */
export async function startFakeHttpServer(handle: (request: RecordedHttpRequest, response: ServerResponse) => Promise<void> | void): Promise<FakeHttpServer> {
  const requests: RecordedHttpRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://fake');
    const raw = await readText(incoming);
    const request: RecordedHttpRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: raw ? JSON.parse(raw) : undefined,
      receivedAt: Date.now(),
    };
    requests.push(request);
    try {
      await handle(request, response);
    } catch (error) {
      if (!response.headersSent) sendJson(response, 500, { error: { message: `fake server error: ${String(error)}` } });
      else response.destroy();
    }
  });
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(body));
}

/** Handles `hang` and `drop`; true when it did (the caller sends nothing more). */
export function answeredWithoutReply(reply: FakeModelReply, response: ServerResponse): boolean {
  if (reply.kind === 'hang') return true;
  if (reply.kind === 'drop') {
    response.socket?.destroy();
    return true;
  }
  return false;
}

/** Splits streamed text into chunks of `size` characters (at least one chunk, possibly empty). */
export function chunksOf(text: string, size = 8): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks.length > 0 ? chunks : [''];
}

/** A rough token count (four characters a token), for usage fields. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/**
 * A queue of scripted replies, consumed in order; when it is empty, `fallback` answers. Lets a test
 * script "429, then success" while a default reply function serves everything else.
 */
export class ReplyQueue<Call, Reply> {
  private readonly queue: Reply[] = [];

  constructor(public fallback: (call: Call) => Reply | Promise<Reply>) {}

  push(...replies: Reply[]): void {
    this.queue.push(...replies);
  }

  get pending(): number {
    return this.queue.length;
  }

  clear(): void {
    this.queue.length = 0;
  }

  async next(call: Call): Promise<Reply> {
    return this.queue.length > 0 ? this.queue.shift()! : this.fallback(call);
  }
}
