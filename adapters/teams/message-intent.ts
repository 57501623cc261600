import type { Activity } from '@microsoft/agents-activity';
import { chatCommandWords, parseChatCommand, type ChatCommand } from '../../src/index.ts';
import { personalFileAttachments } from './handlers/share-personal-files.ts';
import type { TeamsTurn } from './teams-turn.ts';

/** The command words the bot understands (the same as Slack's); the manifest's commandLists offer exactly these (checked by a test). */
export const teamsCommands = chatCommandWords;

/** What a Teams message asks the bot to do; decided from the activity alone, before any work is claimed. */
export type MessageIntent =
  /** `question`: text sent with the files, answered once they are read ("what does this say about …"). */
  | { kind: 'personal-files'; files: ReturnType<typeof personalFileAttachments>; question?: string }
  /**
   * A channel or group-chat message that may carry files; when it has none, `otherwise` applies, and a
   * question asked with files is answered once they are read.
   */
  | { kind: 'conversation-files'; otherwise: MessageIntent }
  /** help, docs, status, forget <document>, forget-space, scope, settings (chat-command.ts). */
  | Exclude<ChatCommand, { kind: 'unknown' }>
  | { kind: 'unsupported-attachment' }
  | { kind: 'question'; question: string }
  | { kind: 'ignore' };

/**
 * Personal chat: files are read, the chat commands ("help", "docs", "status", "forget …", "forget-space",
 * "scope …", "settings …") are commands, any other text is a question.
 * Channels and group chats: with resource-specific consent Teams delivers every message, so only
 * messages that mention the bot or may carry a file are acted on; the others are ignored silently.
 */
export function messageIntent(turn: TeamsTurn, activity: Activity): MessageIntent {
  if (turn.kind === 'personal') {
    const files = personalFileAttachments(activity.attachments);
    if (files.length > 0) {
      const withText = textIntent(turn.text);
      return withText.kind === 'question' ? { kind: 'personal-files', files, question: withText.question } : { kind: 'personal-files', files };
    }
    if (!turn.text && (activity.attachments ?? []).some(attachment => attachment.contentType !== 'text/html')) return { kind: 'unsupported-attachment' };
    return textIntent(turn.text);
  }
  const addressed = turn.mentionsBot ? textIntent(turn.text) : ({ kind: 'ignore' } as const);
  return mayCarryFiles(turn, activity) ? { kind: 'conversation-files', otherwise: addressed } : addressed;
}

function textIntent(text: string): MessageIntent {
  const command = parseChatCommand(text, 'message');
  return command && command.kind !== 'unknown' ? command : { kind: 'question', question: text };
}

/**
 * Teams does not put channel or group-chat files in the bot's activity, only hints: the message's HTML
 * copy (a `text/html` attachment) contains `<attachment id=…>` for each file, or is empty for a message
 * that is only a file; a message with no text at all is usually a file too. Only such messages are
 * looked up in Graph, so ordinary chatter costs no Graph call.
 */
function mayCarryFiles(turn: TeamsTurn, activity: Activity): boolean {
  const attachments = activity.attachments ?? [];
  if (attachments.some(attachment => attachment.contentType === 'reference' || attachment.contentType?.startsWith('application/vnd.microsoft.teams.file')))
    return true;
  const html = attachments
    .filter(attachment => attachment.contentType === 'text/html')
    .map(attachment => (typeof attachment.content === 'string' ? attachment.content : ''));
  if (html.some(content => /<attachment\b/i.test(content) || content.trim() === '')) return true;
  return turn.text === '' && !turn.mentionsBot;
}
