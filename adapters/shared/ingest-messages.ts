import type { IngestOutcome } from '../../src/ingest/ingest-files.ts';
import type { IngestEvent } from '../../src/ingest/types.ts';
import type { IngestJobEvent } from '../../src/queue/types.ts';

/**
 * The words chat adapters show while a document is read: one line per stage ("Reading page 12 of 40"),
 * a summary when it is ready, and the error in plain words when it failed. Platform formatting (Block
 * Kit, Adaptive Cards) is the adapter's; the words are shared so Slack and Teams say the same thing.
 */
export function progressLine(name: string, event: IngestEvent): string {
  if (event.type === 'page') return `Reading *${name}*: page ${event.page} of ${event.pageCount}…`;
  if (event.type === 'figure') return `Describing the figures in *${name}*: ${event.done} of ${event.total}…`;
  switch (event.stage) {
    case 'queued':
      return `Queued *${name}*; I will start reading it shortly.`;
    case 'converting':
      return `Converting *${name}* to PDF…`;
    case 'parsing':
      return `Reading *${name}*…`;
    case 'describing':
      return `Describing the figures in *${name}*…`;
    case 'indexing':
      return `Indexing *${name}* so it can be searched…`;
    case 'ready':
      return `*${name}* is ready.`;
    case 'failed':
      return `I could not read *${name}*.`;
  }
}

export function retryLine(event: Extract<IngestJobEvent, { type: 'retrying' }>): string {
  return `Reading *${event.job.name}* hit a temporary problem (${event.error.message}); trying again in ${Math.round(event.delayMs / 1000)} s.`;
}

/** What the user reads when ingest finished: counts and how to ask, or what went wrong and what to do. */
export function outcomeText(outcome: IngestOutcome, botMention = '@Folio'): string {
  if (outcome.status === 'failed') {
    return `I could not read *${outcome.name}*: ${outcome.error?.message ?? 'an unexpected error occurred.'}`;
  }
  const stats = outcome.stats;
  const parts = [plural(outcome.pages, 'page')];
  if (stats) {
    parts.push(plural(stats.sections, 'section'), plural(stats.tables, 'table'));
    parts.push(stats.figures > 0 ? `${plural(stats.figures, 'figure')} (${stats.figuresDescribed} described)` : '0 figures');
    if (stats.ocrPages > 0) parts.push(`${plural(stats.ocrPages, 'scanned page')} read with OCR`);
  }
  const already = outcome.duplicate ? ' (I already had this exact file, so nothing changed)' : '';
  return `*${outcome.name}* is ready${already}: ${parts.join(', ')}.\nAsk me about it, e.g. “${botMention} what does section 3 say about …?”`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
