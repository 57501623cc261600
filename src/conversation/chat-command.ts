/** The commands Folio understands in every chat; Slack offers them as `/folio <word>`, Teams as messages. */
export const chatCommandWords = ['help', 'docs', 'status', 'forget', 'forget-space', 'scope', 'settings'] as const;

export type ChatCommand =
  | { kind: 'help' }
  /** The documents the conversation's questions read, with their state. */
  | { kind: 'docs' }
  /** What is being read, the scope, and how answers are written. */
  | { kind: 'status' }
  /** Forget one document, named as the user wrote it (empty: they did not say which). */
  | { kind: 'forget'; document: string }
  /** Forget every document of the conversation, after a confirmation. */
  | { kind: 'forget-space' }
  /** `scope team | channel | chat | conversation`, or empty to show the current scope. */
  | { kind: 'scope'; choice: string }
  /** `settings`, or `settings <name> <value>`. */
  | { kind: 'settings'; argument: string }
  /** A slash command with a word Folio does not know. */
  | { kind: 'unknown'; word: string };

/** The names of the settings `settings <name> <value>` changes (see space-settings.ts). */
const settingNames = /^(?:visibility|cited-only|citedonly|rate|rate-limit)\b/;

/**
 * What a text addressed to Folio asks for. `slash`: the text of a slash command (`/folio docs`), where
 * every text is a command: empty is help, a word Folio does not know is `unknown`. `message`: a chat
 * message to Folio, where only a command's exact forms are commands and anything else is a question
 * (undefined): "scope creep?", "settings for the VPN?", "status of the project?" and "forget the
 * budget, what about travel?" are questions.
 */
export function parseChatCommand(text: string, mode: 'slash' | 'message'): ChatCommand | undefined {
  const trimmed = text.trim().replace(/^\//, '');
  const [first = '', ...rest] = trimmed.split(/\s+/).filter(Boolean);
  const word = first.toLowerCase().replace(/[.!]+$/, '');
  const argument = rest
    .join(' ')
    .replace(/[.!]+$/, '')
    .trim();
  if (mode === 'slash') return slashCommand(word, argument);
  // A question mark makes any message a question, except a bare "help?".
  const asked = /\?\s*$/.test(trimmed);
  if (word === '' || (word.replace(/\?$/, '') === 'help' && rest.length === 0)) return { kind: 'help' };
  if (asked) return undefined;
  const lower = argument.toLowerCase();
  if ((word === 'docs' || word === 'documents' || word === 'status') && argument === '') return { kind: word === 'status' ? 'status' : 'docs' };
  if (word === 'scope' && (lower === '' || /^(?:team|channel|chat|conversation)$/.test(lower))) return { kind: 'scope', choice: lower };
  if (word === 'settings' && (lower === '' || settingNames.test(lower))) return { kind: 'settings', argument: lower };
  if (word === 'forget-space' || (word === 'forget' && lower === 'space')) return { kind: 'forget-space' };
  // "forget <document>": a document's name has no sentence in it.
  if (word === 'forget' && !/[,;:]\s/.test(argument)) return { kind: 'forget', document: argument };
  return undefined;
}

function slashCommand(word: string, argument: string): ChatCommand {
  switch (word) {
    case '':
    case 'help':
      return { kind: 'help' };
    case 'docs':
    case 'documents':
      return { kind: 'docs' };
    case 'status':
      return { kind: 'status' };
    case 'forget':
      return argument.toLowerCase() === 'space' ? { kind: 'forget-space' } : { kind: 'forget', document: argument };
    case 'forget-space':
      return { kind: 'forget-space' };
    case 'scope':
      return { kind: 'scope', choice: argument.toLowerCase() };
    case 'settings':
      return { kind: 'settings', argument };
    default:
      return { kind: 'unknown', word };
  }
}
