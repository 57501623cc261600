/**
 * Answer cards as Folio posted them before answers became Markdown messages with native citations (see
 * answer/answer-message.ts). They stay in chat history: their 👍/👎 still arrive, and thread history
 * still reads their answer text back through Graph.
 */

/** The `verb` of the 👍/👎 Action.Execute buttons of those cards; the invoke handler routes on it. */
export const feedbackVerb = 'folio.feedback';

/** The `id` of the answer's TextBlock in those cards. */
export const answerBlockId = 'folio-answer';

/**
 * The answer text of one of Folio's answer cards, as Graph returns a message's card attachment (the card
 * JSON as a string, or already parsed); undefined for any other card (ingest summaries, other apps).
 */
export function answerTextOfCard(content: unknown): string | undefined {
  let card = content;
  if (typeof content === 'string') {
    try {
      card = JSON.parse(content);
    } catch {
      return undefined;
    }
  }
  const body = (card as { body?: unknown } | null)?.body;
  if (!Array.isArray(body)) return undefined;
  const block = body.find((element: { id?: unknown }) => element?.id === answerBlockId) as { text?: unknown } | undefined;
  return typeof block?.text === 'string' ? block.text : undefined;
}
