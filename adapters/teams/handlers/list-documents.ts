import { pageCountLabel, type DocumentRecord } from '../../../src/index.ts';
import { shorten } from '../../shared/shorten.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import { escapeTeamsMarkdown } from '../teams-markdown.ts';
import type { TeamsTurn } from '../teams-turn.ts';

const documentsShown = 40;

/** "docs": the documents this conversation's questions read, with their state. */
export async function listDocuments(dependencies: TeamsHandlerDependencies, turn: TeamsTurn): Promise<void> {
  const { app, replies } = dependencies;
  const spaces = await app.readableSpaces(turn.space);
  const records = (await Promise.all(spaces.map(space => app.listDocuments(space)))).flat();
  if (records.length === 0) {
    const where = turn.kind === 'personal' ? 'here' : turn.kind === 'channel' ? 'in this channel' : 'in this chat';
    await replies.reply(turn.reference, { text: `I have no documents ${where} yet. Share a PDF, PowerPoint or Word file ${where} and I will read it.` });
    return;
  }
  const lines = records
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, documentsShown)
    .map(record => `- **${escapeTeamsMarkdown(record.name)}** — ${state(record)}`);
  const more = records.length > documentsShown ? `\n\n…and ${records.length - documentsShown} more.` : '';
  await replies.reply(turn.reference, { text: `Documents I can answer from here (${records.length}):\n\n${lines.join('\n')}${more}` });
}

function state(record: DocumentRecord): string {
  if (record.status === 'ready') return pageCountLabel(record.pageCount, record.stats?.slides);
  if (record.status === 'failed') return `could not be read${record.error ? `: ${escapeTeamsMarkdown(shorten(record.error.message, 200))}` : ''}`;
  return `still being read (${record.status})`;
}
