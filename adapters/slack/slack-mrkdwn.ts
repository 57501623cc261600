import { renderChatText, type ChatText } from '../../src/index.ts';

/**
 * Answers are Markdown; Slack renders its own "mrkdwn": `*bold*`, `_italic_`, `<url|text>` links, no
 * headings and no tables. `&`, `<` and `>` must be escaped or Slack reads them as mentions and links.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const boldMark = '\u0001';

export function markdownToMrkdwn(markdown: string): string {
  const lines = escapeMrkdwn(markdown).split('\n');
  const out: string[] = [];
  let inFence = false;
  let inTable = false;
  for (const line of lines) {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      out.push(line);
      continue;
    }
    if (inFence) {
      out.push(line);
      continue;
    }
    // Slack has no tables: keep their grid readable in a code block.
    const tableLine = /^\s*\|.*\|\s*$/.test(line);
    if (tableLine !== inTable) {
      out.push('```');
      inTable = tableLine;
    }
    out.push(tableLine ? line : inlineMarkdown(line));
  }
  if (inTable || inFence) out.push('```');
  return out.join('\n');
}

function inlineMarkdown(line: string): string {
  const heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(line);
  if (heading) return `*${heading[1].replace(/\*\*/g, '')}*`;
  return line
    .replace(/^(\s*)[-*+]\s+/, '$1• ')
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_, a: string | undefined, b: string | undefined) => `${boldMark}${a ?? b}${boldMark}`)
    .replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?!\w)/g, '$1_$2_')
    .replace(new RegExp(boldMark, 'g'), '*')
    .replace(/~~(.+?)~~/g, '~$1~')
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, '<$2|$1>');
}

/**
 * Splits text into pieces of at most `maxChars`, preferring paragraph breaks, then line breaks, then
 * spaces, so a section block never cuts a sentence in the middle when it can avoid it.
 */
export function splitText(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const cut = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' ')].find(index => index > maxChars / 2) ?? maxChars;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** The shared chat words (adapters/shared) in mrkdwn: names bold as `*name*`, escaped. */
export function chatTextToMrkdwn(text: ChatText): string {
  return renderChatText(text, name => `*${escapeMrkdwn(name)}*`);
}
