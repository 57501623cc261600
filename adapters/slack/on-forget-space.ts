import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { spaceOfConversation } from '../../src/index.ts';
import { forgetSpaceCancelled, forgetSpaceDone, forgetSpaceNotice } from '../shared/forget-space-messages.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { refreshSuggestedPrompts } from './on-assistant-thread.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';
import { chatTextToMrkdwn } from './slack-mrkdwn.ts';
import { forgetSpaceActionIds, slackCommand } from './slack-surface.ts';
import { isDirectMessageChannel } from './slack-space.ts';

/**
 * Forget / Cancel under the private `/folio forget-space` question. Only the person who ran the command
 * sees the buttons; who may forget is who may run it (anyone in the conversation, like `/folio forget`),
 * and the core logs who did. The space is the one the click comes from: buttons carried elsewhere are
 * refused. The question is replaced by the outcome (what went, what failed, what to do), and a channel
 * hears once, for everyone, that its documents were forgotten.
 */
export function onForgetSpace(dependencies: SlackHandlerDependencies) {
  return async ({ ack, action, body, client, context, respond }: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const teamId = context.teamId ?? body.team?.id;
    if (!channelId || !teamId) return;
    const userId = body.user.id;
    const isDirectMessage = isDirectMessageChannel(channelId);
    const space = spaceOfConversation({ platform: 'slack', teamId, channelId, userId, isDirectMessage });
    const { action_id: actionId, value } = action as { action_id: string; value?: string };
    dependencies.tasks.run('slack forget space', async () => {
      if (actionId === forgetSpaceActionIds.cancel) {
        await respond({ replace_original: true, text: chatTextToMrkdwn(forgetSpaceCancelled) });
        return;
      }
      if (value !== space) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: `That button was for another conversation. Run \`${slackCommand} forget-space\` in the one to forget.`,
        });
        return;
      }
      try {
        await respond({ replace_original: true, text: 'Forgetting this conversation’s documents…' });
        const outcome = await dependencies.app.forgetSpace(space, { forgottenBy: userId });
        await dependencies.fileRecords
          .forgetSpace(space)
          .catch(error => dependencies.log.warn({ err: error, space }, 'could not forget the Slack file records of a forgotten space'));
        await respond({ replace_original: true, text: chatTextToMrkdwn(forgetSpaceDone(outcome, `${slackCommand} forget-space`)) });
        if (isDirectMessage) refreshSuggestedPrompts(dependencies, client, { teamId, userId, channelId });
        else if (outcome.documents > 0) {
          await client.chat
            .postMessage({ channel: channelId, text: chatTextToMrkdwn(forgetSpaceNotice(outcome, `<@${userId}>`)) })
            .catch(error => dependencies.log.warn({ err: error, channel: channelId }, 'could not tell the channel its documents were forgotten'));
        }
      } catch (error) {
        await respond({ replace_original: true, text: replyForError(error, dependencies.log, { space, command: 'forget-space' }) });
      }
    });
  };
}
