import type { Activity } from '@microsoft/agents-activity';
import type { TurnContext } from '@microsoft/agents-hosting';
import { replyForError } from '../shared/reply-for-error.ts';
import { feedbackVerb } from './cards/answer-card.ts';
import { forgetSpaceVerbs } from './cards/forget-space-card.ts';
import { answerQuestion } from './handlers/answer-question.ts';
import { changeScope } from './handlers/change-scope.ts';
import { changeSettings } from './handlers/change-settings.ts';
import { askToForgetSpace, onForgetSpaceAction } from './handlers/forget-space.ts';
import { forgetDocument, listDocuments, showStatus } from './handlers/overview-commands.ts';
import { isFeedbackData, recordFeedback } from './handlers/record-feedback.ts';
import { recordFeedbackLoop } from './handlers/record-feedback-loop.ts';
import { helpText, sendHelp } from './handlers/send-help.ts';
import { shareConversationFiles } from './handlers/share-conversation-files.ts';
import { sharePersonalFiles } from './handlers/share-personal-files.ts';
import { messageIntent, type MessageIntent } from './message-intent.ts';
import type { TeamsHandlerDependencies } from './teams-dependencies.ts';
import { readTeamsTurn, type TeamsTurn } from './teams-turn.ts';

/** How long a delivered activity id is remembered (Teams redelivers within minutes, not days). */
const deliveryMemorySeconds = 24 * 3600;

/**
 * Every activity Teams sends to /api/messages: messages (files, commands, questions), 👍/👎 on answers
 * (Teams' feedback form: `message/submitAction` invokes; on answer cards posted before answers became
 * messages: `adaptiveCard/action` invokes, or messages with a value from the Action.Submit fallback) and
 * the bot being added to a conversation. Slow work is handed to background tasks so the HTTP request is
 * answered at once.
 */
export function createTurnHandler(dependencies: TeamsHandlerDependencies): (context: TurnContext) => Promise<void> {
  return async context => {
    const activity = context.activity;
    if (activity.type === 'invoke' && activity.name === 'message/submitAction') return recordFeedbackLoop(dependencies, context);
    if (activity.type === 'invoke' && activity.name === 'adaptiveCard/action') return onCardAction(dependencies, context);
    if (activity.type === 'conversationUpdate') return onConversationUpdate(dependencies, activity);
    if (activity.type === 'message') return onMessage(dependencies, activity);
  };
}

async function onMessage(dependencies: TeamsHandlerDependencies, activity: Activity): Promise<void> {
  const turn = readTeamsTurn(activity);
  if (isFeedbackData(activity.value)) {
    const data = activity.value;
    if (await firstDelivery(dependencies, turn))
      dependencies.tasks.run('teams feedback', async () => {
        await dependencies.replies.reply(turn.reference, { text: await recordFeedback(dependencies, data, turn.userId) });
      });
    return;
  }
  const intent = messageIntent(turn, activity);
  if (intent.kind === 'ignore' || !(await firstDelivery(dependencies, turn))) return;
  dependencies.tasks.run(`teams ${intent.kind}`, () => carryOut(dependencies, turn, intent));
}

async function carryOut(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, intent: MessageIntent): Promise<void> {
  try {
    switch (intent.kind) {
      case 'personal-files':
        await sharePersonalFiles(dependencies, turn, intent.files);
        if (intent.question) await answerQuestion(dependencies, turn, intent.question);
        return;
      case 'conversation-files': {
        const hadFiles = await shareConversationFiles(dependencies, turn);
        if (!hadFiles || intent.otherwise.kind === 'question') await carryOut(dependencies, turn, intent.otherwise);
        return;
      }
      case 'help':
        return await sendHelp(dependencies, turn);
      case 'docs':
        return await listDocuments(dependencies, turn);
      case 'status':
        return await showStatus(dependencies, turn);
      case 'forget':
        return await forgetDocument(dependencies, turn, intent.document);
      case 'scope':
        return await changeScope(dependencies, turn, intent.choice);
      case 'settings':
        return await changeSettings(dependencies, turn, intent.argument);
      case 'forget-space':
        return await askToForgetSpace(dependencies, turn);
      case 'unsupported-attachment':
        await dependencies.replies.reply(turn.reference, {
          text: 'I read PDF, PowerPoint and Word files (and other office documents). Attach one of those, or type a question.',
        });
        return;
      case 'question':
        return await answerQuestion(dependencies, turn, intent.question);
      case 'ignore':
        return;
    }
  } catch (error) {
    await dependencies.replies.reply(turn.reference, { text: replyForError(error, dependencies.log, { space: turn.space, intent: intent.kind }) });
  }
}

/**
 * Teams delivers an activity again when the bot was slow to answer or the connection dropped; the first
 * delivery claims the activity id in the shared state store (so several Folio processes agree) and any
 * later one is answered with 200 and does nothing.
 */
async function firstDelivery(dependencies: TeamsHandlerDependencies, turn: TeamsTurn): Promise<boolean> {
  const claimed = await dependencies.app.surfaceState.claim(`teams:activity:${turn.tenantId}:${turn.conversationId}:${turn.activityId}`, {
    ttlSeconds: deliveryMemorySeconds,
  });
  if (!claimed) dependencies.log.info({ activityId: turn.activityId }, 'Teams delivered an activity again; ignored');
  return claimed;
}

/**
 * Action.Execute clicks: forget-space's Forget / Cancel (handlers/forget-space.ts), and 👍/👎 on an
 * answer card Folio posted before answers became messages with Teams' own feedback buttons, answered in
 * the same request with a short message Teams shows.
 */
async function onCardAction(dependencies: TeamsHandlerDependencies, context: TurnContext): Promise<void> {
  const action = (context.activity.value as { action?: { verb?: string; data?: unknown } } | undefined)?.action;
  if (action?.verb === forgetSpaceVerbs.confirm || action?.verb === forgetSpaceVerbs.cancel) return onForgetSpaceAction(dependencies, context, action);
  const from = context.activity.from;
  const text =
    action?.verb === feedbackVerb && isFeedbackData(action.data)
      ? await recordFeedback(dependencies, action.data, from?.aadObjectId ?? from?.id ?? 'unknown')
      : 'That button is not one of mine any more; ask the question again for a fresh answer.';
  await context.sendActivity({
    type: 'invokeResponse',
    value: { status: 200, body: { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: text } },
  } as Activity);
}

/** When the bot is added to a chat or team, it introduces itself once. */
async function onConversationUpdate(dependencies: TeamsHandlerDependencies, activity: Activity): Promise<void> {
  const botAdded = (activity.membersAdded ?? []).some(member => member.id === activity.recipient?.id);
  if (!botAdded || !activity.id) return;
  const turn = readTeamsTurn(activity);
  if (!(await firstDelivery(dependencies, turn))) return;
  dependencies.tasks.run('teams welcome', async () => {
    await dependencies.replies.reply(turn.reference, { text: helpText(turn.kind) });
  });
}
