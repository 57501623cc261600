import { botId, tenantId } from './teams-harness.ts';

/**
 * Activities shaped as Teams sends them to a bot (fields and nesting as in the Bot Framework / Teams
 * docs): personal chat, group chat and channel messages, @mentions with their entity, file
 * attachments, the `adaptiveCard/action` invoke of a card button and the `message/submitAction` invoke
 * of Teams' feedback form.
 */
let sequence = 1_700_000_000_000;

/** A Teams message id (a millisecond timestamp), unique per test run. */
export function nextMessageId(): string {
  return String(sequence++);
}

const bot = { id: botId, name: 'Folio' };

function base(serviceUrl: string, id: string) {
  return { type: 'message', id, timestamp: new Date().toISOString(), channelId: 'msteams', serviceUrl, locale: 'en-US', recipient: bot };
}

export function personalMessage(
  serviceUrl: string,
  options: {
    id?: string;
    chatId: string;
    user?: { id: string; aadObjectId: string; name: string };
    text?: string;
    files?: Array<{ name: string; downloadUrl: string }>;
  },
) {
  const user = options.user ?? { id: '29:1ada', aadObjectId: 'aad-ada', name: 'Ada Lovelace' };
  return {
    ...base(serviceUrl, options.id ?? nextMessageId()),
    from: user,
    conversation: { conversationType: 'personal', tenantId, id: options.chatId },
    text: options.text,
    textFormat: 'plain',
    attachments: (options.files ?? []).map(file => ({
      contentType: 'application/vnd.microsoft.teams.file.download.info',
      contentUrl: `https://contoso-my.sharepoint.com/personal/ada/Documents/Microsoft Teams Chat Files/${file.name}`,
      name: file.name,
      content: { downloadUrl: file.downloadUrl, uniqueId: `unique-${file.name}`, fileType: file.name.split('.').pop() },
    })),
    channelData: { tenant: { id: tenantId } },
  };
}

interface GroupMessageOptions {
  id?: string;
  /** The bot is @mentioned before the text. */
  mention?: boolean;
  text?: string;
  /** The message's HTML copy as Teams attaches it (a posted file shows as `<attachment id=…>`). */
  html?: string;
}

export function channelMessage(serviceUrl: string, channel: { teamId: string; channelId: string; rootId?: string }, options: GroupMessageOptions) {
  const id = options.id ?? nextMessageId();
  return {
    ...base(serviceUrl, id),
    ...mentionParts(options),
    from: { id: '29:1grace', aadObjectId: 'aad-grace', name: 'Grace Hopper' },
    conversation: { isGroup: true, conversationType: 'channel', tenantId, id: `${channel.channelId};messageid=${channel.rootId ?? id}` },
    channelData: {
      teamsChannelId: channel.channelId,
      teamsTeamId: channel.teamId,
      channel: { id: channel.channelId },
      team: { id: channel.teamId },
      tenant: { id: tenantId },
    },
  };
}

export function groupChatMessage(serviceUrl: string, chatId: string, options: GroupMessageOptions) {
  return {
    ...base(serviceUrl, options.id ?? nextMessageId()),
    ...mentionParts(options),
    from: { id: '29:1grace', aadObjectId: 'aad-grace', name: 'Grace Hopper' },
    conversation: { isGroup: true, conversationType: 'groupChat', tenantId, id: chatId },
    channelData: { tenant: { id: tenantId } },
  };
}

function mentionParts(options: GroupMessageOptions) {
  const mention = '<at>Folio</at>';
  const text = [options.mention ? mention : '', options.text ?? ''].filter(Boolean).join(' ');
  return {
    text,
    textFormat: 'plain',
    entities: options.mention ? [{ type: 'mention', text: mention, mentioned: bot }] : [],
    attachments: [
      {
        contentType: 'text/html',
        content:
          options.html ??
          `<div><div>${text.replace(mention, '<span itemtype="http://schema.skype.com/Mention" itemscope="" itemid="0">Folio</span>')}</div></div>`,
      },
    ],
  };
}

/**
 * A click on an Action.Execute button of a card the bot sent earlier: in a personal chat by default, or
 * in a group chat; `replyToId` is the message holding the card, `from` who clicked (Ada by default).
 */
export function cardActionInvoke(
  serviceUrl: string,
  conversationId: string,
  action: { verb: string; data: unknown },
  options: { conversationType?: 'personal' | 'groupChat'; replyToId?: string; from?: { id: string; aadObjectId: string; name: string } } = {},
) {
  const conversationType = options.conversationType ?? 'personal';
  return {
    type: 'invoke',
    name: 'adaptiveCard/action',
    id: `f:${nextMessageId()}`,
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl,
    from: options.from ?? { id: '29:1ada', aadObjectId: 'aad-ada', name: 'Ada Lovelace' },
    recipient: bot,
    conversation: { conversationType, tenantId, id: conversationId, ...(conversationType === 'groupChat' ? { isGroup: true } : {}) },
    ...(options.replyToId ? { replyToId: options.replyToId } : {}),
    value: { action: { type: 'Action.Execute', ...action }, trigger: 'manual' },
    channelData: { tenant: { id: tenantId }, source: { name: 'message' } },
  };
}

/**
 * The submit of Teams' feedback form under a message with `feedbackLoopEnabled` (👍/👎, then the form):
 * a `message/submitAction` invoke whose `replyToId` is the rated message, and the form's fields as a
 * JSON string in `actionValue.feedback`.
 */
export function feedbackSubmitInvoke(
  serviceUrl: string,
  conversation: { id: string; conversationType: 'personal' | 'groupChat' | 'channel' },
  options: { replyToId: string; reaction: 'like' | 'dislike'; feedbackText?: string; user?: { id: string; aadObjectId: string; name: string } },
) {
  return {
    type: 'invoke',
    name: 'message/submitAction',
    id: `f:${nextMessageId()}`,
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl,
    from: options.user ?? { id: '29:1ada', aadObjectId: 'aad-ada', name: 'Ada Lovelace' },
    recipient: bot,
    conversation: { ...conversation, tenantId },
    replyToId: options.replyToId,
    value: { actionName: 'feedback', actionValue: { reaction: options.reaction, feedback: JSON.stringify({ feedbackText: options.feedbackText ?? '' }) } },
    channelData: { tenant: { id: tenantId }, source: { name: 'message' } },
    locale: 'en-US',
  };
}

/** Every TextBlock text of an Adaptive Card attachment, in order (containers flattened). */
export function cardTexts(activity: { attachments?: Array<{ contentType: string; content: any }> }): string[] {
  const card = activity.attachments?.find(attachment => attachment.contentType === 'application/vnd.microsoft.card.adaptive')?.content;
  const walk = (elements: any[]): string[] =>
    elements.flatMap(element =>
      element.type === 'TextBlock'
        ? [element.text]
        : element.type === 'Container'
          ? walk(element.items)
          : element.type === 'FactSet'
            ? element.facts.map((fact: any) => `${fact.title}: ${fact.value}`)
            : [],
    );
  return card ? walk(card.body) : [];
}
