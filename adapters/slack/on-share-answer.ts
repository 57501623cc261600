import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { spaceOfConversation } from '../../src/index.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { answerMessageFor } from './answer-in-thread.ts';
import { postFinalMessage } from './answer-writer.ts';
import { parseShareValue } from './private-reply.ts';
import type { SlackConversation, SlackHandlerDependencies } from './slack-dependencies.ts';
import { isDirectMessageChannel } from './slack-space.ts';

/**
 * "Share in thread" under a private answer: the core checks that the clicker asked it, in this channel,
 * and that it was not shared before; then the answer is posted in the thread for everyone and the
 * private copy is deleted through the click's response_url. A refusal is told to the clicker alone.
 */
export function onShareAnswer(dependencies: SlackHandlerDependencies) {
  return async ({ ack, action, body, client, context, respond }: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const shared = parseShareValue((action as { value?: string }).value);
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const teamId = context.teamId ?? body.team?.id;
    if (!shared || !channelId || !teamId || !context.botToken) return;
    const userId = body.user.id;
    const space = spaceOfConversation({ platform: 'slack', teamId, channelId, userId, isDirectMessage: isDirectMessageChannel(channelId) });
    dependencies.tasks.run('slack share answer', async () => {
      try {
        const answer = await dependencies.app.shareAnswer(shared.answerId, { space, asker: userId });
        const conversation: SlackConversation = {
          client,
          token: context.botToken!,
          botUserId: context.botUserId,
          teamId,
          channelId,
          userId,
          space,
          messageTs: shared.threadTs,
          threadTs: shared.threadTs,
        };
        await postFinalMessage(conversation, await answerMessageFor(answer, dependencies, conversation), dependencies.log);
        await respond({ delete_original: true });
      } catch (error) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: replyForError(error, dependencies.log, { answerId: shared.answerId, space }),
        });
      }
    });
  };
}
