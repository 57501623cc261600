import type { ServerResponse } from 'node:http';
import { FakeEmbeddingModel } from './fake-embedding-model.ts';
import {
  answeredWithoutReply,
  chunksOf,
  estimateTokens,
  pause,
  ReplyQueue,
  sendJson,
  startFakeHttpServer,
  type FakeFailureReply,
  type FakeModelReply,
  type RecordedHttpRequest,
} from './fake-model-server.ts';

/** One generateContent / streamGenerateContent call as the fake saw it. */
export interface GeminiGenerateCall {
  model: string;
  stream: boolean;
  /** systemInstruction text. */
  system?: string;
  /** All user text parts, joined with blank lines. */
  text: string;
  images: Array<{ mimeType: string; data: Buffer }>;
  /** generationConfig.responseJsonSchema, when JSON was asked for. */
  jsonSchema?: unknown;
  body: any;
}

export interface GeminiEmbedCall {
  model: string;
  texts: string[];
  taskType?: string;
  outputDimensionality?: number;
  body: any;
}

export type GeminiReply = FakeModelReply | string;

/** Google's status names for the HTTP codes tests use. */
const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/**
 * A fake of the Gemini Developer API (generativelanguage.googleapis.com, v1beta) speaking its real wire
 * format, for @google/genai with `httpOptions.baseUrl`: `models/{model}:generateContent`,
 * `:streamGenerateContent?alt=sse` (SSE `data:` events), `:batchEmbedContents` (what the SDK calls
 * for several texts) and `:embedContent`.
 *
 * Generate calls take scripted replies in order (`script`), then `reply(call)` (default: a short fixed
 * text). Embeddings are deterministic hashed bag-of-words vectors of the requested size, scaled to
 * length 0.8 as truncated Gemini vectors are not unit length; `scriptEmbeddings` queues failures.
 */
export class FakeGeminiServer {
  private readonly generateReplies: ReplyQueue<GeminiGenerateCall, GeminiReply>;
  private readonly embedFailures: FakeFailureReply[] = [];

  private constructor(
    private readonly http: Awaited<ReturnType<typeof startFakeHttpServer>>,
    reply: (call: GeminiGenerateCall) => GeminiReply | Promise<GeminiReply>,
    private readonly apiKey: string | undefined,
  ) {
    this.generateReplies = new ReplyQueue(reply);
  }

  static async start(options: { reply?: (call: GeminiGenerateCall) => GeminiReply | Promise<GeminiReply>; apiKey?: string } = {}): Promise<FakeGeminiServer> {
    let server: FakeGeminiServer | undefined;
    const http = await startFakeHttpServer((request, response) => server!.handle(request, response));
    server = new FakeGeminiServer(http, options.reply ?? (() => 'This is the fake Gemini answer.'), options.apiKey);
    return server;
  }

  get url(): string {
    return this.http.url;
  }

  get requests(): RecordedHttpRequest[] {
    return this.http.requests;
  }

  /** Generate calls seen so far, in order. */
  get generateCalls(): GeminiGenerateCall[] {
    return this.requests.filter(request => /:(generateContent|streamGenerateContent)$/.test(request.path)).map(generateCallOf);
  }

  get embedCalls(): GeminiEmbedCall[] {
    return this.requests.filter(request => /:(batchEmbedContents|embedContent)$/.test(request.path)).map(embedCallOf);
  }

  /** Queues replies for the next generate calls. */
  script(...replies: GeminiReply[]): this {
    this.generateReplies.push(...replies);
    return this;
  }

  /** Replaces the default reply function. */
  set reply(reply: (call: GeminiGenerateCall) => GeminiReply | Promise<GeminiReply>) {
    this.generateReplies.fallback = reply;
  }

  /** Queues failures for the next embedding calls (then they succeed again). */
  scriptEmbeddings(...failures: FakeFailureReply[]): this {
    this.embedFailures.push(...failures);
    return this;
  }

  /** Scripted replies not used yet (a test can check that no retry consumed one). */
  get pendingReplies(): number {
    return this.generateReplies.pending;
  }

  /** Forgets recorded requests and unused scripted replies (for a server shared by several tests). */
  reset(): void {
    this.requests.length = 0;
    this.generateReplies.clear();
    this.embedFailures.length = 0;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private async handle(request: RecordedHttpRequest, response: ServerResponse): Promise<void> {
    const match = /^\/v1beta\/models\/([^:/]+):(\w+)$/.exec(request.path);
    if (request.method !== 'POST' || !match)
      return sendGoogleError(response, { kind: 'error', status: 404, message: `no fake for ${request.method} ${request.path}` });
    if (this.apiKey !== undefined && request.headers['x-goog-api-key'] !== this.apiKey) {
      // What Google answers for a wrong key: 400, not 401.
      return sendGoogleError(response, { kind: 'error', status: 400, message: 'API key not valid. Please pass a valid API key.' });
    }
    const action = match[2];
    if (action === 'generateContent' || action === 'streamGenerateContent') {
      const call = generateCallOf(request);
      const reply = normalize(await this.generateReplies.next(call));
      return this.answerGenerate(call, reply, response);
    }
    if (action === 'batchEmbedContents' || action === 'embedContent') {
      const failure = this.embedFailures.shift();
      if (failure) return answerFailure(failure, response);
      const call = embedCallOf(request);
      const vectors = call.texts.map(text => embedText(text, call.outputDimensionality ?? 3072));
      return action === 'embedContent'
        ? sendJson(response, 200, { embedding: { values: vectors[0] } })
        : sendJson(response, 200, { embeddings: vectors.map(values => ({ values })) });
    }
    sendGoogleError(response, { kind: 'error', status: 404, message: `unknown method ${action}` });
  }

  private async answerGenerate(call: GeminiGenerateCall, reply: FakeModelReply, response: ServerResponse): Promise<void> {
    if (reply.kind !== 'text') return answerFailure(reply, response);
    if (reply.delayMs) await pause(reply.delayMs);
    const inputTokens = reply.inputTokens ?? estimateTokens(`${call.system ?? ''}${call.text}`);
    const outputTokens = reply.outputTokens ?? estimateTokens(reply.text);
    const finishReason = reply.finishReason === 'length' ? 'MAX_TOKENS' : 'STOP';
    const thoughtsTokenCount = reply.thoughts ? estimateTokens(reply.thoughts) : undefined;
    const usage = (candidates: number) => ({
      promptTokenCount: inputTokens,
      candidatesTokenCount: candidates,
      thoughtsTokenCount,
      totalTokenCount: inputTokens + candidates + (thoughtsTokenCount ?? 0),
    });
    const thoughtPart = reply.thoughts ? [{ text: reply.thoughts, thought: true }] : [];
    if (!call.stream) {
      return sendJson(response, 200, {
        candidates: [{ content: { parts: [...thoughtPart, { text: reply.text }], role: 'model' }, finishReason, index: 0 }],
        usageMetadata: usage(outputTokens),
        modelVersion: call.model,
        responseId: `fake-${Date.now()}`,
      });
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunks = chunksOf(reply.text, reply.chunkSize);
    const events: unknown[] =
      thoughtPart.length > 0
        ? [{ candidates: [{ content: { parts: thoughtPart, role: 'model' }, index: 0 }], usageMetadata: usage(0), modelVersion: call.model }]
        : [];
    chunks.forEach((chunk, index) => {
      const last = index === chunks.length - 1;
      events.push({
        candidates: [{ content: { parts: [{ text: chunk }], role: 'model' }, ...(last ? { finishReason } : {}), index: 0 }],
        usageMetadata: last ? usage(outputTokens) : { promptTokenCount: inputTokens, totalTokenCount: inputTokens },
        modelVersion: call.model,
      });
    });
    for (const [index, event] of events.entries()) {
      if (reply.breakAfterChunks !== undefined && index >= reply.breakAfterChunks) {
        response.socket?.destroy();
        return;
      }
      response.write(`data: ${JSON.stringify(event)}\r\n\r\n`);
      await pause(1);
    }
    response.end();
  }
}

function normalize(reply: GeminiReply): FakeModelReply {
  return typeof reply === 'string' ? { kind: 'text', text: reply } : reply;
}

function answerFailure(reply: FakeFailureReply, response: ServerResponse): void {
  if (answeredWithoutReply(reply, response)) return;
  sendGoogleError(response, reply as Extract<FakeFailureReply, { kind: 'error' }>);
}

function sendGoogleError(response: ServerResponse, reply: Extract<FakeFailureReply, { kind: 'error' }>): void {
  const details = reply.retryDelay ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: reply.retryDelay }] : undefined;
  sendJson(
    response,
    reply.status,
    { error: { code: reply.status, message: reply.message ?? `fake error ${reply.status}`, status: statusNames[reply.status] ?? 'UNKNOWN', details } },
    reply.retryAfter ? { 'retry-after': reply.retryAfter } : {},
  );
}

function textOf(parts: any[] | undefined): string[] {
  return (parts ?? []).flatMap(part => (typeof part.text === 'string' ? [part.text] : []));
}

function generateCallOf(request: RecordedHttpRequest): GeminiGenerateCall {
  const [, model, action] = /^\/v1beta\/models\/([^:/]+):(\w+)$/.exec(request.path)!;
  const body = request.body ?? {};
  const userParts: any[] = (body.contents ?? []).flatMap((content: any) => content.parts ?? []);
  return {
    model,
    stream: action === 'streamGenerateContent',
    system: body.systemInstruction ? textOf(body.systemInstruction.parts).join('\n\n') : undefined,
    text: textOf(userParts).join('\n\n'),
    images: userParts.filter(part => part.inlineData).map(part => ({ mimeType: part.inlineData.mimeType, data: Buffer.from(part.inlineData.data, 'base64') })),
    jsonSchema: body.generationConfig?.responseJsonSchema,
    body,
  };
}

function embedCallOf(request: RecordedHttpRequest): GeminiEmbedCall {
  const [, model] = /^\/v1beta\/models\/([^:/]+):(\w+)$/.exec(request.path)!;
  const body = request.body ?? {};
  const requests: any[] = body.requests ?? [body];
  return {
    model,
    texts: requests.map(item => textOf(item.content?.parts).join(' ')),
    taskType: requests[0]?.taskType,
    outputDimensionality: requests[0]?.outputDimensionality,
    body,
  };
}

const embedders = new Map<number, FakeEmbeddingModel>();

/** Deterministic, meaningful (shared words → similar vectors), deliberately not unit length. */
export function embedText(text: string, dimensions: number): number[] {
  let embedder = embedders.get(dimensions);
  if (!embedder) embedders.set(dimensions, (embedder = new FakeEmbeddingModel(dimensions)));
  return embedder.embedOne(text).map(value => value * 0.8);
}
