import { FolioError } from '../../src/index.ts';
import type { TeamsHandlerDependencies } from './teams-dependencies.ts';
import type { TeamsTurn } from './teams-turn.ts';

/**
 * Graph addresses a team by its Entra group id, Teams activities by the team's thread id. Teams often
 * sends the group id in `channelData.team.aadGroupId`; otherwise the Bot Connector is asked once and the
 * answer kept in the state store (a team's group id never changes).
 */
export async function teamGroupIdOf(dependencies: Pick<TeamsHandlerDependencies, 'app' | 'replies'>, turn: TeamsTurn): Promise<string> {
  if (turn.teamGroupId) return turn.teamGroupId;
  if (!turn.teamId) {
    throw new FolioError({
      code: 'input_invalid',
      message: 'channel message without channelData.team.id',
      userMessage: 'I could not tell which team this channel belongs to, so I could not read the file.',
    });
  }
  const key = `teams:team-group:${turn.teamId}`;
  const known = await dependencies.app.surfaceState.get<string>(key);
  if (known) return known;
  const groupId = await dependencies.replies.teamGroupId(turn.reference, turn.teamId);
  if (!groupId) {
    throw new FolioError({
      code: 'input_invalid',
      message: `no aadGroupId for team ${turn.teamId}`,
      userMessage: 'I could not look up this team in Microsoft 365, so I could not read the file. Please try again in a minute.',
      retryable: true,
    });
  }
  await dependencies.app.surfaceState.set(key, groupId);
  return groupId;
}
