import type { IngestOutcome } from '../../../src/index.ts';
import { askHint, outcomeLine, progressLine } from '../../shared/ingest-messages.ts';
import { chatTextToTeams } from '../teams-markdown.ts';
import { cardMessage, type CardElement, type TeamsMessage } from './adaptive-card.ts';

/**
 * The message a file share ends with: per file "name is ready" with its counts (pages, sections,
 * tables, figures, OCR pages) or what went wrong in plain words, then one line on how to ask. The words
 * are the shared ones (Slack says the same), in Teams Markdown. `botMention` is "@Folio" where people
 * must mention the bot and "" in a personal chat.
 */
export function ingestSummaryMessage(outcomes: IngestOutcome[], botMention: string, inThread = false): TeamsMessage {
  const body: CardElement[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === 'failed') {
      body.push({ type: 'TextBlock', text: `⚠️ ${chatTextToTeams(outcomeLine(outcome))}`, wrap: true, color: 'Attention', spacing: 'Medium' });
      continue;
    }
    const title = chatTextToTeams(progressLine(outcome.name, { type: 'stage', stage: 'ready' }));
    body.push({
      type: 'TextBlock',
      text: `✅ ${title}${outcome.duplicate ? ' I already had this exact file, so nothing changed.' : ''}`,
      wrap: true,
      spacing: 'Medium',
    });
    body.push({ type: 'FactSet', facts: facts(outcome) });
  }
  if (outcomes.some(outcome => outcome.status === 'ready')) {
    body.push({ type: 'TextBlock', text: chatTextToTeams(askHint(botMention, inThread)), wrap: true, isSubtle: true, spacing: 'Medium' });
  }
  const summary = outcomes.map(outcome => `${outcome.name}: ${outcome.status === 'ready' ? 'ready' : 'could not be read'}`).join('; ');
  return cardMessage(summary, { type: 'AdaptiveCard', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', version: '1.5', body });
}

function facts(outcome: IngestOutcome): Array<{ title: string; value: string }> {
  const stats = outcome.stats;
  const slides = stats?.slides;
  const rows = [
    slides
      ? { title: 'Slides', value: slides.hidden.length > 0 ? `${slides.count} (${slides.hidden.length} hidden)` : String(slides.count) }
      : { title: 'Pages', value: String(outcome.pages) },
  ];
  if (!stats) return rows;
  rows.push({ title: 'Sections', value: String(stats.sections) }, { title: 'Tables', value: String(stats.tables) });
  rows.push({ title: 'Figures', value: stats.figures > 0 ? `${stats.figures} (${stats.figuresDescribed} described)` : '0' });
  if (stats.ocrPages > 0) rows.push({ title: 'Scanned pages (OCR)', value: String(stats.ocrPages) });
  if (stats.ocrIllegiblePages) rows.push({ title: 'Scanned pages OCR could not read', value: stats.ocrIllegiblePages.join(', ') });
  return rows;
}
