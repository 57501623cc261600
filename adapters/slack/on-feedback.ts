import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyForError } from '../shared/reply-for-error.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';
import { feedbackActionIds } from './slack-surface.ts';

/**
 * The rating and answer id of a feedback click: Slack's feedback_buttons carry `up:<id>` or `down:<id>`
 * as the value; the plain buttons of older answers carry the id, and the rating is in the action id.
 */
export function feedbackOf(action: { action_id: string; value?: string }): { rating: 'up' | 'down'; answerId: string } | undefined {
  if (action.action_id === feedbackActionIds.buttons) {
    const match = /^(up|down):(.+)$/.exec(action.value ?? '');
    return match ? { rating: match[1] as 'up' | 'down', answerId: match[2] } : undefined;
  }
  if (action.action_id === feedbackActionIds.up || action.action_id === feedbackActionIds.down) {
    return { rating: action.action_id === feedbackActionIds.up ? 'up' : 'down', answerId: action.value ?? '' };
  }
  return undefined;
}

/** 👍/👎 under an answer: stored with the question and answer, and thanked for privately. */
export function onFeedback(dependencies: SlackHandlerDependencies) {
  return async ({ ack, action, body, respond }: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const feedback = feedbackOf(action as { action_id: string; value?: string });
    if (!feedback) return;
    dependencies.tasks.run('slack feedback', async () => {
      let text: string;
      try {
        await dependencies.app.recordFeedback({ answerId: feedback.answerId, rating: feedback.rating, user: body.user.id });
        text = feedback.rating === 'up' ? 'Thanks! Glad it helped.' : 'Thanks for telling me. I keep this answer and your rating so the answers can improve.';
      } catch (error) {
        text = replyForError(error, dependencies.log, { answerId: feedback.answerId });
      }
      await respond({ response_type: 'ephemeral', replace_original: false, text });
    });
  };
}
