import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/** One request the bot made to the Bot Connector REST API. */
export interface ConnectorCall {
  /** send/reply: POST of any activity (messages, typing activities of a stream); see `body.type`. */
  /** create-conversation: POST /v3/conversations (a proactive personal chat). */
  kind: 'send' | 'reply' | 'update' | 'delete' | 'team-details' | 'create-conversation';
  /** The conversation id exactly as the bot sent it (channel threads keep `;messageid=…`). */
  conversationId?: string;
  /** reply: the activity replied to; update/delete: the bot message edited or deleted; team-details: the team id. */
  activityId?: string;
  // Activities are loosely typed JSON; tests read the fields they check.
  body: any;
  authorization?: string;
}

/** A message the bot posted, with its content after all edits. */
export interface BotMessage {
  id: string;
  conversationId: string;
  /** Set for replies (POST …/activities/{replyToId}): the message the bot answered in its thread. */
  replyToId?: string;
  /** The latest content: for a stream still running its latest typing activity, then its final message. */
  activity: any;
  edits: number;
  /** Set when the message was streamed: its updates, in order. */
  stream?: BotStream;
}

/** The `streaminfo` entity of a streaming activity. */
export interface StreamInfo {
  type: 'streaminfo';
  streamId?: string;
  streamType?: 'informative' | 'streaming' | 'final';
  streamSequence?: number;
}

/** One streamed message (Teams' streaming protocol): what the user saw while it was written, in order. */
export interface BotStream {
  /** The stream id (= the message id), answered to its first update. */
  id: string;
  /** Every accepted typing activity, in order: its text and streaminfo. */
  updates: Array<{ text: string; streamInfo: StreamInfo }>;
  /** The final `message` activity that ended the stream. */
  final?: any;
}

/** A refusal the fake answers a streaming request with instead of accepting it (Teams' error body). */
export interface StreamRefusal {
  status: number;
  code: string;
  message: string;
}

/** The streaminfo entity of an activity, if it has one. */
export function streamInfoOf(activity: any): StreamInfo | undefined {
  return (activity?.entities ?? []).find((entity: { type?: string }) => entity?.type?.toLowerCase() === 'streaminfo');
}

/**
 * A local Bot Connector (the REST API behind an activity's `serviceUrl`) speaking the real wire format:
 * `POST /v3/conversations/{id}/activities` (send), `POST …/activities/{activityId}` (reply),
 * `PUT …/activities/{activityId}` (edit), `DELETE …`, `GET /v3/teams/{teamId}` (team details with the
 * Entra group id) and `POST /v3/conversations` (a personal chat the bot starts, see createConversation).
 * Teams' service URLs carry a region path (`…/amer/`), so any prefix before `/v3/` is accepted. Every
 * call is recorded; message ids are handed out in order.
 *
 * Streaming (learn.microsoft.com/microsoftteams/platform/bots/streaming-ux) is checked as Teams checks it:
 * a `typing` activity with a `streaminfo` entity and no `streamId` starts a stream (201 with the stream
 * id, which is the message's id); later ones name it and get 202 `{}`; the final `message` has
 * `streamType: 'final'` and no `streamSequence`. Refused as Teams refuses them: streaming outside a
 * personal chat or after the final (403 ContentStreamNotAllowed), an update without text or one that
 * does not start with the text streamed before it, an informative text over 1,000 characters, a final
 * with a sequence (400 BadRequest); an update whose sequence is not above the last is dropped (202).
 */
export class FakeBotConnector {
  readonly calls: ConnectorCall[] = [];
  /** Team thread id → details served by GET /v3/teams/{id}. */
  readonly teams = new Map<string, { aadGroupId: string; name: string }>();
  /**
   * Teams user ids (`29:…`) who installed the app for themselves: only they can be sent a personal chat
   * by POST /v3/conversations; for anyone else Teams answers 403 BotNotInConversationRoster.
   */
  readonly installedFor = new Set<string>();
  /** The personal chat ids handed out, by user id (Teams returns the same chat each time). */
  readonly personalChats = new Map<string, string>();
  /**
   * Decides a refusal for a streaming request instead of the checks above (e.g. the user pressed Stop:
   * 403 ContentStreamNotAllowed "Content stream was cancelled by user."); undefined lets it through.
   */
  refuseStream?: (activity: any, stream: BotStream | undefined) => StreamRefusal | undefined;
  private readonly posted = new Map<string, BotMessage>();
  private nextId = 1;

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FakeBotConnector> {
    let connector!: FakeBotConnector;
    const server = createServer((request, response) => {
      connector.handle(request.method ?? 'GET', request.url ?? '/', request.headers.authorization, request).then(
        ({ status, body }) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        error => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'FakeError', message: String(error) } })),
      );
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    connector = new FakeBotConnector(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return connector;
  }

  /** What activities put in `serviceUrl` (with a region path, as Teams does). */
  get serviceUrl(): string {
    return `${this.baseUrl}/amer/`;
  }

  /** Messages the bot posted (streamed ones included), in order, with their latest content. */
  messages(conversationId?: string): BotMessage[] {
    return [...this.posted.values()].filter(message => !conversationId || message.conversationId.split(';')[0] === conversationId);
  }

  /** Every typing activity the bot sent (streaming updates and plain typing indicators), in order. */
  typingActivities(conversationId?: string): any[] {
    return this.calls
      .filter(call => (call.kind === 'send' || call.kind === 'reply') && call.body?.type === 'typing')
      .filter(call => !conversationId || call.conversationId?.split(';')[0] === conversationId)
      .map(call => call.body);
  }

  /** Polls until `probe` returns something (the bot works in the background after answering the request). */
  async waitFor<T>(probe: () => T | undefined | false, options: { timeoutMs?: number; what?: string } = {}): Promise<T> {
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    for (;;) {
      const value = probe();
      if (value) return value;
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${options.what ?? 'the bot'}; connector calls: ${JSON.stringify(this.calls.map(call => [call.kind, call.activityId, call.body?.text ?? call.body?.summary]))}`,
        );
      await new Promise(resolve => setTimeout(resolve, 25));
    }
  }

  /** Resolves once no call has arrived for `quietMs` (the bot finished whatever it was doing). */
  async waitForQuiet(quietMs = 300): Promise<void> {
    let seen = -1;
    while (seen !== this.calls.length) {
      seen = this.calls.length;
      await new Promise(resolve => setTimeout(resolve, quietMs));
    }
  }

  private stream(conversationId: string, replyToId: string | undefined, body: any, info: StreamInfo): { status: number; body: unknown } {
    const message = info.streamId ? this.posted.get(info.streamId) : undefined;
    const stream = message?.stream;
    const refused = this.refuseStream?.(body, stream);
    if (refused) return { status: refused.status, body: { error: { code: refused.code, message: refused.message } } };
    const badRequest = (text: string) => ({ status: 400, body: { error: { code: 'BadRequest', message: text } } });
    const notAllowed = (text: string) => ({ status: 403, body: { error: { code: 'ContentStreamNotAllowed', message: text } } });
    if (body.conversation?.conversationType !== 'personal') return notAllowed('Content stream is not allowed');
    if (info.streamId && !stream) return badRequest(`Unknown streamId ${info.streamId}`);
    if (stream?.final) return notAllowed('Content stream is not allowed on an already completed streamed message');
    if (info.streamType === 'final') {
      if (body.type !== 'message') return badRequest('The final streaming activity must be a message');
      if (!stream) return badRequest('A final streaming message needs the streamId');
      if (info.streamSequence !== undefined) return badRequest('streamSequence must not be set on the final streaming message');
      stream.final = body;
      message!.activity = body;
      return { status: 202, body: {} };
    }
    if (body.type !== 'typing') return badRequest('Streaming activities other than the final one are typing activities');
    if (typeof body.text !== 'string' || body.text.length === 0) return badRequest('Start streaming activities should include text');
    if (!Number.isInteger(info.streamSequence)) return badRequest('streamSequence is required');
    if (info.streamType === 'informative' && body.text.length > 1000) return badRequest('Informative messages must not be more than 1000 characters');
    if (!stream) {
      if (info.streamSequence !== 1) return badRequest('The first streamSequence must be 1');
      const id = `bot-${this.nextId++}`;
      const started: BotStream = { id, updates: [{ text: body.text, streamInfo: info }] };
      this.posted.set(id, { id, conversationId, replyToId, activity: body, edits: 0, stream: started });
      return { status: 201, body: { id } };
    }
    const last = stream.updates.at(-1)!;
    if (info.streamSequence! <= last.streamInfo.streamSequence!) {
      return {
        status: 202,
        body: { error: { code: 'ContentStreamSequenceOrderPreConditionFailed', message: 'PreCondition failed exception when processing streaming activity.' } },
      };
    }
    const previous = stream.updates.filter(update => (update.streamInfo.streamType ?? 'streaming') === 'streaming').at(-1);
    if (info.streamType !== 'informative' && previous && !body.text.startsWith(previous.text)) {
      return badRequest('A streaming update must contain the previously streamed content');
    }
    stream.updates.push({ text: body.text, streamInfo: info });
    message!.activity = body;
    return { status: 202, body: {} };
  }

  /**
   * `POST /v3/conversations` as Teams answers a bot creating a personal chat (ConversationParameters:
   * `isGroup: false`, one member, the tenant in `channelData.tenant.id`): 201 `{id}` with the user's
   * personal chat, the same one every time; 400 without a tenant or with other than one member; 403
   * BotNotInConversationRoster when the app is not installed for the user.
   */
  private createConversation(body: any, authorization: string | undefined): { status: number; body: unknown } {
    this.calls.push({ kind: 'create-conversation', body, authorization });
    const members: Array<{ id?: string }> = Array.isArray(body?.members) ? body.members : [];
    const tenantId = body?.channelData?.tenant?.id ?? body?.tenantId;
    if (!tenantId) return { status: 400, body: { error: { code: 'BadArgument', message: 'Tenant ID is required' } } };
    if (body.isGroup || members.length !== 1 || !members[0].id)
      return { status: 400, body: { error: { code: 'BadArgument', message: 'A personal conversation needs exactly one member' } } };
    const userId = members[0].id;
    if (!this.installedFor.has(userId))
      return { status: 403, body: { error: { code: 'BotNotInConversationRoster', message: 'The bot is not part of the conversation roster.' } } };
    let chat = this.personalChats.get(userId);
    if (!chat) {
      chat = `a:1personal-${this.personalChats.size + 1}-${userId.replace(/[^A-Za-z0-9]/g, '')}`;
      this.personalChats.set(userId, chat);
    }
    return { status: 201, body: { id: chat } };
  }

  close(): Promise<void> {
    return new Promise(resolve => this.server.close(() => resolve()));
  }

  private async handle(
    method: string,
    url: string,
    authorization: string | undefined,
    request: NodeJS.ReadableStream,
  ): Promise<{ status: number; body: unknown }> {
    const raw = await text(request);
    const body = raw ? JSON.parse(raw) : undefined;
    const path = decodeURIComponent(new URL(url, 'http://fake').pathname);
    const team = /\/v3\/teams\/([^/]+)$/.exec(path);
    if (team && method === 'GET') {
      this.calls.push({ kind: 'team-details', activityId: team[1], body, authorization });
      const details = this.teams.get(team[1]);
      return details ? { status: 200, body: { id: team[1], ...details } } : { status: 404, body: { error: { code: 'NotFound', message: 'team not found' } } };
    }
    if (method === 'POST' && /\/v3\/conversations$/.test(path)) return this.createConversation(body, authorization);
    const match = /\/v3\/conversations\/(.+?)\/activities(?:\/([^/]+))?$/.exec(path);
    if (!match) return { status: 404, body: { error: { code: 'BadSyntax', message: `no route for ${method} ${path}` } } };
    const [, conversationId, activityId] = match;
    if (method === 'POST') {
      this.calls.push({ kind: activityId ? 'reply' : 'send', conversationId, activityId, body, authorization });
      const streamInfo = streamInfoOf(body);
      if (streamInfo) return this.stream(conversationId, activityId, body, streamInfo);
      // A plain typing indicator shows nothing that stays.
      if (body?.type === 'typing') return { status: 200, body: {} };
      const id = `bot-${this.nextId++}`;
      this.posted.set(id, { id, conversationId, replyToId: activityId, activity: body, edits: 0 });
      return { status: 201, body: { id } };
    }
    if (method === 'PUT' && activityId) {
      this.calls.push({ kind: 'update', conversationId, activityId, body, authorization });
      const message = this.posted.get(activityId);
      if (!message) return { status: 404, body: { error: { code: 'NotFound', message: 'no such activity' } } };
      message.activity = body;
      message.edits += 1;
      return { status: 200, body: { id: activityId } };
    }
    if (method === 'DELETE' && activityId) {
      this.calls.push({ kind: 'delete', conversationId, activityId, body, authorization });
      this.posted.delete(activityId);
      return { status: 200, body: {} };
    }
    return { status: 405, body: { error: { code: 'MethodNotAllowed', message: method } } };
  }
}
