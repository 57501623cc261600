import type { IngestOutcome } from '../../../src/ingest/ingest-files.ts';
import { outcomeText, progressLine } from '../../shared/ingest-messages.ts';
import { escapeTeamsMarkdown, slackBoldToTeams } from '../teams-markdown.ts';
import { cardMessage, type CardElement, type TeamsMessage } from './adaptive-card.ts';

/**
 * The message a file share ends with: per file "name is ready" with its counts (pages, sections,
 * tables, figures, OCR pages) or what went wrong in plain words, then one line on how to ask. The words
 * are the shared ones (Slack says the same), in Teams Markdown. `botMention` is "@Folio" where people
 * must mention the bot and "" in a personal chat.
 */
export function ingestSummaryMessage(outcomes: IngestOutcome[], botMention: string): TeamsMessage {
  // In a personal chat no mention is needed: the example question starts right after the quote mark.
  const askWords = (text: string) => (botMention ? text : text.replace('“ ', '“'));
  const body: CardElement[] = [];
  let hint: string | undefined;
  for (const outcome of outcomes) {
    const shown = { ...outcome, name: escapeTeamsMarkdown(outcome.name) };
    const [headline, askHint] = askWords(slackBoldToTeams(outcomeText(shown, botMention))).split('\n');
    if (outcome.status === 'failed') {
      body.push({ type: 'TextBlock', text: `⚠️ ${headline}`, wrap: true, color: 'Attention', spacing: 'Medium' });
      continue;
    }
    hint ??= askHint;
    const title = slackBoldToTeams(progressLine(shown.name, { type: 'stage', stage: 'ready' }));
    body.push({ type: 'TextBlock', text: `✅ ${title}${outcome.duplicate ? ' I already had this exact file, so nothing changed.' : ''}`, wrap: true, spacing: 'Medium' });
    body.push({ type: 'FactSet', facts: facts(outcome) });
  }
  if (hint) body.push({ type: 'TextBlock', text: hint, wrap: true, isSubtle: true, spacing: 'Medium' });
  const summary = outcomes.map(outcome => `${outcome.name}: ${outcome.status === 'ready' ? 'ready' : 'could not be read'}`).join('; ');
  return cardMessage(summary, { type: 'AdaptiveCard', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', version: '1.5', body });
}

function facts(outcome: IngestOutcome): Array<{ title: string; value: string }> {
  const stats = outcome.stats;
  const rows = [{ title: 'Pages', value: String(outcome.pages) }];
  if (!stats) return rows;
  rows.push({ title: 'Sections', value: String(stats.sections) }, { title: 'Tables', value: String(stats.tables) });
  rows.push({ title: 'Figures', value: stats.figures > 0 ? `${stats.figures} (${stats.figuresDescribed} described)` : '0' });
  if (stats.ocrPages > 0) rows.push({ title: 'Scanned pages (OCR)', value: String(stats.ocrPages) });
  return rows;
}
