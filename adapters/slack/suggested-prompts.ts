import type { DocumentRecord } from '../../src/index.ts';

/** One clickable suggestion: `title` is what the button shows, `message` what is sent when it is clicked. */
export interface SuggestedPrompt {
  title: string;
  message: string;
}

/** assistant.threads.setSuggestedPrompts takes "up to four" prompts (its usage notes). */
export const maxSuggestedPrompts = 4;
/** Slack's method page documents no title length; short titles keep the buttons on one line. */
export const maxPromptTitleChars = 75;
export const suggestedPromptsTitle = 'Try asking';

/** Offered when the asker has no ready documents: answered with Folio's directions for starting. */
export const starterPrompts: SuggestedPrompt[] = [
  { title: 'How do I add a document?', message: 'How do I add a document?' },
  { title: 'What can you do?', message: 'What can you do with my documents?' },
];

/**
 * Up to four prompts about the newest ready documents: "Summarise X" for the newest, "What does X say
 * about …?" for the next ones. Without ready documents, the starter prompts.
 */
export function suggestedPromptsFor(ready: DocumentRecord[]): SuggestedPrompt[] {
  const names = [...new Set([...ready].sort((left, right) => newest(right) - newest(left)).map(record => record.name))];
  if (names.length === 0) return starterPrompts;
  const [first, ...others] = names;
  const prompts: SuggestedPrompt[] = [
    prompt(`Summarise ${first}`, `Summarise ${first}.`),
    ...others.map(name => prompt(`What does ${name} say about …?`, `What does ${name} cover? List its main topics, with pages.`)),
  ];
  if (others.length === 0) prompts.push(prompt(`Key points of ${first}`, `What are the key points of ${first}?`));
  return prompts.slice(0, maxSuggestedPrompts);
}

function prompt(title: string, message: string): SuggestedPrompt {
  return { title: title.length > maxPromptTitleChars ? `${title.slice(0, maxPromptTitleChars - 1)}…` : title, message };
}

function newest(record: DocumentRecord): number {
  const time = Date.parse(record.updatedAt);
  return Number.isNaN(time) ? 0 : time;
}
