import { plainChatText, type ChatText } from '../../../src/index.ts';
import { documentsOverview, forgetNamedDocument, spaceStatus, type OverviewWords } from '../../shared/space-overview.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import { chatTextToTeams } from '../teams-markdown.ts';
import type { TeamsTurn } from '../teams-turn.ts';

/** `docs`, `status` and `forget <document>` (space-overview.ts), in Teams Markdown; the command words as typed here. */
function overviewWords(turn: TeamsTurn): OverviewWords {
  const mention = turn.kind === 'personal' ? '' : '@Folio ';
  return { teamWide: 'organisation-wide', command: words => `**${mention}${words}**` };
}

/** Teams joins single line breaks into one paragraph: each line is a paragraph of its own (blank lines are dropped, paragraphs already part). */
const teamsLines = (lines: ChatText[]) =>
  lines
    .filter(line => plainChatText(line) !== '')
    .map(chatTextToTeams)
    .join('\n\n');

export async function listDocuments(dependencies: TeamsHandlerDependencies, turn: TeamsTurn): Promise<void> {
  await dependencies.replies.reply(turn.reference, { text: teamsLines(await documentsOverview(dependencies.app, turn.space, overviewWords(turn))) });
}

export async function showStatus(dependencies: TeamsHandlerDependencies, turn: TeamsTurn): Promise<void> {
  await dependencies.replies.reply(turn.reference, { text: teamsLines(await spaceStatus(dependencies.app, turn.space, overviewWords(turn))) });
}

export async function forgetDocument(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, name: string): Promise<void> {
  await dependencies.replies.reply(turn.reference, {
    text: chatTextToTeams(await forgetNamedDocument(dependencies.app, turn.space, name, overviewWords(turn))),
  });
}
