import { runScopeCommand, type ScopeCommandResult } from '../../shared/scope-command.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import type { TeamsTurn } from '../teams-turn.ts';

/**
 * "scope team" / "scope channel" (Slack's `/folio scope`): whether questions in this conversation also
 * read the documents shared organisation-wide (`teams:<tenant>:*`), or only its own. "scope" alone says
 * which it is. Anyone in the conversation may change it, as in Slack.
 */
export async function changeScope(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, choice: string): Promise<void> {
  const result = await runScopeCommand(dependencies.app, turn.space, choice);
  await dependencies.replies.reply(turn.reference, { text: scopeReply(result, turn.kind === 'personal' ? '' : '@Folio ') });
}

function scopeReply(result: ScopeCommandResult, mention: string): string {
  switch (result.kind) {
    case 'no-team-space':
      return 'This conversation has no organisation-wide documents to add.';
    case 'changed':
      return result.includeTeam
        ? 'Questions here now also use the documents shared with the whole organisation.'
        : 'Questions here now use only the documents shared in this conversation.';
    case 'current': {
      const uses = result.includeTeam ? 'this conversation’s documents and the organisation-wide ones' : 'only this conversation’s documents';
      return `Questions here use ${uses}. Change it with **${mention}scope channel** (only this conversation) or **${mention}scope team** (also the organisation-wide documents).`;
    }
  }
}
