import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { spaceOfConversation } from '../../src/index.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { readShowPageRequest } from './answer-blocks.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';
import { isDirectMessageChannel } from './slack-space.ts';

/** What Slack's refusals of an upload mean for the person who clicked. */
const uploadRefusals: Record<string, string> = {
  missing_scope:
    'I may not post files in this workspace (the `files:write` permission is missing). Ask a workspace admin to reinstall Folio from its current manifest.',
  not_in_channel: 'I am not a member of this channel any more, so I cannot post the page here. Invite me again with `/invite @Folio`.',
  channel_not_found: 'I cannot post in this conversation any more, so I cannot show the page here.',
  is_archived: 'This channel is archived, so I cannot post the page here.',
};

/**
 * "Show page" under an answer (when the server is not reachable from Slack, so sources cannot link to
 * page images): the cited page, the quoted lines marked, uploaded into the answer's thread. Only pages
 * of documents the clicker's conversation may read are shown, whatever the button's value says; a
 * failure (the document was forgotten, the upload refused) is told privately to the clicker.
 */
export function onShowPage(dependencies: SlackHandlerDependencies) {
  return async ({ ack, action, body, client, respond }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const request = readShowPageRequest(action.value);
    const channelId = body.channel?.id;
    const teamId = body.team?.id ?? body.user.team_id;
    const threadTs = body.message?.thread_ts ?? body.message?.ts;
    if (!request || !channelId || !teamId) return;
    dependencies.tasks.run('slack show page', async () => {
      try {
        const space = spaceOfConversation({ platform: 'slack', teamId, channelId, userId: body.user.id, isDirectMessage: isDirectMessageChannel(channelId) });
        const requested = (await dependencies.app.readableSpaces(space)).find(readable => readable === request.space);
        if (!requested) {
          dependencies.log.warn({ space, requested: request.space, user: body.user.id }, 'a Show page click named a space this conversation does not read');
          await respond({
            response_type: 'ephemeral',
            replace_original: false,
            text: 'That page belongs to documents this conversation does not use, so I cannot show it here.',
          });
          return;
        }
        const record = await dependencies.app.findDocument(requested, request.documentId);
        const path = await dependencies.app.pageImagePath(record.space, record.id, request.page, { highlight: request.highlight });
        const title = `${record.name} · ${await dependencies.app.pageName(record.space, record.id, request.page)}`;
        await client.files.uploadV2({
          channel_id: channelId,
          ...(threadTs ? { thread_ts: threadTs } : {}),
          file: path,
          filename: `${record.name.replace(/\.[^.]+$/u, '')}-p${request.page}.png`,
          title,
          initial_comment: request.highlight ? `${title}, the quoted lines marked` : title,
        });
      } catch (error) {
        const refusal = uploadRefusals[(error as { data?: { error?: string } })?.data?.error ?? ''];
        if (refusal) dependencies.log.warn({ err: error, channelId }, 'Slack refused to take a page image');
        const text = refusal ?? replyForError(error, dependencies.log, { space: request.space, documentId: request.documentId, page: request.page });
        await respond({ response_type: 'ephemeral', replace_original: false, text }).catch(() => undefined);
      }
    });
  };
}
