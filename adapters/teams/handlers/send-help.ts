import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import type { TeamsConversationKind, TeamsTurn } from '../teams-turn.ts';

/** What Folio does and how to use it here (a personal chat needs no @mention; channels and group chats do). */
export function helpText(kind: TeamsConversationKind): string {
  const ask = kind === 'personal' ? 'Type a question' : 'Ask with **@Folio** followed by your question';
  const share =
    kind === 'personal'
      ? 'Attach a PDF, PowerPoint or Word file here and I will read it into your personal space.'
      : `Post a PDF, PowerPoint or Word file in this ${kind === 'channel' ? 'channel' : 'chat'} and I will read it; everyone here can then ask about it.`;
  const mention = kind === 'personal' ? '' : '@Folio ';
  return [
    '**Folio** answers questions from the documents shared in this conversation, with the pages it took the answer from.',
    `- ${share}`,
    `- ${ask}, e.g. _${mention}what does the travel policy say about hotels?_`,
    `- **${mention}docs** lists the documents I know here; **${mention}status** shows what I am still reading; **${mention}help** shows this message.`,
    `- **${mention}scope team** also uses the documents shared with the whole organisation; **${mention}scope channel** goes back to this conversation's own.`,
    `- **${mention}settings** shows how I answer here (for everyone or privately, only with citations, questions per minute) and how to change it.`,
    `- **${mention}forget <document>** forgets one document; **${mention}forget-space** forgets every document shared here and the settings here, after asking you to confirm.`,
  ].join('\n');
}

export async function sendHelp(dependencies: TeamsHandlerDependencies, turn: TeamsTurn): Promise<void> {
  await dependencies.replies.reply(turn.reference, { text: helpText(turn.kind) });
}
