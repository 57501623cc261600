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

/** One chat completion call as the fake saw it. */
export interface OpenAIChatCall {
  model: string;
  stream: boolean;
  /** The system message's text. */
  system?: string;
  /** All user text, joined with blank lines. */
  text: string;
  /** image_url parts: the data URLs decoded. */
  images: Array<{ mimeType: string; data: Buffer }>;
  /** response_format.json_schema, when JSON was asked for. */
  responseFormat?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  body: any;
}

export interface OpenAIEmbedCall {
  model: string;
  texts: string[];
  dimensions?: number;
  encodingFormat?: string;
  body: any;
}

export type OpenAIReply = FakeModelReply | string;

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  404: 'invalid_request_error',
  429: 'rate_limit_error',
  500: 'server_error',
  503: 'server_error',
};

/**
 * A fake OpenAI-compatible server (what Ollama, vLLM and LM Studio expose under /v1) speaking the real
 * wire format: `POST /v1/chat/completions` (plain, and SSE streaming ending in `data: [DONE]`, with the
 * usage chunk when `stream_options.include_usage`), `POST /v1/embeddings` (float or base64).
 *
 * Chat calls take scripted replies in order (`script`), then `reply(call)` (default: a short fixed
 * text). `rejectResponseFormat` makes it answer 400 to any request with `response_format` (`true`), or
 * only to `json_schema` ones (`'json_schema'`), like local servers without structured output or with
 * JSON mode only. Embeddings are deterministic hashed bag-of-words vectors
 * (`dimensions` or the request's `dimensions`), scaled to length 2 as some local models return them.
 */
export class FakeOpenAIServer {
  private readonly chatReplies: ReplyQueue<OpenAIChatCall, OpenAIReply>;
  private readonly embedFailures: FakeFailureReply[] = [];
  rejectResponseFormat: boolean | 'json_schema' = false;

  private constructor(
    private readonly http: Awaited<ReturnType<typeof startFakeHttpServer>>,
    reply: (call: OpenAIChatCall) => OpenAIReply | Promise<OpenAIReply>,
    private readonly options: { apiKey?: string; dimensions: number },
  ) {
    this.chatReplies = new ReplyQueue(reply);
  }

  static async start(
    options: { reply?: (call: OpenAIChatCall) => OpenAIReply | Promise<OpenAIReply>; apiKey?: string; dimensions?: number } = {},
  ): Promise<FakeOpenAIServer> {
    let server: FakeOpenAIServer | undefined;
    const http = await startFakeHttpServer((request, response) => server!.handle(request, response));
    server = new FakeOpenAIServer(http, options.reply ?? (() => 'This is the fake OpenAI-compatible answer.'), {
      apiKey: options.apiKey,
      dimensions: options.dimensions ?? 384,
    });
    return server;
  }

  /** The base URL clients use (with /v1, as OPENAI_BASE_URL is written). */
  get url(): string {
    return `${this.http.url}/v1`;
  }

  get requests(): RecordedHttpRequest[] {
    return this.http.requests;
  }

  get chatCalls(): OpenAIChatCall[] {
    return this.requests.filter(request => request.path === '/v1/chat/completions').map(chatCallOf);
  }

  get embedCalls(): OpenAIEmbedCall[] {
    return this.requests.filter(request => request.path === '/v1/embeddings').map(embedCallOf);
  }

  script(...replies: OpenAIReply[]): this {
    this.chatReplies.push(...replies);
    return this;
  }

  set reply(reply: (call: OpenAIChatCall) => OpenAIReply | Promise<OpenAIReply>) {
    this.chatReplies.fallback = reply;
  }

  scriptEmbeddings(...failures: FakeFailureReply[]): this {
    this.embedFailures.push(...failures);
    return this;
  }

  /** Scripted replies not used yet (a test can check that no retry consumed one). */
  get pendingReplies(): number {
    return this.chatReplies.pending;
  }

  /** Forgets recorded requests and unused scripted replies (for a server shared by several tests). */
  reset(): void {
    this.requests.length = 0;
    this.chatReplies.clear();
    this.embedFailures.length = 0;
    this.rejectResponseFormat = false;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private async handle(request: RecordedHttpRequest, response: ServerResponse): Promise<void> {
    if (this.options.apiKey !== undefined && request.headers.authorization !== `Bearer ${this.options.apiKey}`) {
      return sendOpenAIError(response, { kind: 'error', status: 401, message: 'Incorrect API key provided.', code: 'invalid_api_key' });
    }
    if (request.method === 'POST' && request.path === '/v1/chat/completions') {
      const call = chatCallOf(request);
      if (call.responseFormat && (this.rejectResponseFormat === true || this.rejectResponseFormat === call.responseFormat.type)) {
        return sendOpenAIError(response, { kind: 'error', status: 400, message: 'Unrecognized request argument supplied: response_format' });
      }
      const scripted = await this.chatReplies.next(call);
      return this.answerChat(call, typeof scripted === 'string' ? { kind: 'text', text: scripted } : scripted, response);
    }
    if (request.method === 'POST' && request.path === '/v1/embeddings') {
      const failure = this.embedFailures.shift();
      if (failure) return answerFailure(failure, response);
      return this.answerEmbeddings(embedCallOf(request), response);
    }
    sendOpenAIError(response, { kind: 'error', status: 404, message: `no fake for ${request.method} ${request.path}` });
  }

  private async answerChat(call: OpenAIChatCall, reply: FakeModelReply, response: ServerResponse): Promise<void> {
    if (reply.kind !== 'text') return answerFailure(reply, response);
    if (reply.delayMs) await pause(reply.delayMs);
    const id = `chatcmpl-fake${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: reply.inputTokens ?? estimateTokens(`${call.system ?? ''}${call.text}`),
      completion_tokens: reply.outputTokens ?? estimateTokens(reply.text),
    };
    const finishReason = reply.finishReason ?? 'stop';
    if (!call.stream) {
      return sendJson(response, 200, {
        id,
        object: 'chat.completion',
        created,
        model: call.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, logprobs: null, finish_reason: finishReason }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: call.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
    const events: unknown[] = [
      chunk({ role: 'assistant', content: '' }, null),
      ...chunksOf(reply.text, reply.chunkSize).map(text => chunk({ content: text }, null)),
      chunk({}, finishReason),
    ];
    if (call.body.stream_options?.include_usage)
      events.push({
        id,
        object: 'chat.completion.chunk',
        created,
        model: call.model,
        choices: [],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    for (const [index, event] of events.entries()) {
      // Counted in content chunks, after the role chunk.
      if (reply.breakAfterChunks !== undefined && index > reply.breakAfterChunks) {
        response.socket?.destroy();
        return;
      }
      response.write(`data: ${JSON.stringify(event)}\n\n`);
      await pause(index === 0 && reply.stallAfterFirstChunkMs ? reply.stallAfterFirstChunkMs : 1);
      if (response.destroyed) return;
    }
    response.end('data: [DONE]\n\n');
  }

  private answerEmbeddings(call: OpenAIEmbedCall, response: ServerResponse): void {
    const dimensions = call.dimensions ?? this.options.dimensions;
    const embedder = new FakeEmbeddingModel(dimensions);
    const data = call.texts.map((text, index) => {
      const vector = embedder.embedOne(text).map(value => value * 2);
      const embedding = call.encodingFormat === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = estimateTokens(call.texts.join(' '));
    // Listed in reverse: clients must order by `index`, not by position.
    sendJson(response, 200, { object: 'list', data: data.reverse(), model: call.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  }
}

function answerFailure(reply: FakeFailureReply, response: ServerResponse): void {
  if (answeredWithoutReply(reply, response)) return;
  sendOpenAIError(response, reply as Extract<FakeFailureReply, { kind: 'error' }>);
}

function sendOpenAIError(response: ServerResponse, reply: Extract<FakeFailureReply, { kind: 'error' }>): void {
  sendJson(
    response,
    reply.status,
    {
      error: {
        message: reply.message ?? `fake error ${reply.status}`,
        type: errorTypes[reply.status] ?? 'server_error',
        param: null,
        code: reply.code ?? null,
      },
    },
    reply.retryAfter ? { 'retry-after': reply.retryAfter } : {},
  );
}

function chatCallOf(request: RecordedHttpRequest): OpenAIChatCall {
  const body = request.body ?? {};
  const messages: any[] = body.messages ?? [];
  const contentParts = (content: unknown): any[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : []);
  const system = messages.filter(message => message.role === 'system').flatMap(message => contentParts(message.content).map(part => part.text));
  const userParts = messages.filter(message => message.role === 'user').flatMap(message => contentParts(message.content));
  return {
    model: body.model,
    stream: body.stream === true,
    system: system.length > 0 ? system.join('\n\n') : undefined,
    text: userParts
      .filter(part => part.type === 'text')
      .map(part => part.text)
      .join('\n\n'),
    images: userParts
      .filter(part => part.type === 'image_url')
      .map(part => {
        const [, mimeType, data] = /^data:([^;]+);base64,(.*)$/s.exec(part.image_url.url) ?? [];
        return { mimeType, data: Buffer.from(data ?? '', 'base64') };
      }),
    responseFormat: body.response_format,
    body,
  };
}

function embedCallOf(request: RecordedHttpRequest): OpenAIEmbedCall {
  const body = request.body ?? {};
  return {
    model: body.model,
    texts: typeof body.input === 'string' ? [body.input] : body.input,
    dimensions: body.dimensions,
    encodingFormat: body.encoding_format,
    body,
  };
}
