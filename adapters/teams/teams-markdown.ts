import { renderChatText, type ChatText } from '../../src/index.ts';

/**
 * Teams renders a subset of Markdown in messages and Adaptive Card TextBlocks: `**bold**`, `_italic_`,
 * lists and links, but no headings and no tables, and a single `*x*` is italics. The shared chat words
 * (adapters/shared) come as ChatText: names become `**name**`, escaped.
 */
export function chatTextToTeams(text: ChatText): string {
  return renderChatText(text, name => `**${escapeTeamsMarkdown(name)}**`);
}

/** Answer Markdown for a TextBlock: headings become bold lines (tables stay as their text grid). */
export function markdownForTeams(markdown: string): string {
  return markdown
    .split('\n')
    .map(line => {
      const heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(line);
      return heading ? `**${heading[1].replace(/\*\*/g, '')}**` : line;
    })
    .join('\n');
}

/** A file or section name shown inside Markdown: characters Markdown would read as formatting are escaped. */
export function escapeTeamsMarkdown(text: string): string {
  return text
    .replace(/([\\*_`[\]])/g, '\\$1')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
