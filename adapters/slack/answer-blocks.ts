import type { ActionsBlock, ContextBlock, KnownBlock, SectionBlock } from '@slack/web-api';
import { citedPage, type Answer, type Citation } from '../../src/index.ts';
import { shorten } from '../shared/shorten.ts';
import { escapeMrkdwn, markdownToMrkdwn, splitText } from './slack-mrkdwn.ts';
import { feedbackActionIds, showPageActionId } from './slack-surface.ts';

/** Slack's hard limits: 50 blocks per message, 3000 characters per section text, 10 context elements. */
export const slackLimits = { blocks: 50, sectionChars: 3000, contextElements: 10 } as const;

/**
 * Our own budget for all block text of one answer. Slack rejects messages far above ~12k characters of
 * block text (`msg_too_long`) and long answers read badly in a channel anyway.
 */
export const answerTextBudgetChars = 10_000;

const shortenedMarker = '\n…(answer shortened)';
const figureBudgetChars = 2_000;
const answerBlockIdPrefix = 'folio_answer_';
export const feedbackBlockId = 'folio_feedback';

export interface SlackMessage {
  /** Notification and accessibility fallback; Slack shows the blocks. */
  text: string;
  blocks: KnownBlock[];
  /** The answer and its sources as plain mrkdwn, for when Slack refuses the blocks. */
  plainText?: string;
  /** The blocks after the answer text (figures, sources, notes, feedback): what ends a stream. */
  tail?: KnownBlock[];
}

/** Where an answer's sources open: the files in Slack, and the cited pages with the quoted lines marked. */
export interface SourceLinks {
  /** By document id: the file (or the message that shared it) in Slack. */
  files?: ReadonlyMap<string, string>;
  /**
   * By citation number: the cited page image, quoted lines marked (signed links, when the server has a
   * public URL). Without them each source gets a "Show page" button that posts the page into the thread.
   */
  pages?: ReadonlyMap<number, string>;
}

/** "Show page" buttons per answer: one actions block holds at most five, and more would crowd the answer. */
const showPageButtons = 5;

/**
 * An Answer as Block Kit: the answer in sections, the figure descriptions used, the sources
 * ("document · p. N", the name linked to the file in Slack when known, the page to the page image with
 * the quoted lines marked, or a "Show page" button when the server is not reachable from Slack), notes
 * (what degraded, e.g. a model that was down) and 👍/👎 buttons. Always within Slack's limits: the
 * answer is shortened (and says so) rather than the message being rejected. An ungrounded answer names
 * the closest sections in its text.
 */
export function answerMessage(answer: Answer, links: SourceLinks = {}): SlackMessage {
  const tail: KnownBlock[] = [];
  let figureChars = 0;
  for (const figure of answer.figures) {
    if (figureChars >= figureBudgetChars) break;
    const line = shorten(
      `:frame_with_picture: *${escapeMrkdwn(figure.title)}* (${escapeMrkdwn(figure.document)} · ${escapeMrkdwn(figure.pageLabel)}): ${escapeMrkdwn(figure.description)}`,
      500,
    );
    figureChars += line.length;
    tail.push(context([line]));
  }
  const sources = answer.citations.map(citation => sourceLabel(citation, links.files?.get(citation.documentId), links.pages?.get(citation.n)));
  for (let start = 0; start < sources.length; start += slackLimits.contextElements) {
    tail.push(context(sources.slice(start, start + slackLimits.contextElements)));
  }
  const unlinked = answer.citations.filter(citation => !links.pages?.has(citation.n)).slice(0, showPageButtons);
  if (unlinked.length > 0) tail.push(showPageActions(unlinked));
  if (answer.notes.length > 0) tail.push(context([escapeMrkdwn(shorten([...new Set(answer.notes)].join(' '), 1000))]));
  tail.push(feedbackButtons(answer.id));

  // The answer gets whatever the other parts leave of the block and character budgets.
  while (tail.length > slackLimits.blocks - 1) tail.splice(tail.length - 2, 1);
  const tailChars = tail.reduce((sum, block) => sum + blockTextLength(block), 0);
  const answerBlocksAllowed = slackLimits.blocks - tail.length;
  const answerCharsAllowed = Math.max(1_000, answerTextBudgetChars - tailChars);
  const answerBlocks = answerSections(markdownToMrkdwn(answer.answer), answerBlocksAllowed, answerCharsAllowed);
  const plainSources = sources.length > 0 ? `\n\n${sources.slice(0, 10).join('\n')}` : '';
  return {
    text: shorten(answer.answer.replace(/\s+/g, ' '), 300),
    blocks: [...answerBlocks, ...tail],
    plainText: shorten(markdownToMrkdwn(answer.answer), 3_500, shortenedMarker) + plainSources,
    tail,
  };
}

function answerSections(mrkdwn: string, maxBlocks: number, maxChars: number): SectionBlock[] {
  let text = mrkdwn.trim() || '_(no answer text)_';
  let pieces = splitText(text, slackLimits.sectionChars);
  const total = () => pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (pieces.length > maxBlocks || total() > maxChars) {
    text = shorten(text, Math.min(maxChars, maxBlocks * slackLimits.sectionChars) - shortenedMarker.length - maxBlocks, '');
    pieces = splitText(text, slackLimits.sectionChars).slice(0, maxBlocks);
    const last = pieces.length - 1;
    pieces[last] = shorten(pieces[last], slackLimits.sectionChars - shortenedMarker.length, '') + shortenedMarker;
  }
  return pieces.map((piece, index) => ({ ...section(piece), block_id: `${answerBlockIdPrefix}${index}` }));
}

function sourceLabel(citation: Citation, fileLink: string | undefined, pageLink: string | undefined): string {
  const name = escapeMrkdwn(shorten(citation.document, 80));
  const document = fileLink ? `<${fileLink}|${name}>` : `*${name}*`;
  const pages = pageLink ? `<${pageLink}|${escapeMrkdwn(citation.pagesLabel)}>` : escapeMrkdwn(citation.pagesLabel);
  const where = citation.titlePath.length > 0 ? ` — ${escapeMrkdwn(shorten(citation.titlePath[citation.titlePath.length - 1], 80))}` : '';
  return `[${citation.n}] ${document} · ${pages}${where}`;
}

/** What a "Show page" button asks for: the page of one space's document, and the lines to mark on it. */
export interface ShowPageRequest {
  space: string;
  documentId: string;
  page: number;
  highlight?: string;
}

/** One "Show page" button per source; the value names the page (checked against the clicker's channel). */
function showPageActions(citations: Citation[]): ActionsBlock {
  return {
    type: 'actions',
    block_id: 'folio_show_pages',
    elements: citations.map(citation => {
      const { page, label, highlight } = citedPage(citation);
      const request: ShowPageRequest = { space: citation.space, documentId: citation.documentId, page, ...(highlight ? { highlight } : {}) };
      return {
        type: 'button',
        action_id: `${showPageActionId}_${citation.n}`,
        text: { type: 'plain_text', text: shorten(`Show ${label} [${citation.n}]`, 75) },
        value: JSON.stringify(request),
        accessibility_label: shorten(`Show ${label} of ${citation.document} with the quoted lines marked`, 75),
      };
    }),
  };
}

/** The page a "Show page" button names; undefined for a value that is not one of ours. */
export function readShowPageRequest(value: string | undefined): ShowPageRequest | undefined {
  try {
    const parsed = JSON.parse(value ?? '') as Partial<ShowPageRequest>;
    if (typeof parsed.space !== 'string' || typeof parsed.documentId !== 'string' || !Number.isInteger(parsed.page)) return undefined;
    if (parsed.highlight !== undefined && typeof parsed.highlight !== 'string') return undefined;
    return { space: parsed.space, documentId: parsed.documentId, page: parsed.page!, ...(parsed.highlight ? { highlight: parsed.highlight } : {}) };
  } catch {
    return undefined;
  }
}

/** Slack's own 👍/👎 under AI answers (a context_actions block); each button's value is `up:<answer id>` or `down:<answer id>`. */
function feedbackButtons(answerId: string): KnownBlock {
  return {
    type: 'context_actions',
    block_id: feedbackBlockId,
    elements: [
      {
        type: 'feedback_buttons',
        action_id: feedbackActionIds.buttons,
        positive_button: { text: { type: 'plain_text', text: 'Helpful' }, accessibility_label: 'This answer was helpful', value: `up:${answerId}` },
        negative_button: { text: { type: 'plain_text', text: 'Not helpful' }, accessibility_label: 'This answer was not helpful', value: `down:${answerId}` },
      },
    ],
  };
}

function section(text: string): SectionBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

function context(texts: string[]): ContextBlock {
  return { type: 'context', elements: texts.map(text => ({ type: 'mrkdwn', text })) };
}

/** Characters of visible text in a block (what counts towards Slack's message size). */
export function blockTextLength(block: KnownBlock): number {
  if (block.type === 'section') return block.text?.text.length ?? 0;
  if (block.type === 'context')
    return block.elements.reduce((sum, element) => sum + ('text' in element && typeof element.text === 'string' ? element.text.length : 0), 0);
  if (block.type === 'actions')
    return block.elements.reduce(
      (sum, element) => sum + ('text' in element && element.text && typeof element.text === 'object' ? element.text.text.length : 0),
      0,
    );
  return 0;
}

/** The answer text of one of our answer messages (for thread history), or undefined for other messages. */
export function answerTextOf(blocks: ReadonlyArray<{ type?: string; block_id?: string; text?: { text?: string } }> | undefined): string | undefined {
  if (!blocks?.some(block => block.block_id === feedbackBlockId)) return undefined;
  return blocks
    .filter(block => block.block_id?.startsWith(answerBlockIdPrefix))
    .map(block => block.text?.text ?? '')
    .join('\n\n');
}
