import { z } from 'zod';
import { FolioError } from '../../../src/index.ts';
import type { GraphAppToken } from './graph-app-token.ts';
import { missingPermission, type GraphResource } from './missing-permission.ts';
import { shareIdFor } from './share-id.ts';

const graphAttachment = z.object({
  id: z.string().nullish(),
  contentType: z.string().nullish(),
  contentUrl: z.string().nullish(),
  name: z.string().nullish(),
});
const chatMessage = z.object({ id: z.string(), attachments: z.array(graphAttachment).nullish() });

const graphIdentity = z.object({ id: z.string().nullish(), displayName: z.string().nullish() }).nullish();
/** A message as thread history reads it: who wrote it, when, its HTML body, mentions, and cards. */
const threadMessage = z.object({
  id: z.string(),
  messageType: z.string().nullish(),
  createdDateTime: z.string().nullish(),
  deletedDateTime: z.string().nullish(),
  from: z.object({ user: graphIdentity, application: graphIdentity }).nullish(),
  body: z.object({ contentType: z.string().nullish(), content: z.string().nullish() }).nullish(),
  // A card's `content` is its JSON, as a string.
  attachments: z.array(z.object({ contentType: z.string().nullish(), content: z.unknown() })).nullish(),
  mentions: z
    .array(z.object({ id: z.union([z.number(), z.string()]), mentioned: z.object({ user: graphIdentity, application: graphIdentity }).nullish() }))
    .nullish(),
});
const threadMessagePage = z.object({ value: z.array(threadMessage), '@odata.nextLink': z.string().nullish() });

export type GraphAttachment = z.infer<typeof graphAttachment>;
export type GraphChatMessage = z.infer<typeof chatMessage>;
export type GraphThreadMessage = z.infer<typeof threadMessage>;

/** Graph returns at most 50 replies per page; a thread longer than this many pages is read in part. */
const maxReplyPages = 4;

export interface GraphClientSettings {
  /** e.g. https://graph.microsoft.com/v1.0 (GRAPH_API_URL), without a trailing slash. */
  graphUrl: string;
  token: GraphAppToken;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The few Microsoft Graph calls the Teams bot makes, app-only: read a channel or chat message (to find
 * the files posted with it, which the bot's activity does not carry), read a channel thread (the
 * earlier turns of a follow-up question) and locate a shared file's content. Status codes become FolioErrors with plain words; a 403 names the missing permission.
 */
export class GraphClient {
  constructor(private readonly settings: GraphClientSettings) {}

  /** `GET /teams/{group}/channels/{channel}/messages/{id}`, or `…/messages/{root}/replies/{id}` in a thread. */
  channelMessage(tenantId: string, where: { teamGroupId: string; channelId: string; messageId: string; threadRootId?: string }): Promise<GraphChatMessage> {
    const base = `/teams/${encodeURIComponent(where.teamGroupId)}/channels/${encodeURIComponent(where.channelId)}/messages`;
    const path =
      where.threadRootId && where.threadRootId !== where.messageId
        ? `${base}/${encodeURIComponent(where.threadRootId)}/replies/${encodeURIComponent(where.messageId)}`
        : `${base}/${encodeURIComponent(where.messageId)}`;
    return this.getJson(tenantId, path, 'channel-message').then(body => chatMessage.parse(body));
  }

  /**
   * A channel thread: the post (`GET …/messages/{root}`) and its replies (`GET …/messages/{root}/replies`,
   * 50 per page, following `@odata.nextLink` on Graph's own host), in no particular order.
   */
  async channelThread(tenantId: string, where: { teamGroupId: string; channelId: string; rootId: string }): Promise<GraphThreadMessage[]> {
    const root = `${this.settings.graphUrl}/teams/${encodeURIComponent(where.teamGroupId)}/channels/${encodeURIComponent(where.channelId)}/messages/${encodeURIComponent(where.rootId)}`;
    const messages: GraphThreadMessage[] = [threadMessage.parse(await this.getJsonAt(tenantId, root, 'channel-message'))];
    let url: string | undefined = `${root}/replies?$top=50`;
    for (let page = 0; url && page < maxReplyPages; page++) {
      const body = threadMessagePage.parse(await this.getJsonAt(tenantId, url, 'channel-message'));
      messages.push(...body.value);
      const next: string | null | undefined = body['@odata.nextLink'];
      // The token goes only to Graph itself, whatever a next link says.
      url = next && new URL(next).origin === new URL(this.settings.graphUrl).origin ? next : undefined;
    }
    return messages;
  }

  /** `GET /chats/{chat}/messages/{id}` (group chats; the chat id is the conversation id). */
  chatMessage(tenantId: string, where: { chatId: string; messageId: string }): Promise<GraphChatMessage> {
    const path = `/chats/${encodeURIComponent(where.chatId)}/messages/${encodeURIComponent(where.messageId)}`;
    return this.getJson(tenantId, path, 'chat-message').then(body => chatMessage.parse(body));
  }

  /**
   * Where a shared file's bytes are: `GET /shares/u!{…}/driveItem/content` answers 302 with a short-lived,
   * pre-authenticated download URL (on SharePoint), which is returned so the download needs no token.
   * Should Graph answer 200 with the bytes instead, the content URL itself is returned with the token.
   */
  async fileDownload(tenantId: string, sharingUrl: string): Promise<{ url: string; headers?: Record<string, string> }> {
    const url = `${this.settings.graphUrl}/shares/${shareIdFor(sharingUrl)}/driveItem/content`;
    const response = await this.send(tenantId, url, 'file', { redirect: 'manual' });
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) return { url: new URL(location, url).toString() };
    return { url, headers: { authorization: `Bearer ${await this.settings.token.forTenant(tenantId)}` } };
  }

  private getJson(tenantId: string, path: string, resource: GraphResource): Promise<unknown> {
    return this.getJsonAt(tenantId, `${this.settings.graphUrl}${path}`, resource);
  }

  private async getJsonAt(tenantId: string, url: string, resource: GraphResource): Promise<unknown> {
    const response = await this.send(tenantId, url, resource, {});
    return response.json().catch(() => {
      throw unavailable(`Graph answered ${resource} with a body that is not JSON`);
    });
  }

  /** One Graph request with the tenant's token; a rejected token (401) is renewed once. */
  private async send(tenantId: string, url: string, resource: GraphResource, init: RequestInit, renewed = false): Promise<Response> {
    const token = await this.settings.token.forTenant(tenantId);
    let response: Response;
    try {
      response = await (this.settings.fetch ?? fetch)(url, {
        ...init,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw unavailable(`Graph request for ${resource} failed: ${(error as Error).message}`, error);
    }
    if (response.ok || (response.status >= 300 && response.status < 400)) return response;
    const errorCode = await graphErrorCode(response);
    if (response.status === 401 && !renewed) {
      this.settings.token.forget(tenantId);
      return this.send(tenantId, url, resource, init, true);
    }
    if (response.status === 403) throw missingPermission(resource, errorCode);
    if (response.status === 404) {
      throw new FolioError({
        code: 'document_not_found',
        message: `Graph answered 404 for ${resource} (${errorCode})`,
        userMessage: 'I could not find that message or file any more; it may have been deleted or moved. Please post the file again.',
      });
    }
    throw unavailable(`Graph answered ${response.status} for ${resource} (${errorCode})`, undefined, response.status === 429 || response.status >= 500);
  }
}

/** Graph's error body names a code (`Forbidden`, `itemNotFound`); its message may quote ids and is not kept. */
async function graphErrorCode(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return typeof body?.error?.code === 'string' ? body.error.code.slice(0, 80) : `status ${response.status}`;
}

function unavailable(message: string, cause?: unknown, retryable = true): FolioError {
  return new FolioError({
    code: 'download_failed',
    message,
    cause,
    retryable,
    userMessage: 'Microsoft 365 did not let me read that file just now. Please post it again in a minute.',
  });
}
