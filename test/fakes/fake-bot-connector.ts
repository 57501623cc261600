import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/** One request the bot made to the Bot Connector REST API. */
export interface ConnectorCall {
  kind: 'send' | 'reply' | 'update' | 'delete' | 'team-details';
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
  activity: any;
  edits: number;
}

/**
 * A local Bot Connector (the REST API behind an activity's `serviceUrl`) speaking the real wire format:
 * `POST /v3/conversations/{id}/activities` (send), `POST …/activities/{activityId}` (reply),
 * `PUT …/activities/{activityId}` (edit), `DELETE …`, and `GET /v3/teams/{teamId}` (team details with the
 * Entra group id). Teams' service URLs carry a region path (`…/amer/`), so any prefix before `/v3/` is
 * accepted. Every call is recorded; message ids are handed out in order.
 */
export class FakeBotConnector {
  readonly calls: ConnectorCall[] = [];
  /** Team thread id → details served by GET /v3/teams/{id}. */
  readonly teams = new Map<string, { aadGroupId: string; name: string }>();
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

  /** Messages the bot posted, in order, with their latest content. */
  messages(conversationId?: string): BotMessage[] {
    return [...this.posted.values()].filter(message => !conversationId || message.conversationId.split(';')[0] === conversationId);
  }

  /** Polls until `probe` returns something (the bot works in the background after answering the request). */
  async waitFor<T>(probe: () => T | undefined | false, options: { timeoutMs?: number; what?: string } = {}): Promise<T> {
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    for (;;) {
      const value = probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'the bot'}; connector calls: ${JSON.stringify(this.calls.map(call => [call.kind, call.activityId, call.body?.text ?? call.body?.summary]))}`);
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

  close(): Promise<void> {
    return new Promise(resolve => this.server.close(() => resolve()));
  }

  private async handle(method: string, url: string, authorization: string | undefined, request: NodeJS.ReadableStream): Promise<{ status: number; body: unknown }> {
    const raw = await text(request);
    const body = raw ? JSON.parse(raw) : undefined;
    const path = decodeURIComponent(new URL(url, 'http://fake').pathname);
    const team = /\/v3\/teams\/([^/]+)$/.exec(path);
    if (team && method === 'GET') {
      this.calls.push({ kind: 'team-details', activityId: team[1], body, authorization });
      const details = this.teams.get(team[1]);
      return details ? { status: 200, body: { id: team[1], ...details } } : { status: 404, body: { error: { code: 'NotFound', message: 'team not found' } } };
    }
    const match = /\/v3\/conversations\/(.+?)\/activities(?:\/([^/]+))?$/.exec(path);
    if (!match) return { status: 404, body: { error: { code: 'BadSyntax', message: `no route for ${method} ${path}` } } };
    const [, conversationId, activityId] = match;
    if (method === 'POST') {
      const id = `bot-${this.nextId++}`;
      this.calls.push({ kind: activityId ? 'reply' : 'send', conversationId, activityId, body, authorization });
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
