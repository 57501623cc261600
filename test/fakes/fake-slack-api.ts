import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { buffer, text } from 'node:stream/consumers';

/** One Web API call as the fake received it: method, decoded parameters (JSON-valued ones parsed) and token. */
export interface SlackApiCall {
  method: string;
  params: Record<string, any>;
  token?: string;
  /** HTTP status the fake answered with (429 when rate-limited). */
  status?: number;
}

export interface FakeSlackMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  blocks?: any[];
  /** Files shared with a person's message (push one into `messages` to stand for what Slack keeps). */
  files?: any[];
  /** A streamed message (chat.startStream): the Markdown chunks in the order they came, and whether it was stopped. */
  stream?: { chunks: string[]; stopped: boolean; recipientUserId?: string; recipientTeamId?: string };
}

/**
 * A message only one person sees (chat.postEphemeral). Slack keeps no copy the API can read back
 * (conversations.replies never lists it); `deleted`/`replaced` record what a response_url did to it.
 */
export interface FakeEphemeralMessage {
  channel: string;
  user: string;
  ts: string;
  thread_ts?: string;
  text?: string;
  blocks?: any[];
  deleted?: boolean;
}

/** A thread's status line (assistant.threads.setStatus), in the order they were set; '' clears it. */
export interface FakeThreadStatus {
  channel: string;
  threadTs: string;
  status: string;
  loadingMessages?: string[];
}

/** Suggested prompts set on an assistant/agent thread (assistant.threads.setSuggestedPrompts). */
export interface FakeSuggestedPrompts {
  channel: string;
  /** Only the legacy assistant view passes it; agent apps must not. */
  threadTs?: string;
  title?: string;
  prompts: Array<{ title: string; message: string }>;
}

/**
 * A file the bot uploaded (files.getUploadURLExternal → POST to the upload URL → files.completeUploadExternal),
 * with the bytes it sent and where it was shared once completed.
 */
export interface FakeUpload {
  id: string;
  filename: string;
  /** The length the bot declared when it asked for the upload URL. */
  length: number;
  bytes?: Uint8Array;
  title?: string;
  /** Set by files.completeUploadExternal. */
  shared?: { channel: string; threadTs?: string; initialComment?: string };
}

export interface FakeSlackFile {
  id: string;
  name: string;
  mimetype: string;
  filetype: string;
  size: number;
  mode: 'hosted';
  url_private: string;
  url_private_download: string;
  permalink: string;
}

type Reply = { status?: number; headers?: Record<string, string>; body: unknown };
type Script = (call: SlackApiCall) => Reply | undefined;

interface ServedFile {
  bytes: Uint8Array;
  /** `declared`: the Content-Length sent (a lie when it differs); `chunked`: no length at all. */
  length: { kind: 'honest' } | { kind: 'chunked' } | { kind: 'declared'; bytes: number };
  file: FakeSlackFile;
  deleted?: boolean;
}

/**
 * A local stand-in for Slack's Web API that speaks its wire format: form-encoded or JSON bodies, bearer
 * tokens, `{ok: true, ...}` replies, 429 with Retry-After when scripted. It keeps the messages the bot
 * posts (so `conversations.replies` and `chat.update` behave), serves file bytes under `/files/` (only
 * with the right bot token, like Slack), and records every call, file request and response_url post.
 */
export class FakeSlackApi {
  readonly calls: SlackApiCall[] = [];
  readonly fileRequests: Array<{ path: string; authorization?: string }> = [];
  /** Bodies POSTed to response_url (`/respond/...`): slash command and button replies. */
  readonly responses: Array<{ path: string; body: any }> = [];
  /** chat.postEphemeral messages Slack accepted, in order. */
  readonly ephemerals: FakeEphemeralMessage[] = [];
  /** `channel:user` pairs for which chat.postEphemeral answers user_not_in_channel. */
  readonly usersNotInChannel = new Set<string>();
  /** response_url path → the ephemeral message a click came from (what delete_original / replace_original act on). */
  private readonly responseTargets = new Map<string, FakeEphemeralMessage>();
  readonly messages: FakeSlackMessage[] = [];
  readonly statuses: FakeThreadStatus[] = [];
  /** assistant.threads.setSuggestedPrompts calls Slack accepted, in order. */
  readonly suggestedPrompts: FakeSuggestedPrompts[] = [];
  /** Files the bot uploaded, in the order it asked for upload URLs. */
  readonly uploads: FakeUpload[] = [];
  readonly botUserId = 'UFOLIOBOT';
  readonly botId = 'BFOLIO';
  private readonly files = new Map<string, ServedFile>();
  private readonly scripts: Script[] = [];
  /** Socket Mode: what the client sent over the WebSocket (acks are `{envelope_id, payload}`). */
  readonly socketMessages: any[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((request, response) => void this.handle(request, response));
  private tsCounter = 0;
  baseUrl = '';

  constructor(readonly botToken = 'xoxb-fake-bot-token') {
    this.server.on('upgrade', (request, socket: Socket) => this.acceptWebSocket(request, socket));
  }

  async start(): Promise<this> {
    await new Promise<void>(resolve => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** SLACK_API_URL for the app under test. */
  get apiUrl(): string {
    return `${this.baseUrl}/api/`;
  }

  /** host:port, for SLACK_FILE_HOSTS. */
  get host(): string {
    return new URL(this.baseUrl).host;
  }

  /** True once a Socket Mode client is connected (and was sent `hello`). */
  get socketConnected(): boolean {
    return this.sockets.size > 0;
  }

  /** Sends a Socket Mode envelope (`events_api`, `slash_commands`, `interactive`) to the connected clients. */
  sendOverSocket(envelope: Record<string, unknown>): void {
    for (const socket of this.sockets) socket.write(webSocketFrame(0x1, Buffer.from(JSON.stringify(envelope))));
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    return new Promise(resolve => this.server.close(() => resolve()));
  }

  callsTo(method: string): SlackApiCall[] {
    return this.calls.filter(call => call.method === method);
  }

  /** Answers calls the script returns a reply for (the latest script first); others get the default. */
  script(script: Script): () => void {
    this.scripts.unshift(script);
    return () => this.scripts.splice(this.scripts.indexOf(script), 1);
  }

  /** The next `count` calls to `method` (that `only` accepts) get 429 with Retry-After (seconds). */
  rateLimit(method: string, options: { count?: number; retryAfterSeconds?: number; only?: (call: SlackApiCall) => boolean } = {}): void {
    let left = options.count ?? 1;
    const limited = { status: 429, headers: { 'retry-after': String(options.retryAfterSeconds ?? 1) }, body: { ok: false, error: 'ratelimited' } };
    this.script(call => (call.method === method && (options.only?.(call) ?? true) && left-- > 0 ? limited : undefined));
  }

  /** Serves bytes as a Slack file and returns the file object a message event carries. */
  addFile(id: string, name: string, bytes: Uint8Array, options: { mimetype?: string; length?: ServedFile['length'] } = {}): FakeSlackFile {
    const file: FakeSlackFile = {
      id,
      name,
      mimetype: options.mimetype ?? 'application/pdf',
      filetype: name.split('.').pop() ?? 'bin',
      size: bytes.length,
      mode: 'hosted',
      url_private: `${this.baseUrl}/files/${id}/${encodeURIComponent(name)}`,
      url_private_download: `${this.baseUrl}/files/${id}/download/${encodeURIComponent(name)}`,
      permalink: `https://fake.slack.test/files/${this.botUserId}/${id}/${encodeURIComponent(name)}`,
    };
    this.files.set(id, { bytes, length: options.length ?? { kind: 'honest' }, file });
    return file;
  }

  /** files.info answers `file_deleted` from now on, and the bytes are gone. */
  deleteFile(id: string): void {
    const served = this.files.get(id);
    if (served) served.deleted = true;
  }

  /** A message by a person, e.g. an earlier turn of a thread. */
  addUserMessage(message: Omit<FakeSlackMessage, 'ts'> & { ts?: string }): FakeSlackMessage {
    const existing = this.messages.find(candidate => candidate.channel === message.channel && candidate.ts === message.ts);
    if (existing) return existing;
    const stored = { ...message, ts: message.ts ?? this.nextTs() };
    this.messages.push(stored);
    return stored;
  }

  /** The bot's messages in a thread, oldest first. */
  threadReplies(channel: string, threadTs: string): FakeSlackMessage[] {
    return this.messages.filter(message => message.channel === channel && message.thread_ts === threadTs && message.user === this.botUserId);
  }

  nextTs(): string {
    this.tsCounter += 1;
    return `${Math.floor(Date.now() / 1000)}.${String(this.tsCounter).padStart(6, '0')}`;
  }

  /** Clicks on `message` will carry `responsePath` as their response_url (as Slack ties one to each message's actions). */
  respondsTo(responsePath: string, message: FakeEphemeralMessage): void {
    this.responseTargets.set(responsePath, message);
  }

  /** Polls until `predicate` holds (the bot works in the background after acknowledging). */
  async waitFor<T>(predicate: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = predicate();
      if (value) return value;
      if (Date.now() > deadline) throw new Error('FakeSlackApi.waitFor timed out');
      await new Promise(resolve => setTimeout(resolve, 20));
    }
  }

  /**
   * The smallest WebSocket server Socket Mode needs (RFC 6455): the handshake, text frames both ways
   * (client frames are masked), pong for ping, close. Slack greets a new connection with `hello`.
   */
  private acceptWebSocket(request: IncomingMessage, socket: Socket): void {
    const key = request.headers['sec-websocket-key'];
    if (request.url !== '/socket-mode' || typeof key !== 'string') {
      socket.destroy();
      return;
    }
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    this.sockets.add(socket);
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      const { frames, rest } = readWebSocketFrames(Buffer.concat([pending, data]));
      pending = rest;
      for (const frame of frames) {
        if (frame.opcode === 0x1) this.socketMessages.push(JSON.parse(frame.payload.toString('utf8')));
        else if (frame.opcode === 0x9) socket.write(webSocketFrame(0xa, frame.payload));
        else if (frame.opcode === 0x8) {
          socket.end(webSocketFrame(0x8, frame.payload));
          this.sockets.delete(socket);
        }
      }
    });
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => this.sockets.delete(socket));
    socket.write(webSocketFrame(0x1, Buffer.from(JSON.stringify({ type: 'hello', num_connections: 1, connection_info: { app_id: 'AFOLIO' } }))));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    if (request.method === 'GET' && url.pathname.startsWith('/files/')) return this.serveFile(url.pathname, request, response);
    if (request.method === 'POST' && url.pathname.startsWith('/upload/')) return this.receiveUpload(url.pathname, request, response);
    const raw = await text(request);
    if (url.pathname.startsWith('/respond/')) {
      const body = JSON.parse(raw || '{}');
      this.responses.push({ path: url.pathname, body });
      const target = this.responseTargets.get(url.pathname);
      if (target && body.delete_original) target.deleted = true;
      else if (target && body.replace_original) Object.assign(target, { text: body.text, blocks: body.blocks });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (!url.pathname.startsWith('/api/')) {
      response.writeHead(404).end();
      return;
    }
    const params = decodeParams(raw, request.headers['content-type'] ?? '');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const call: SlackApiCall = { method: url.pathname.slice('/api/'.length), params, token: bearer ?? params.token };
    this.calls.push(call);
    const reply = this.scripts.map(script => script(call)).find(Boolean) ?? this.defaultReply(call);
    call.status = reply.status ?? 200;
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
  }

  private defaultReply(call: SlackApiCall): Reply {
    const ok = (body: Record<string, unknown> = {}): Reply => ({ body: { ok: true, ...body } });
    const fail = (error: string): Reply => ({ body: { ok: false, error } });
    if (call.method === 'apps.connections.open') {
      return call.token?.startsWith('xapp-') ? ok({ url: `${this.baseUrl.replace('http', 'ws')}/socket-mode` }) : fail('not_allowed_token_type');
    }
    if (call.method !== 'oauth.v2.access' && call.token !== this.botToken && !call.token?.startsWith('xoxb-installed')) return fail('invalid_auth');
    const { params } = call;
    switch (call.method) {
      case 'auth.test':
        return ok({ url: 'https://fake.slack.test/', team: 'Fake', user: 'folio', team_id: 'T1', user_id: this.botUserId, bot_id: this.botId });
      case 'chat.postMessage': {
        const message: FakeSlackMessage = {
          channel: params.channel,
          ts: this.nextTs(),
          thread_ts: params.thread_ts,
          user: this.botUserId,
          bot_id: this.botId,
          text: params.text,
          blocks: params.blocks,
        };
        this.messages.push(message);
        return ok({ channel: message.channel, ts: message.ts, message });
      }
      // https://docs.slack.dev/reference/methods/chat.postEphemeral: `{ok, message_ts}`; the user must be in the channel.
      case 'chat.postEphemeral': {
        if (!params.channel || !params.user || (!params.text && !params.blocks)) return fail(params.user ? 'no_text' : 'user_not_found');
        if (this.usersNotInChannel.has(`${params.channel}:${params.user}`)) return fail('user_not_in_channel');
        const ephemeral: FakeEphemeralMessage = {
          channel: params.channel,
          user: params.user,
          ts: this.nextTs(),
          thread_ts: params.thread_ts,
          text: params.text,
          blocks: params.blocks,
        };
        this.ephemerals.push(ephemeral);
        return ok({ message_ts: ephemeral.ts });
      }
      case 'chat.update': {
        const message = this.messages.find(candidate => candidate.channel === params.channel && candidate.ts === params.ts);
        if (!message) return fail('message_not_found');
        message.text = params.text;
        if (params.blocks !== undefined) message.blocks = params.blocks;
        return ok({ channel: message.channel, ts: message.ts, text: message.text });
      }
      // Streaming (https://docs.slack.dev/reference/methods/chat.startStream, appendStream, stopStream):
      // outside a DM the recipient must be named; appending to a stopped stream is refused.
      case 'chat.startStream': {
        const isDirectMessage = String(params.channel).startsWith('D');
        if (!params.thread_ts) return fail('invalid_arguments');
        if (!isDirectMessage && (!params.recipient_user_id || !params.recipient_team_id))
          return fail(params.recipient_user_id ? 'missing_recipient_team_id' : 'missing_recipient_user_id');
        const chunks = streamedText(params);
        const message: FakeSlackMessage = {
          channel: params.channel,
          ts: this.nextTs(),
          thread_ts: params.thread_ts,
          user: this.botUserId,
          bot_id: this.botId,
          text: chunks.join(''),
          stream: { chunks, stopped: false, recipientUserId: params.recipient_user_id, recipientTeamId: params.recipient_team_id },
        };
        this.messages.push(message);
        return ok({ channel: message.channel, ts: message.ts });
      }
      case 'chat.appendStream':
      case 'chat.stopStream': {
        const message = this.messages.find(candidate => candidate.channel === params.channel && candidate.ts === params.ts);
        if (!message) return fail('message_not_found');
        if (!message.stream || message.stream.stopped) return fail('message_not_in_streaming_state');
        const added = streamedText(params);
        if (added.length === 0 && call.method === 'chat.appendStream') return fail('invalid_arguments');
        message.stream.chunks.push(...added);
        message.text = message.stream.chunks.join('');
        if (call.method === 'chat.stopStream') {
          message.stream.stopped = true;
          if (params.blocks !== undefined) message.blocks = params.blocks;
          return ok({ channel: message.channel, ts: message.ts, message });
        }
        return ok({ channel: message.channel, ts: message.ts });
      }
      case 'assistant.threads.setStatus':
        if (!params.channel_id || !params.thread_ts) return fail('invalid_arguments');
        this.statuses.push({ channel: params.channel_id, threadTs: params.thread_ts, status: params.status ?? '', loadingMessages: params.loading_messages });
        return ok();
      case 'assistant.threads.setSuggestedPrompts': {
        // Required: channel_id and prompts (each {title, message}); up to four prompts; title optional.
        const prompts = params.prompts;
        if (!params.channel_id || !Array.isArray(prompts) || prompts.length === 0 || prompts.length > 4) return fail('invalid_arguments');
        if (prompts.some((prompt: any) => typeof prompt?.title !== 'string' || typeof prompt?.message !== 'string')) return fail('invalid_arguments');
        this.suggestedPrompts.push({ channel: params.channel_id, threadTs: params.thread_ts, title: params.title, prompts });
        return ok();
      }
      case 'chat.getPermalink':
        return ok({ channel: params.channel, permalink: `https://fake.slack.test/archives/${params.channel}/p${String(params.message_ts).replace('.', '')}` });
      case 'reactions.add':
      case 'reactions.remove':
        return ok();
      case 'conversations.replies': {
        const thread = this.messages
          .filter(message => message.channel === params.channel && (message.ts === params.ts || message.thread_ts === params.ts))
          .sort((a, b) => Number(a.ts) - Number(b.ts));
        return ok({ messages: thread, has_more: false });
      }
      case 'files.info': {
        const served = this.files.get(params.file);
        if (!served) return fail('file_not_found');
        if (served.deleted) return fail('file_deleted');
        return ok({ file: served.file });
      }
      // Uploads (https://docs.slack.dev/reference/methods/files.getUploadURLExternal, files.completeUploadExternal):
      // the length is required and must match what is sent; completing names the files as a JSON array.
      case 'files.getUploadURLExternal': {
        const length = Number(params.length);
        if (!params.filename || !Number.isInteger(length) || length <= 0) return fail('invalid_arguments');
        const id = `FUP${this.uploads.length + 1}`;
        this.uploads.push({ id, filename: params.filename, length });
        return ok({ upload_url: `${this.baseUrl}/upload/${id}`, file_id: id });
      }
      case 'files.completeUploadExternal': {
        const files = typeof params.files === 'string' ? safeJson(params.files) : params.files;
        if (!Array.isArray(files) || files.length === 0) return fail('invalid_arguments');
        const uploads = files.map((entry: any) => this.uploads.find(upload => upload.id === entry?.id));
        if (uploads.some(upload => !upload?.bytes)) return fail('file_not_found');
        if (uploads.some(upload => upload?.bytes?.length !== upload?.length)) return fail('file_upload_size_mismatch');
        const shared = params.channel_id ? { channel: params.channel_id, threadTs: params.thread_ts, initialComment: params.initial_comment } : undefined;
        files.forEach((entry: any, index: number) => Object.assign(uploads[index]!, { title: entry.title, shared }));
        return ok({ files: uploads.map(upload => ({ id: upload!.id, title: upload!.title ?? upload!.filename })) });
      }
      case 'oauth.v2.access':
        return ok({
          access_token: 'xoxb-installed-T2',
          token_type: 'bot',
          scope: 'chat:write',
          bot_user_id: 'UFOLIOT2',
          app_id: 'AFOLIO',
          team: { id: 'T2', name: 'Second' },
          enterprise: null,
          is_enterprise_install: false,
          authed_user: { id: 'UINSTALLER' },
        });
      default:
        return fail('unknown_method');
    }
  }

  /**
   * The upload URL: the file's bytes raw, or as the one file part of a multipart body (what the SDK
   * sends). No token needed: the URL itself is the secret, as on Slack's file servers.
   */
  private async receiveUpload(path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const upload = this.uploads.find(candidate => candidate.id === path.split('/')[2]);
    const raw = await buffer(request);
    const contentType = request.headers['content-type'] ?? '';
    let bytes = new Uint8Array(raw);
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
      let file: Blob | undefined;
      form.forEach(value => {
        if (typeof value !== 'string') file ??= value;
      });
      bytes = file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
    }
    if (!upload) {
      response.writeHead(404).end();
      return;
    }
    upload.bytes = bytes;
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`OK - ${bytes.length}`);
  }

  private serveFile(path: string, request: IncomingMessage, response: ServerResponse): void {
    this.fileRequests.push({ path, authorization: request.headers.authorization });
    const id = path.split('/')[2];
    const served = this.files.get(id);
    if (!served || served.deleted) {
      response.writeHead(404).end();
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.botToken}`) {
      response.writeHead(403).end();
      return;
    }
    const { bytes, length } = served;
    if (length.kind === 'declared') {
      // A server that lies about the length: headers promise one size, the socket carries more.
      response.socket?.write(`HTTP/1.1 200 OK\r\ncontent-type: application/pdf\r\ncontent-length: ${length.bytes}\r\nconnection: close\r\n\r\n`);
      response.socket?.end(bytes);
      return;
    }
    response.writeHead(200, { 'content-type': served.file.mimetype, ...(length.kind === 'honest' ? { 'content-length': String(bytes.length) } : {}) });
    // Chunks, so a reader can stop early and the limit is enforced while streaming.
    const chunkBytes = 64 * 1024;
    let offset = 0;
    const writeMore = () => {
      while (offset < bytes.length) {
        const chunk = bytes.subarray(offset, offset + chunkBytes);
        offset += chunk.length;
        if (!response.write(chunk)) {
          response.once('drain', writeMore);
          return;
        }
      }
      response.end();
    };
    response.on('error', () => undefined);
    writeMore();
  }
}

/** One unmasked (server-to-client) WebSocket frame. */
function webSocketFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? Buffer.from([0x80 | opcode, length]) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (length >= 126 && length < 65536) {
    header[0] = 0x80 | opcode;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else if (length >= 65536) {
    header[0] = 0x80 | opcode;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

/** Complete frames at the start of `buffer` (unmasked), and what is left over. */
function readWebSocketFrames(buffer: Buffer): { frames: Array<{ opcode: number; payload: Buffer }>; rest: Buffer } {
  const frames: Array<{ opcode: number; payload: Buffer }> = [];
  let offset = 0;
  for (;;) {
    if (buffer.length - offset < 2) break;
    const opcode = buffer[offset] & 0x0f;
    const masked = (buffer[offset + 1] & 0x80) !== 0;
    let length = buffer[offset + 1] & 0x7f;
    let cursor = offset + 2;
    if (length === 126) {
      if (buffer.length < cursor + 2) break;
      length = buffer.readUInt16BE(cursor);
      cursor += 2;
    } else if (length === 127) {
      if (buffer.length < cursor + 8) break;
      length = Number(buffer.readBigUInt64BE(cursor));
      cursor += 8;
    }
    const maskBytes = masked ? 4 : 0;
    if (buffer.length < cursor + maskBytes + length) break;
    const mask = buffer.subarray(cursor, cursor + maskBytes);
    const payload = Buffer.from(buffer.subarray(cursor + maskBytes, cursor + maskBytes + length));
    if (masked) for (let index = 0; index < payload.length; index++) payload[index] ^= mask[index % 4];
    frames.push({ opcode, payload });
    offset = cursor + maskBytes + length;
  }
  return { frames, rest: buffer.subarray(offset) };
}

/** The Markdown a streaming call carries: `markdown_text`, and the `markdown_text` chunks of `chunks`. */
function streamedText(params: Record<string, any>): string[] {
  const texts: string[] = params.markdown_text ? [String(params.markdown_text)] : [];
  for (const chunk of Array.isArray(params.chunks) ? params.chunks : []) if (chunk?.type === 'markdown_text' && chunk.text) texts.push(String(chunk.text));
  return texts;
}

function decodeParams(raw: string, contentType: string): Record<string, any> {
  if (!raw) return {};
  if (contentType.includes('application/json')) return JSON.parse(raw);
  const params: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    // The SDK JSON-encodes objects and arrays (blocks, attachments) inside form bodies.
    params[key] = /^[[{]/.test(value) ? safeJson(value) : value;
  }
  return params;
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
