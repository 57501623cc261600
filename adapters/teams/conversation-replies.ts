import { Activity, type ConversationParameters, type ConversationReference } from '@microsoft/agents-activity';
import type { CloudAdapter, ConnectorClient, TurnContext } from '@microsoft/agents-hosting';
import type { TeamsMessage } from './cards/adaptive-card.ts';

/** The claims the SDK continues a conversation as (a JWT payload; `aud` is the bot's app id). */
export type BotIdentity = Exclude<Parameters<CloudAdapter['continueConversation']>[0], string>;

/**
 * Sends and edits bot messages after the incoming request was answered. Each call continues the
 * conversation through the SDK (`continueConversation`), which creates a Bot Connector client for the
 * activity's `serviceUrl` with a fresh token (MSAL caches it), so a long ingest never edits its progress
 * message with an expired token. The reference carries the incoming message's id, so replies land in
 * its thread (`POST /v3/conversations/{id}/activities/{replyToId}`).
 */
export class ConversationReplies {
  constructor(
    private readonly adapter: CloudAdapter,
    /** The bot's identity for outgoing calls; `{}` (anonymous) when authentication is disabled. */
    private readonly identity: BotIdentity,
  ) {}

  /** Posts a reply in the message's thread; resolves with the new message's id (for later edits). */
  async reply(reference: ConversationReference, message: TeamsMessage): Promise<string | undefined> {
    let id: string | undefined;
    await this.continue(reference, async context => {
      id = (await context.sendActivity(toActivity(message)))?.id || undefined;
    });
    return id;
  }

  /**
   * Sends any activity in the message's thread (the stream's typing activities and final message) and
   * resolves with the id the Bot Connector answered with (none for a 202 without a body). Errors reach
   * the caller as the SDK's HttpError (`status`, `response.data.error.code`).
   */
  async send(reference: ConversationReference, activity: Record<string, unknown>): Promise<string | undefined> {
    let id: string | undefined;
    await this.continue(reference, async context => {
      id = (await context.sendActivity(Activity.fromObject(activity)))?.id || undefined;
    });
    return id;
  }

  /** Replaces the content of an earlier bot message (text → card is allowed). */
  async update(reference: ConversationReference, messageId: string, message: TeamsMessage): Promise<void> {
    await this.continue(reference, async context => {
      const activity = toActivity(message);
      activity.id = messageId;
      await context.updateActivity(activity);
    });
  }

  /**
   * Sends `message` to the sender of `reference` in their personal chat with the bot, from a channel or
   * group chat (a proactive 1:1): `POST /v3/conversations` with the sender as the only member, which
   * Teams answers with the existing personal chat's id, then the message there. Teams refuses (403, or
   * 404) when the app is not installed for that person; the SDK's HttpError reaches the caller.
   */
  async sendPersonal(reference: ConversationReference, tenantId: string, message: TeamsMessage): Promise<{ conversationId: string; messageId?: string }> {
    const userId = reference.user?.id;
    if (!userId) throw new Error('the conversation reference names no user to write to');
    let sent: { conversationId: string; messageId?: string } | undefined;
    await this.continue(reference, async context => {
      const connector = context.turnState.get(this.adapter.ConnectorClientKey) as ConnectorClient;
      // The Bot Connector's wire format names the bot `bot`; the SDK's ConversationParameters call it
      // `agent` and send it as it is, so the body is written out here.
      const parameters = { isGroup: false, bot: reference.agent ?? undefined, members: [{ id: userId }], tenantId, channelData: { tenant: { id: tenantId } } };
      const conversationId = (await connector.createConversation(parameters as unknown as ConversationParameters)).id;
      if (!conversationId) throw new Error('Teams created a personal chat without an id');
      // A new message in the chat, not a reply: there is no message there to answer.
      const activity = Activity.fromObject({
        ...messageActivity(message),
        from: reference.agent,
        recipient: reference.user,
        conversation: { id: conversationId, conversationType: 'personal', isGroup: false, tenantId },
      });
      sent = { conversationId, messageId: (await connector.sendToConversation(conversationId, activity))?.id || undefined };
    });
    if (!sent) throw new Error('the personal chat could not be reached');
    return sent;
  }

  /**
   * The Entra group id of a team (Graph addresses teams by it, Teams activities by the team's thread
   * id): `GET /v3/teams/{teamId}` on the Bot Connector; undefined when it cannot be had.
   */
  async teamGroupId(reference: ConversationReference, teamId: string): Promise<string | undefined> {
    let groupId: string | undefined;
    await this.continue(reference, async context => {
      const connector = context.turnState.get(this.adapter.ConnectorClientKey) as ConnectorClient;
      const response = await connector.httpClient.request<{ aadGroupId?: string }>({ method: 'get', url: `v3/teams/${encodeURIComponent(teamId)}` });
      groupId = response.data?.aadGroupId;
    }).catch(() => undefined);
    return groupId;
  }

  /**
   * The SDK hands an error thrown inside `continueConversation` to the adapter's onTurnError (which
   * would apologise in the chat) and resolves; it is caught here instead and thrown to the caller, who
   * decides (an edit that failed is logged, a refused stream falls back to a message).
   */
  private async continue(reference: ConversationReference, logic: (context: TurnContext) => Promise<void>): Promise<void> {
    let failure: { error: unknown } | undefined;
    await this.adapter.continueConversation(this.identity, reference, async context => {
      try {
        await logic(context);
      } catch (error) {
        failure = { error };
      }
    });
    if (failure) throw failure.error;
  }
}

/** A message as the JSON of a `message` activity (Markdown text with its entities and channelData, or a card). */
export function messageActivity(message: TeamsMessage): Record<string, unknown> {
  if (message.attachments) return { type: 'message', summary: message.summary, attachments: message.attachments };
  return {
    type: 'message',
    text: message.text,
    textFormat: 'markdown',
    ...(message.entities?.length ? { entities: message.entities } : {}),
    ...(message.channelData ? { channelData: message.channelData } : {}),
  };
}

function toActivity(message: TeamsMessage): Activity {
  return Activity.fromObject(messageActivity(message));
}
