import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/** A `reference` attachment as Graph returns it on a chatMessage (a file posted in a channel or chat). */
export interface GraphReferenceAttachment {
  id: string;
  contentType: 'reference';
  contentUrl: string;
  name: string;
}

/** A message in a channel thread, as Graph's chatMessage: written by a person or by an app (a bot). */
export interface GraphThreadMessageFixture {
  id: string;
  /** A person (`user`) or an app (`application`, its Entra app id) wrote it. */
  from: { user: { id: string; displayName: string } } | { application: { id: string; displayName: string } };
  /** The HTML body; a person's @mention of the bot is `<at id="0">Folio</at>` with a `mentions` entry. */
  html?: string;
  mentions?: Array<{
    id: number;
    mentionText: string;
    mentioned: { user?: { id: string; displayName: string }; application?: { id: string; displayName: string } };
  }>;
  /** An Adaptive Card the message carries (a bot's answer); Graph returns its JSON as a string. */
  card?: unknown;
  messageType?: 'message' | 'systemEventMessage';
  deleted?: boolean;
}

/** What can be made to answer 403 (the app lacks the permission). */
export type ForbiddenResource = 'channel-messages' | 'chat-messages' | 'shares';

const requiredRoles: Record<ForbiddenResource, string> = {
  'channel-messages': 'ChannelMessage.Read.All, ChannelMessage.Read.Group',
  'chat-messages': 'Chat.Read.All, ChatMessage.Read.Chat',
  shares: 'Files.Read.All, Sites.Read.All',
};

/**
 * A local Microsoft Graph and Entra ID token endpoint speaking the real wire format:
 * `POST /{tenant}/oauth2/v2.0/token` (client credentials, form-encoded), and under `/v1.0`:
 * `GET /teams/{group}/channels/{channel}/messages/{id}` (and `…/messages/{root}/replies/{id}`),
 * `GET /teams/{group}/channels/{channel}/messages/{root}/replies` (`$top`, `@odata.nextLink` paging,
 * newest first), `GET /chats/{chat}/messages/{id}`, `GET /shares/u!{base64url}/driveItem/content` (302 to a
 * pre-authenticated download URL, `GET /download/{key}?tempauth=…`). It also serves the short-lived
 * `downloadUrl`s of personal-chat files (`GET /personal/{key}/{name}`). Graph calls need a token it
 * issued; any resource can be made to answer 403 as Graph does for a missing permission.
 */
export class FakeGraph {
  readonly requests: Array<{ method: string; path: string; authorization?: string; form?: Record<string, string> }> = [];
  readonly forbidden = new Set<ForbiddenResource>();
  private readonly messages = new Map<string, unknown>();
  /** Thread root path → its replies, in the order they were added. */
  private readonly threadReplies = new Map<string, unknown[]>();
  private readonly sharedFiles = new Map<string, Uint8Array>();
  private readonly downloads = new Map<string, Uint8Array>();
  private readonly issuedTokens = new Set<string>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    private readonly credentials: { clientId: string; clientSecret: string },
  ) {}

  static async start(credentials: { clientId: string; clientSecret: string }): Promise<FakeGraph> {
    let graph!: FakeGraph;
    const server = createServer((request, response) => {
      graph.handle(request, response).catch(error => response.writeHead(500).end(String(error)));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    graph = new FakeGraph(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, credentials);
    return graph;
  }

  /** GRAPH_API_URL for the adapter. */
  get graphUrl(): string {
    return `${this.baseUrl}/v1.0`;
  }

  readonly tokenUrl = (tenantId: string): string => `${this.baseUrl}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;

  addChannelMessage(where: { teamGroupId: string; channelId: string; messageId: string; rootId?: string }, attachments: GraphReferenceAttachment[]): void {
    const base = `/v1.0/teams/${where.teamGroupId}/channels/${where.channelId}/messages`;
    const path = where.rootId && where.rootId !== where.messageId ? `${base}/${where.rootId}/replies/${where.messageId}` : `${base}/${where.messageId}`;
    this.messages.set(path, chatMessage(where.messageId, attachments));
  }

  /**
   * A message of a channel thread: the root post when `message.id` is `rootId`, else a reply to it
   * (listed by `…/messages/{root}/replies` and readable one by one at `…/replies/{id}`).
   */
  addThreadMessage(where: { teamGroupId: string; channelId: string; rootId: string }, message: GraphThreadMessageFixture): void {
    const root = `/v1.0/teams/${where.teamGroupId}/channels/${where.channelId}/messages/${where.rootId}`;
    const body = threadMessage(message, where.rootId);
    if (message.id === where.rootId) {
      this.messages.set(root, body);
      return;
    }
    this.messages.set(`${root}/replies/${message.id}`, body);
    this.threadReplies.set(root, [...(this.threadReplies.get(root) ?? []), body]);
  }

  addChatMessage(where: { chatId: string; messageId: string }, attachments: GraphReferenceAttachment[]): void {
    this.messages.set(`/v1.0/chats/${where.chatId}/messages/${where.messageId}`, chatMessage(where.messageId, attachments));
  }

  /** A file in SharePoint/OneDrive behind `sharingUrl` (what a reference attachment's contentUrl names). */
  addSharedFile(sharingUrl: string, bytes: Uint8Array): void {
    this.sharedFiles.set(sharingUrl, bytes);
  }

  /** A personal-chat file; returns its pre-authenticated `downloadUrl`. */
  addPersonalDownload(name: string, bytes: Uint8Array): string {
    const key = randomUUID();
    this.downloads.set(key, bytes);
    return `${this.baseUrl}/personal/${key}/${encodeURIComponent(name)}`;
  }

  close(): Promise<void> {
    return new Promise(resolve => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const path = decodeURIComponent(url.pathname);
    const authorization = request.headers.authorization;
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };

    if (request.method === 'POST' && /^\/[^/]+\/oauth2\/v2\.0\/token$/.test(path)) {
      const form = Object.fromEntries(new URLSearchParams(await text(request)));
      this.requests.push({ method: 'POST', path, form });
      if (form.grant_type !== 'client_credentials' || form.client_id !== this.credentials.clientId || form.client_secret !== this.credentials.clientSecret) {
        return json(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
      }
      const token = `graph-token-${randomUUID()}`;
      this.issuedTokens.add(token);
      return json(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token });
    }
    this.requests.push({ method: request.method ?? 'GET', path, authorization });

    const personal = /^\/personal\/([^/]+)\//.exec(path);
    if (personal) return this.sendBytes(response, this.downloads.get(personal[1]));
    const download = /^\/download\/([^/]+)$/.exec(path);
    if (download)
      return this.sendBytes(
        response,
        url.searchParams.get('tempauth') === 'fake' ? this.sharedFiles.get(Buffer.from(download[1], 'base64url').toString()) : undefined,
      );

    if (!path.startsWith('/v1.0/')) return json(404, graphError('itemNotFound', 'no such path'));
    if (!authorization?.startsWith('Bearer ') || !this.issuedTokens.has(authorization.slice(7))) {
      return json(401, graphError('InvalidAuthenticationToken', 'Access token is empty or invalid.'));
    }
    const resource: ForbiddenResource | undefined = path.startsWith('/v1.0/teams/')
      ? 'channel-messages'
      : path.startsWith('/v1.0/chats/')
        ? 'chat-messages'
        : path.startsWith('/v1.0/shares/')
          ? 'shares'
          : undefined;
    if (resource && this.forbidden.has(resource)) {
      return json(
        403,
        graphError('Forbidden', `Missing role permissions on the request. API requires one of '${requiredRoles[resource]}'. Roles on the request ''.`),
      );
    }
    const shares = /^\/v1\.0\/shares\/u!([^/]+)\/driveItem\/content$/.exec(path);
    if (shares) {
      const sharingUrl = Buffer.from(shares[1], 'base64url').toString();
      if (!this.sharedFiles.has(sharingUrl)) return json(404, graphError('itemNotFound', 'The resource could not be found.'));
      response.writeHead(302, { location: `${this.baseUrl}/download/${Buffer.from(sharingUrl).toString('base64url')}?tempauth=fake` }).end();
      return undefined;
    }
    const replies = /^(\/v1\.0\/teams\/[^/]+\/channels\/[^/]+\/messages\/[^/]+)\/replies$/.exec(path);
    if (replies) {
      if (!this.messages.has(replies[1])) return json(404, graphError('NotFound', 'Resource not found.'));
      const newestFirst = [...(this.threadReplies.get(replies[1]) ?? [])].reverse();
      const top = Math.min(50, Number(url.searchParams.get('$top') ?? 20));
      const skip = Number(url.searchParams.get('$skiptoken') ?? 0);
      const next = skip + top < newestFirst.length ? `${this.baseUrl}${url.pathname}?$top=${top}&$skiptoken=${skip + top}` : undefined;
      return json(200, {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#chatMessages',
        value: newestFirst.slice(skip, skip + top),
        ...(next ? { '@odata.nextLink': next } : {}),
      });
    }
    const message = this.messages.get(path);
    return message ? json(200, message) : json(404, graphError('NotFound', 'Resource not found.'));
  }

  private sendBytes(response: ServerResponse, bytes: Uint8Array | undefined): void {
    if (!bytes) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) }).end(bytes);
  }
}

function chatMessage(id: string, attachments: GraphReferenceAttachment[]) {
  return {
    '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#chatMessage',
    id,
    replyToId: null,
    messageType: 'message',
    createdDateTime: new Date().toISOString(),
    from: { application: null, device: null, user: { id: 'user-aad-1', displayName: 'Ada Lovelace', userIdentityType: 'aadUser' } },
    body: { contentType: 'html', content: attachments.map(attachment => `<attachment id="${attachment.id}"></attachment>`).join('') },
    attachments: attachments.map(attachment => ({ ...attachment, content: null, thumbnailUrl: null, teamsAppId: null })),
    mentions: [],
    reactions: [],
  };
}

function threadMessage(message: GraphThreadMessageFixture, rootId: string) {
  const createdDateTime = new Date(Number(message.id)).toISOString();
  const attachments =
    message.card === undefined
      ? []
      : [
          {
            id: randomUUID(),
            contentType: 'application/vnd.microsoft.card.adaptive',
            contentUrl: null,
            content: JSON.stringify(message.card),
            name: null,
            thumbnailUrl: null,
            teamsAppId: null,
          },
        ];
  const html = message.html ?? attachments.map(attachment => `<attachment id="${attachment.id}"></attachment>`).join('');
  return {
    '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#chatMessage',
    id: message.id,
    replyToId: message.id === rootId ? null : rootId,
    messageType: message.messageType ?? 'message',
    createdDateTime,
    lastModifiedDateTime: createdDateTime,
    deletedDateTime: message.deleted ? createdDateTime : null,
    from: { device: null, user: null, application: null, ...message.from },
    body: { contentType: 'html', content: message.deleted ? '' : html },
    attachments,
    mentions: message.mentions ?? [],
    reactions: [],
  };
}

function graphError(code: string, message: string) {
  return { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomUUID(), 'client-request-id': randomUUID() } } };
}
