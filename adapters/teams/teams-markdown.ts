/**
 * Teams renders a subset of Markdown in messages and Adaptive Card TextBlocks: `**bold**`, `_italic_`,
 * lists and links, but no headings and no tables, and a single `*x*` is italics. The shared chat words
 * (adapters/shared/ingest-messages.ts) use Slack's `*bold*`, so they are converted here.
 */
export function slackBoldToTeams(text: string): string {
  return text.replace(/(^|[^*\w])\*(?!\s)([^*\n]+?)\*(?![*\w])/g, '$1**$2**');
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
  return text.replace(/([\\*_`[\]])/g, '\\$1').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Cuts text to at most `maxChars` at a word boundary, ending with `suffix` when anything was cut. */
export function shorten(text: string, maxChars: number, suffix = '…'): string {
  if (text.length <= maxChars) return text;
  const room = Math.max(0, maxChars - suffix.length);
  const window = text.slice(0, room);
  const space = window.lastIndexOf(' ');
  return `${(space > room * 0.6 ? window.slice(0, space) : window).trimEnd()}${suffix}`;
}

/** "p. 4", "pp. 4–6" for a run, "pp. 4, 9" otherwise. */
export function pagesLabel(pages: number[]): string {
  if (pages.length === 0) return 'p. ?';
  if (pages.length === 1) return `p. ${pages[0]}`;
  const contiguous = pages.every((page, index) => index === 0 || page === pages[index - 1] + 1);
  return contiguous ? `pp. ${pages[0]}–${pages[pages.length - 1]}` : `pp. ${pages.join(', ')}`;
}
