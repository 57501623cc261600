import { connectorRefusal } from '../answer/answer-reply.ts';
import type { TeamsMessage } from '../cards/adaptive-card.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import type { TeamsTurn } from '../teams-turn.ts';

const sentNote = 'I sent you my reply in our personal chat, since answers in this conversation are private.';
const notInstalledNote =
  'Answers in this conversation are private, so I send them to your personal chat with me, but I am not installed for you yet. Add Folio for yourself (Apps → Folio → Add), then ask again.';
const failedNote = 'Answers in this conversation are private, and I could not reach our personal chat just now. Please ask again in a minute.';

/**
 * A reply for the asker alone, asked in a channel or group chat. Teams bots have no messages only one
 * person sees, so it goes to the asker's personal chat with Folio (ConversationReplies.sendPersonal);
 * resolves with the note the thread shows instead. Teams refuses the personal chat (403, 404) when the
 * person has not installed the app for themselves; the note then says how. An answer sent there keeps
 * its 👍/👎, remembered under the personal chat.
 */
export async function sendPrivately(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, message: TeamsMessage, answerId?: string): Promise<TeamsMessage> {
  const { log } = dependencies;
  try {
    const sent = await dependencies.replies.sendPersonal(turn.reference, turn.tenantId, message);
    if (answerId && sent.messageId && message.channelData?.feedbackLoopEnabled) {
      await dependencies.answeredMessages
        .remember({ tenantId: turn.tenantId, conversationId: sent.conversationId }, sent.messageId, answerId)
        .catch(error => log.warn({ err: error, space: turn.space }, 'could not remember which answer a Teams message shows'));
    }
    return { text: sentNote };
  } catch (error) {
    // Status and code only: the SDK's error carries the request body, which holds document text.
    const refusal = connectorRefusal(error);
    log.warn({ status: refusal.status, code: refusal.code, space: turn.space }, 'could not send a private answer to the asker’s personal chat');
    return { text: refusal.status === 403 || refusal.status === 404 ? notInstalledNote : failedNote };
  }
}
