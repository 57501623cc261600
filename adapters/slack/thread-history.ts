import type { ConversationTurn } from '../../src/index.ts';
import { boundedHistory } from '../shared/bounded-history.ts';
import { answerTextOf } from './answer-blocks.ts';
import type { SlackConversation } from './slack-dependencies.ts';

/**
 * The thread before the current message as conversation turns, oldest first: people's messages
 * (mentions removed) and Folio's earlier answers. Progress lines and other bots are left out.
 */
export async function threadHistory(conversation: SlackConversation): Promise<ConversationTurn[]> {
  if (conversation.threadTs === conversation.messageTs) return [];
  const response = await conversation.client.conversations.replies({ channel: conversation.channelId, ts: conversation.threadTs, limit: 100 });
  const turns: ConversationTurn[] = [];
  for (const message of response.messages ?? []) {
    if (!message.ts || Number(message.ts) >= Number(conversation.messageTs)) continue;
    const fromFolio = Boolean(message.bot_id) || (conversation.botUserId !== undefined && message.user === conversation.botUserId);
    if (fromFolio) {
      const answer = answerTextOf(message.blocks as Parameters<typeof answerTextOf>[0]);
      if (answer) turns.push({ role: 'assistant', text: answer });
      continue;
    }
    const text = stripMentions(message.text ?? '', conversation.botUserId);
    if (text) turns.push({ role: 'user', text });
  }
  return boundedHistory(turns);
}

/** Removes the bot's own mention(s) and tidies the spacing; other people's mentions stay. */
export function stripMentions(text: string, botUserId: string | undefined): string {
  const withoutBot = botUserId ? text.replaceAll(`<@${botUserId}>`, ' ') : text;
  return withoutBot.replace(/\s+/g, ' ').trim();
}
