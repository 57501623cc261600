import type { Activity, ConversationReference } from '@microsoft/agents-activity';
import { FolioError, type SpaceId, spaceOfConversation } from '../../src/index.ts';
import { splitConversationId } from './teams-space.ts';

export type TeamsConversationKind = 'personal' | 'groupChat' | 'channel';

/** The parts of Teams' `channelData` the adapter reads. */
interface TeamsChannelData {
  tenant?: { id?: string };
  team?: { id?: string; aadGroupId?: string };
  channel?: { id?: string };
}

/** One incoming Teams message, reduced to what the handlers need. */
export interface TeamsTurn {
  /** The message's id (Teams: a millisecond timestamp string). */
  activityId: string;
  tenantId: string;
  kind: TeamsConversationKind;
  /** `conversation.id` without `;messageid=…`. */
  conversationId: string;
  /** Channels: the root message of the thread this message is in (itself for a new post). */
  threadRootId?: string;
  /** Channels: the team's thread id (`19:…@thread.tacv2`) and, when Teams sent it, its Entra group id. */
  teamId?: string;
  teamGroupId?: string;
  /** Channels: the channel's id (`19:…@thread.tacv2`). */
  channelId?: string;
  space: SpaceId;
  /** Entra object id of the sender when known (stable across chats), else the Teams user id. */
  userId: string;
  mentionsBot: boolean;
  /** The bot's own Teams id, `28:<Entra app id>` (the activity's recipient). */
  botId?: string;
  /** The message text without the bot's mention, other mentions reduced to names, whitespace collapsed. */
  text: string;
  /** Where replies go: this message's thread. */
  reference: ConversationReference;
}

export function readTeamsTurn(activity: Activity): TeamsTurn {
  const channelData = (activity.channelData ?? {}) as TeamsChannelData;
  const conversation = activity.conversation;
  const tenantId = conversation?.tenantId ?? channelData.tenant?.id;
  if (!conversation?.id || !tenantId || !activity.id) {
    throw new FolioError({
      code: 'input_invalid',
      message: 'Teams activity without conversation, tenant or id',
      userMessage: 'I could not tell which Microsoft 365 organisation this conversation belongs to, so I did nothing with it.',
    });
  }
  const { conversationId, threadRootId } = splitConversationId(conversation.id);
  const kind = conversationKind(conversation.conversationType, channelData, conversation.isGroup);
  const mentionsBot = mentionedIds(activity).includes(activity.recipient?.id ?? '\u0000');
  return {
    activityId: activity.id,
    tenantId,
    kind,
    conversationId,
    threadRootId: kind === 'channel' ? (threadRootId ?? activity.id) : undefined,
    teamId: channelData.team?.id,
    teamGroupId: channelData.team?.aadGroupId,
    channelId: kind === 'channel' ? (channelData.channel?.id ?? conversationId) : undefined,
    space: spaceOfConversation({ platform: 'teams', tenantId, conversationId }),
    userId: activity.from?.aadObjectId ?? activity.from?.id ?? 'unknown',
    mentionsBot,
    botId: activity.recipient?.id,
    text: textWithoutBotMention(activity),
    reference: activity.getConversationReference(),
  };
}

function conversationKind(type: string | undefined, channelData: TeamsChannelData, isGroup: boolean | undefined): TeamsConversationKind {
  if (type === 'personal' || type === 'groupChat' || type === 'channel') return type;
  if (channelData.channel?.id) return 'channel';
  return isGroup ? 'groupChat' : 'personal';
}

interface MentionEntity {
  type: string;
  text?: string;
  mentioned?: { id?: string };
}

function mentionedIds(activity: Activity): string[] {
  return mentions(activity).flatMap(mention => (mention.mentioned?.id ? [mention.mentioned.id] : []));
}

function mentions(activity: Activity): MentionEntity[] {
  return (activity.entities ?? []).filter(entity => entity.type.toLowerCase() === 'mention') as MentionEntity[];
}

/**
 * Teams puts the mention in the text as `<at>Folio</at>` and names it in an entity; the bot's own mention
 * is removed (by the entity's exact text), other people's mentions keep their names.
 */
function textWithoutBotMention(activity: Activity): string {
  let text = activity.text ?? '';
  for (const mention of mentions(activity)) {
    if (mention.mentioned?.id === activity.recipient?.id && mention.text) text = text.split(mention.text).join(' ');
  }
  return text
    .replace(/<at[^>]*>(.*?)<\/at>/gi, '$1')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
