import type { Activity } from '@microsoft/agents-activity';
import type { TurnContext } from '@microsoft/agents-hosting';
import { replyForError } from '../../shared/reply-for-error.ts';
import { shorten } from '../../shared/shorten.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import { readTeamsTurn } from '../teams-turn.ts';

/** The longest comment kept with a rating (Teams' form allows long texts; a rating needs no essay). */
const commentMaxChars = 2000;

/** A 👍/👎 from Teams' feedback form, as `message/submitAction` carries it in `value`. */
export interface FeedbackLoopData {
  rating: 'up' | 'down';
  comment?: string;
}

/**
 * `value` of a `message/submitAction` invoke with `actionName: 'feedback'`:
 * `{ actionValue: { reaction: 'like' | 'dislike', feedback: '{"feedbackText":"…"}' } }` (the form's
 * fields as a JSON string; some clients send the object itself). Undefined for anything else.
 */
export function readFeedbackLoop(value: unknown): FeedbackLoopData | undefined {
  const data = value as { actionName?: unknown; actionValue?: { reaction?: unknown; feedback?: unknown } } | undefined;
  if (data?.actionName !== 'feedback') return undefined;
  const reaction = data.actionValue?.reaction;
  if (reaction !== 'like' && reaction !== 'dislike') return undefined;
  const comment = feedbackText(data.actionValue?.feedback)?.trim();
  return { rating: reaction === 'like' ? 'up' : 'down', ...(comment ? { comment: shorten(comment, commentMaxChars) } : {}) };
}

function feedbackText(feedback: unknown): string | undefined {
  let form = feedback;
  if (typeof feedback === 'string') {
    try {
      form = JSON.parse(feedback);
    } catch {
      return feedback;
    }
  }
  const text = (form as { feedbackText?: unknown } | null)?.feedbackText;
  return typeof text === 'string' ? text : undefined;
}

/**
 * Teams' own 👍/👎 under an answer (`channelData.feedbackLoopEnabled`): the form's submit arrives as a
 * `message/submitAction` invoke whose `replyToId` is the answer message. The rating (and the comment
 * typed into the form) is stored with the answer that message shows (app.recordFeedback: one rating per
 * person and answer). Teams wants the invoke answered with 200 and an empty body (anything in it is an
 * error, and Teams shows its own thanks); when the rating cannot be stored (not one of Folio's answers,
 * or too old), the asker is told so in a reply to that message.
 */
export async function recordFeedbackLoop(dependencies: TeamsHandlerDependencies, context: TurnContext): Promise<void> {
  const activity = context.activity;
  const feedback = readFeedbackLoop(activity.value);
  if (!feedback) return answerInvoke(context, 400);
  const turn = readTeamsTurn(activity);
  const messageId = activity.replyToId;
  const answerId = messageId ? await dependencies.answeredMessages.answerOf(turn, messageId) : undefined;
  let problem: string | undefined;
  if (!answerId) {
    dependencies.log.info({ messageId, space: turn.space }, 'Teams feedback on a message that is not a known answer');
    problem = 'I could not tell which of my answers that rating was for (it may be too old), so it was not stored. Ask again to rate a fresh answer.';
  } else {
    try {
      await dependencies.app.recordFeedback({
        answerId,
        rating: feedback.rating,
        user: `teams:${turn.userId}`,
        ...(feedback.comment ? { comment: feedback.comment } : {}),
      });
    } catch (error) {
      problem = replyForError(error, dependencies.log, { answerId });
    }
  }
  await answerInvoke(context, 200);
  if (problem) {
    const text = problem;
    const reference = { ...turn.reference, activityId: messageId ?? turn.reference.activityId };
    dependencies.tasks.run('teams feedback problem', async () => {
      await dependencies.replies.reply(reference, { text });
    });
  }
}

async function answerInvoke(context: TurnContext, status: number): Promise<void> {
  await context.sendActivity({ type: 'invokeResponse', value: { status } } as Activity);
}
