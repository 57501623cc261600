import { Activity, type ConversationReference } from '@microsoft/agents-activity';
import { type CloudAdapter, type ConnectorClient, type TurnContext } from '@microsoft/agents-hosting';
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

  /** Replaces the content of an earlier bot message (text → card is allowed). */
  async update(reference: ConversationReference, messageId: string, message: TeamsMessage): Promise<void> {
    await this.continue(reference, async context => {
      const activity = toActivity(message);
      activity.id = messageId;
      await context.updateActivity(activity);
    });
  }

  /**
   * The Entra group id of a team (Graph addresses teams by it, Teams activities by the team's thread
   * id): `GET /v3/teams/{teamId}` on the Bot Connector.
   */
  async teamGroupId(reference: ConversationReference, teamId: string): Promise<string | undefined> {
    let groupId: string | undefined;
    await this.continue(reference, async context => {
      const connector = context.turnState.get(this.adapter.ConnectorClientKey) as ConnectorClient;
      const response = await connector.httpClient.request<{ aadGroupId?: string }>({ method: 'get', url: `v3/teams/${encodeURIComponent(teamId)}` });
      groupId = response.data?.aadGroupId;
    });
    return groupId;
  }

  private continue(reference: ConversationReference, logic: (context: TurnContext) => Promise<void>): Promise<void> {
    return this.adapter.continueConversation(this.identity, reference, logic);
  }
}

function toActivity(message: TeamsMessage): Activity {
  return Activity.fromObject(
    message.attachments
      ? { type: 'message', summary: message.summary, attachments: message.attachments }
      : { type: 'message', text: message.text, textFormat: 'markdown' },
  );
}
