/**
 * Words Folio says in a conversation, before any platform formatting: plain strings, and names to show in
 * bold. Slack writes bold as `*x*` (mrkdwn), Teams as `**x**` (Markdown), and each escapes names its own
 * way, so the core and the shared messages return these parts and every surface renders them.
 *
 * Plain strings are shown as they are (Folio's own words, or a FolioError's userMessage, which is already
 * written for the platform it came from); only the bold parts are escaped, since they are usually file
 * names chosen by users.
 */
export type ChatText = ReadonlyArray<string | { bold: string }>;

/** Joins the parts, writing each bold part with the platform's `bold` (which also escapes it). */
export function renderChatText(text: ChatText, bold: (name: string) => string): string {
  return text.map(part => (typeof part === 'string' ? part : bold(part.bold))).join('');
}

/** The text without any formatting (logs, notification summaries). */
export function plainChatText(text: ChatText): string {
  return renderChatText(text, name => name);
}
