import { asFolioError, type ConversationTurn } from '../../src/index.ts';
import { threadTurns } from './graph/thread-turns.ts';
import { teamGroupIdOf } from './team-group-id.ts';
import type { TeamsHandlerDependencies } from './teams-dependencies.ts';
import type { TeamsTurn } from './teams-turn.ts';

/**
 * The conversation before a question, oldest first, so a follow-up ("and for managers?") can be
 * understood. In a channel thread it is the thread itself, read through Graph (the same RSC permission
 * that reads posted files): everyone's messages and Folio's earlier answers. Where Graph cannot help
 * (personal and group chats, no app registration, the permission not granted, Graph failing) it is
 * the turns Folio itself saw (SeenTurns). A new channel post starts a thread and has no history.
 */
export async function threadHistory(dependencies: TeamsHandlerDependencies, turn: TeamsTurn): Promise<ConversationTurn[]> {
  if (turn.kind === 'channel') {
    if (!turn.threadRootId || turn.threadRootId === turn.activityId) return [];
    if (dependencies.graph && turn.channelId) {
      try {
        const messages = await dependencies.graph.channelThread(turn.tenantId, {
          teamGroupId: await teamGroupIdOf(dependencies, turn),
          channelId: turn.channelId,
          rootId: turn.threadRootId,
        });
        return threadTurns(messages, { beforeMessageId: turn.activityId, botAppId: botAppIdOf(turn) });
      } catch (error) {
        const { code, message } = asFolioError(error);
        dependencies.log.info({ code, message, space: turn.space }, 'could not read the Teams thread through Graph; using the turns Folio saw');
      }
    }
  }
  return dependencies.seenTurns.recent(turn);
}

/** The bot's Entra app id: its Teams id without the `28:` prefix (Graph names the bot's messages by it). */
function botAppIdOf(turn: TeamsTurn): string | undefined {
  return turn.botId?.replace(/^28:/, '') || undefined;
}
