import { pageCountLabel, type IngestEvent, type IngestJobEvent, type IngestOutcome } from '../../src/index.ts';
import type { ChatText } from '../../src/index.ts';

/**
 * The words chat adapters show while a document is read: one line per stage ("Reading page 12 of 40"),
 * a summary when it is ready, and the error in plain words when it failed. The words are shared so
 * Slack and Teams say the same thing; they come as ChatText (document names marked bold) and each
 * adapter renders them in its own markup and layout (Slack mrkdwn, Teams Markdown and Adaptive Cards).
 */
export function progressLine(name: string, event: IngestEvent): ChatText {
  const document = { bold: name };
  if (event.type === 'page') return ['Reading ', document, `: page ${event.page} of ${event.pageCount}…`];
  if (event.type === 'figure') return ['Describing the figures in ', document, `: ${event.done} of ${event.total}…`];
  switch (event.stage) {
    case 'queued':
      return ['Queued ', document, '; I will start reading it shortly.'];
    case 'converting':
      return ['Converting ', document, ' to PDF…'];
    case 'parsing':
      return ['Reading ', document, '…'];
    case 'describing':
      return ['Describing the figures in ', document, '…'];
    case 'indexing':
      return ['Indexing ', document, ' so it can be searched…'];
    case 'ready':
      return [document, ' is ready.'];
    case 'failed':
      return ['I could not read ', document, '.'];
  }
}

/** A transient failure the queue will retry: what happened (the error's plain words) and when it tries again. */
export function retryLine(event: Extract<IngestJobEvent, { type: 'retrying' }>): ChatText {
  return ['Reading ', { bold: event.job.name }, ` hit a temporary problem (${event.error.message}); trying again in ${Math.round(event.delayMs / 1000)} s.`];
}

/** One line when ingest finished: the counts of a ready document, or what went wrong and what to do. */
export function outcomeLine(outcome: IngestOutcome): ChatText {
  if (outcome.status === 'failed') {
    return ['I could not read ', { bold: outcome.name }, `: ${outcome.error?.message ?? 'an unexpected error occurred.'}`];
  }
  const stats = outcome.stats;
  const parts = [pageCountLabel(outcome.pages, outcome.stats?.slides)];
  if (stats) {
    parts.push(plural(stats.sections, 'section'), plural(stats.tables, 'table'));
    parts.push(stats.figures > 0 ? `${plural(stats.figures, 'figure')} (${stats.figuresDescribed} described)` : '0 figures');
    if (stats.ocrPages > 0) parts.push(`${plural(stats.ocrPages, 'scanned page')} read with OCR`);
  }
  const already = outcome.duplicate ? ' (I already had this exact file, so nothing changed)' : '';
  const illegible = stats?.ocrIllegiblePages ?? [];
  const unread =
    illegible.length > 0
      ? ` I could not read the text of ${illegible.length === 1 ? 'scanned page' : 'scanned pages'} ${pageList(illegible)}: it may be in a script or language my OCR is not set up for (whoever runs me can add it with FOLIO_OCR_LANGS), or the scan is too poor. Answers will not find what those pages say.`
      : '';
  return [{ bold: outcome.name }, ` is ready${already}: ${parts.join(', ')}.${unread}`];
}

/** Page numbers as a short list: "3", "1, 2, 5", "1, 2, 3, 4, 5 and 3 more". */
function pageList(pages: number[]): string {
  const shown = pages.slice(0, 5).join(', ');
  return pages.length > 5 ? `${shown} and ${pages.length - 5} more` : shown;
}

/**
 * How to ask about a document that is ready. `botMention` is how people address the bot where they must
 * (Slack `<@U…>`, Teams "@Folio"), and empty where any message is a question (a Teams personal chat).
 * `inThread`: the message stands in the thread of the share, where a question is about these files first.
 */
export function askHint(botMention: string, inThread = false): ChatText {
  return [`Ask me about it${inThread ? ' in this thread' : ''}, e.g. “${botMention ? `${botMention} ` : ''}what does section 3 say about …?”`];
}

/** The outcome line, and for a ready document how to ask about it on the next line. */
export function outcomeText(outcome: IngestOutcome, botMention = '@Folio', inThread = false): ChatText {
  return outcome.status === 'failed' ? outcomeLine(outcome) : [...outcomeLine(outcome), '\n', ...askHint(botMention, inThread)];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
