import type { ActionsBlock, KnownBlock } from '@slack/web-api';
import type { Logger } from '../../src/index.ts';
import { feedbackBlockId, slackLimits } from './answer-blocks.ts';
import type { FinalMessage } from './answer-writer.ts';
import type { SlackConversation } from './slack-dependencies.ts';
import { shareAnswerActionId } from './slack-surface.ts';

/** The "Share in thread" button's value: the thread to post in and the answer's id. */
export function shareValue(threadTs: string, answerId: string): string {
  return `${threadTs}|${answerId}`;
}

export function parseShareValue(value: string | undefined): { threadTs: string; answerId: string } | undefined {
  const match = /^(\d+\.\d+)\|(.+)$/.exec(value ?? '');
  return match ? { threadTs: match[1], answerId: match[2] } : undefined;
}

/**
 * A reply only the asker sees: chat.postEphemeral in the question's thread (Slack keeps it for that
 * session only: it is gone after a reload). An answer its asker may share gets a "Share in thread"
 * button under it. Nothing streams here: a private answer is shown once it is complete. When Slack
 * refuses (the asker left the channel: user_not_in_channel), nothing is posted for everyone instead.
 */
export async function postPrivately(conversation: SlackConversation, message: FinalMessage, options: { log: Logger; shareAnswerId?: string }): Promise<void> {
  const { client, channelId, threadTs, userId } = conversation;
  if (!userId) {
    options.log.warn({ channel: channelId }, 'a private Slack reply without an asker; not posted');
    return;
  }
  const blocks = message.blocks ? withShareButton(message.blocks, options.shareAnswerId ? shareValue(threadTs, options.shareAnswerId) : undefined) : undefined;
  const post = (text: string, withBlocks?: KnownBlock[]) =>
    client.chat.postEphemeral({ channel: channelId, user: userId, thread_ts: threadTs, text, ...(withBlocks ? { blocks: withBlocks } : {}) });
  try {
    try {
      await post(message.text, blocks);
    } catch (error) {
      if (!message.plainText || !isBlocksRefusal(error)) throw error;
      options.log.warn({ err: error }, 'Slack refused the private answer blocks; sending plain text');
      await post(message.plainText);
    }
  } catch (error) {
    options.log.warn(
      { err: error, channel: channelId, code: (error as { data?: { error?: string } }).data?.error },
      'could not show a private reply to the asker',
    );
  }
}

function isBlocksRefusal(error: unknown): boolean {
  const code = (error as { data?: { error?: string } })?.data?.error;
  return code === 'invalid_blocks' || code === 'msg_too_long' || code === 'invalid_blocks_format';
}

/** The answer's blocks with the share button last; within Slack's 50 blocks (the 👍/👎 make room if needed). */
function withShareButton(blocks: KnownBlock[], value: string | undefined): KnownBlock[] {
  if (!value) return blocks;
  const share: ActionsBlock = {
    type: 'actions',
    block_id: 'folio_share',
    elements: [
      {
        type: 'button',
        action_id: shareAnswerActionId,
        text: { type: 'plain_text', text: 'Share in thread' },
        value,
        accessibility_label: 'Post this answer in the thread for everyone',
      },
    ],
  };
  const kept = blocks.length < slackLimits.blocks ? blocks : blocks.filter(block => block.block_id !== feedbackBlockId);
  return [...kept, share];
}
