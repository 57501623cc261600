import type { Answer, Citation } from '../../../src/index.ts';
import { pagesLabel } from '../../shared/pages-label.ts';
import { shorten } from '../../shared/shorten.ts';
import { escapeTeamsMarkdown, markdownForTeams } from '../teams-markdown.ts';
import type { AdaptiveCard, CardElement } from './adaptive-card.ts';

/** The `verb` of the 👍/👎 actions; the invoke handler routes on it. */
export const feedbackVerb = 'folio.feedback';

/** The `id` of the answer's TextBlock: thread history (read back through Graph) finds Folio's answers by it. */
export const answerBlockId = 'folio-answer';

/**
 * Teams rejects messages over about 28 KB (card JSON included). These budgets keep an answer card well
 * below that whatever the answer: the answer text is shortened (and says so) rather than the reply lost.
 */
const answerMaxChars = 12_000;
const figureMaxChars = 500;
const figuresShown = 5;
const sourcesShown = 12;
const closestShown = 5;

/**
 * An Answer as an Adaptive Card 1.5: the answer, what to look at when the documents do not answer, the
 * figure descriptions used, the sources ("document · p. N — section"), notes (why an answer degraded)
 * and 👍/👎 as Action.Execute (Universal Actions, answered by an `adaptiveCard/action` invoke) with an
 * Action.Submit fallback for clients without Universal Actions.
 */
export function answerCard(answer: Answer): AdaptiveCard {
  const body: CardElement[] = [textBlock(shortenedAnswer(answer.answer), { id: answerBlockId })];
  if (!answer.grounded && answer.closest.length > 0) {
    const lines = answer.closest.slice(0, closestShown).map(item => `- ${escapeTeamsMarkdown(item.title)} (${escapeTeamsMarkdown(item.document)} · ${pagesLabel(item.pages)})`);
    body.push(textBlock(`**The closest sections I found:**\n\n${lines.join('\n')}`, { spacing: 'Medium' }));
  }
  const figures = answer.figures.slice(0, figuresShown);
  if (figures.length > 0) {
    body.push({
      type: 'Container',
      spacing: 'Medium',
      items: figures.map(figure =>
        textBlock(`🖼️ **${escapeTeamsMarkdown(figure.title)}** (${escapeTeamsMarkdown(figure.document)} · p. ${figure.page}): ${escapeTeamsMarkdown(shorten(figure.description, figureMaxChars))}`, { size: 'Small' }),
      ),
    });
  }
  if (answer.citations.length > 0) {
    body.push({
      type: 'Container',
      spacing: 'Medium',
      separator: true,
      items: [
        textBlock('**Sources**', { size: 'Small' }),
        ...answer.citations.slice(0, sourcesShown).map(citation => textBlock(sourceLabel(citation), { size: 'Small', isSubtle: true, spacing: 'None' })),
      ],
    });
  }
  // An extractive answer says so in its own first line (the core writes it); notes say why an answer degraded.
  const notes = [...new Set(answer.notes)];
  if (notes.length > 0) body.push(textBlock(escapeTeamsMarkdown(shorten(notes.join(' '), 1000)), { size: 'Small', isSubtle: true, spacing: 'Medium' }));
  // Nothing to rate when the space had nothing to search (e.g. no documents yet).
  const ratable = answer.citations.length > 0 || answer.closest.length > 0;
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.5',
    msteams: { width: 'Full' },
    body,
    ...(ratable ? { actions: [feedbackAction(answer.id, 'up', '👍 Helpful'), feedbackAction(answer.id, 'down', '👎 Not helpful')] } : {}),
  };
}

/** "[2] **handbook.pdf** · pp. 4–5 — Travel expenses" */
export function sourceLabel(citation: Citation): string {
  const section = citation.titlePath.at(-1);
  const where = section ? ` — ${escapeTeamsMarkdown(shorten(section, 80))}` : '';
  return `[${citation.n}] **${escapeTeamsMarkdown(shorten(citation.document, 80))}** · ${pagesLabel(citation.pages)}${where}`;
}

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

function shortenedAnswer(text: string): string {
  const markdown = markdownForTeams(text.trim()) || '_(no answer text)_';
  return markdown.length > answerMaxChars ? `${shorten(markdown, answerMaxChars - 24)}\n\n_(answer shortened)_` : markdown;
}

function feedbackAction(answerId: string, rating: 'up' | 'down', title: string): Record<string, unknown> {
  const data = { folioAction: 'feedback', answerId, rating };
  return { type: 'Action.Execute', title, verb: feedbackVerb, data, fallback: { type: 'Action.Submit', title, data } };
}

function textBlock(text: string, options: Record<string, unknown> = {}): CardElement {
  return { type: 'TextBlock', text, wrap: true, ...options };
}
