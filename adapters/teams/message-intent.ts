import type { Activity } from '@microsoft/agents-activity';
import { personalFileAttachments } from './handlers/share-personal-files.ts';
import type { TeamsTurn } from './teams-turn.ts';

/** What a Teams message asks the bot to do; decided from the activity alone, before any work is claimed. */
/** The command words the bot understands; the manifest's commandLists offer exactly these (checked by a test). */
export const teamsCommands = ['help', 'docs', 'scope', 'settings', 'forget-space'] as const;

export type MessageIntent =
  /** `question`: text sent with the files, answered once they are read ("what does this say about …"). */
  | { kind: 'personal-files'; files: ReturnType<typeof personalFileAttachments>; question?: string }
  /**
   * A channel or group-chat message that may carry files; when it has none, `otherwise` applies, and a
   * question asked with files is answered once they are read.
   */
  | { kind: 'conversation-files'; otherwise: MessageIntent }
  | { kind: 'help' }
  | { kind: 'docs' }
  /** `scope team` / `scope channel` (or just `scope`): whether questions here also read the organisation-wide documents. */
  | { kind: 'scope'; choice: string }
  /** `settings`, or `settings <name> <value>`: how Folio answers here (visibility, cited only, question limit). */
  | { kind: 'settings'; argument: string }
  /** `forget-space`: forget every document of this conversation, after a confirmation card. */
  | { kind: 'forget-space' }
  | { kind: 'unsupported-attachment' }
  | { kind: 'question'; question: string }
  | { kind: 'ignore' };

/**
 * Personal chat: files are read, "help", "docs", "scope …", "settings …" and "forget-space" are commands, any other text is a question.
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
  const command = text.toLowerCase().replace(/[.!?]+$/, '').trim();
  if (command === '' || command === 'help' || command === '/help') return { kind: 'help' };
  if (command === 'docs' || command === 'documents' || command === '/docs') return { kind: 'docs' };
  // Only the exact command words: "scope creep?" is a question.
  const scope = /^\/?scope(?:\s+(team|channel|chat|conversation))?$/.exec(command);
  if (scope) return { kind: 'scope', choice: scope[1] ?? '' };
  // "settings" alone or with a setting's name: "settings for the VPN?" stays a question.
  const settings = /^\/?settings(?:\s+((?:visibility|cited-only|citedonly|rate|rate-limit)\b.*))?$/.exec(command);
  if (settings) return { kind: 'settings', argument: settings[1] ?? '' };
  if (/^\/?forget[- ]space$/.test(command)) return { kind: 'forget-space' };
  return { kind: 'question', question: text };
}

/**
 * Teams does not put channel or group-chat files in the bot's activity, only hints: the message's HTML
 * copy (a `text/html` attachment) contains `<attachment id=…>` for each file, or is empty for a message
 * that is only a file; a message with no text at all is usually a file too. Only such messages are
 * looked up in Graph, so ordinary chatter costs no Graph call.
 */
function mayCarryFiles(turn: TeamsTurn, activity: Activity): boolean {
  const attachments = activity.attachments ?? [];
  if (attachments.some(attachment => attachment.contentType === 'reference' || attachment.contentType?.startsWith('application/vnd.microsoft.teams.file'))) return true;
  const html = attachments.filter(attachment => attachment.contentType === 'text/html').map(attachment => (typeof attachment.content === 'string' ? attachment.content : ''));
  if (html.some(content => /<attachment\b/i.test(content) || content.trim() === '')) return true;
  return turn.text === '' && !turn.mentionsBot;
}
