import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyForError } from '../shared/reply-for-error.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';
import { feedbackActionIds } from './slack-surface.ts';

/** 👍/👎 under an answer: stored with the question and answer (the button's value is the answer id). */
export function onFeedback(dependencies: SlackHandlerDependencies) {
  return async ({ ack, action, body, respond }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const rating = action.action_id === feedbackActionIds.up ? 'up' : 'down';
    dependencies.tasks.run('slack feedback', async () => {
      let text: string;
      try {
        await dependencies.app.recordFeedback({ answerId: action.value ?? '', rating, user: body.user.id });
        text = rating === 'up' ? 'Thanks! Glad it helped.' : 'Thanks for telling me. I keep this answer and your rating so the answers can improve.';
      } catch (error) {
        text = replyForError(error, dependencies.log, { answerId: action.value });
      }
      await respond({ response_type: 'ephemeral', replace_original: false, text });
    });
  };
}
