import type { Activity } from '@microsoft/agents-activity';
import type { TurnContext } from '@microsoft/agents-hosting';
import { plainChatText, type ChatText } from '../../../src/index.ts';
import { forgetSpaceCancelled, forgetSpaceDone } from '../../shared/forget-space-messages.ts';
import { replyForError } from '../../shared/reply-for-error.ts';
import { cardMessage } from '../cards/adaptive-card.ts';
import { forgetSpaceOutcomeCard, forgetSpaceQuestionMessage, forgetSpaceVerbs, isForgetSpaceCardData } from '../cards/forget-space-card.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import { readTeamsTurn, type TeamsTurn } from '../teams-turn.ts';

/** `forget-space`: asks with a card; nothing is deleted until its Forget button is clicked. */
export async function askToForgetSpace(dependencies: TeamsHandlerDependencies, turn: TeamsTurn): Promise<void> {
  const records = await dependencies.app.listDocuments(turn.space);
  await dependencies.replies.reply(turn.reference, forgetSpaceQuestionMessage(turn.space, records, turn.userId));
}

/**
 * Forget / Cancel on the `forget-space` card (an `adaptiveCard/action` invoke). Anyone in the
 * conversation may ask to forget it (as anyone may change its settings); the card, which everyone here
 * sees, is confirmed only by whoever asked, and only in the conversation it was asked in. The invoke is
 * answered at once with a card that replaces the question (so it cannot be clicked twice); the work
 * runs in the background and then that message says, for everyone, what was forgotten or what failed.
 */
export async function onForgetSpaceAction(
  dependencies: TeamsHandlerDependencies,
  context: TurnContext,
  action: { verb?: string; data?: unknown },
): Promise<void> {
  const data = action.data;
  const turn = readTeamsTurn(context.activity);
  const sayPrivately = (text: string) => invokeResponse(context, { type: 'application/vnd.microsoft.activity.message', value: text });
  if (!isForgetSpaceCardData(data) || data.space !== turn.space)
    return sayPrivately('That button was for another conversation. Type forget-space in the one to forget.');
  if (data.requestedBy !== turn.userId)
    return sayPrivately('Only the person who asked to forget this conversation can confirm it. Anyone here can ask with forget-space.');
  if (action.verb === forgetSpaceVerbs.cancel)
    return invokeResponse(context, { type: 'application/vnd.microsoft.card.adaptive', value: forgetSpaceOutcomeCard(forgetSpaceCancelled) });

  await invokeResponse(context, {
    type: 'application/vnd.microsoft.card.adaptive',
    value: forgetSpaceOutcomeCard(['Forgetting this conversation’s documents…']),
  });
  const messageId = context.activity.replyToId;
  const command = turn.kind === 'personal' ? 'forget-space' : '@Folio forget-space';
  const askedBy = turn.kind === 'personal' ? undefined : `Asked by ${context.activity.from?.name ?? 'someone in this conversation'}.`;
  dependencies.tasks.run('teams forget space', async () => {
    let text: ChatText;
    try {
      text = forgetSpaceDone(await dependencies.app.forgetSpace(turn.space, { forgottenBy: turn.userId }), command);
    } catch (error) {
      text = [replyForError(error, dependencies.log, { space: turn.space, command: 'forget-space' })];
    }
    const outcome = cardMessage(plainChatText(text), forgetSpaceOutcomeCard(text, askedBy));
    if (messageId) await dependencies.replies.update(turn.reference, messageId, outcome);
    else await dependencies.replies.reply(turn.reference, outcome);
  });
}

async function invokeResponse(context: TurnContext, body: { type: string; value: unknown }): Promise<void> {
  await context.sendActivity({ type: 'invokeResponse', value: { status: 200, body: { statusCode: 200, ...body } } } as Activity);
}
