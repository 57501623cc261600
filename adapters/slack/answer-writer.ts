import type { ChatStreamer } from '@slack/web-api';
import type { Logger } from '../../src/index.ts';
import { shorten } from '../shared/shorten.ts';
import { ThrottledMessage } from '../shared/throttled-message.ts';
import type { SlackMessage } from './answer-blocks.ts';
import type { SlackConversation } from './slack-dependencies.ts';
import { markdownToMrkdwn } from './slack-mrkdwn.ts';
import type { StreamingSupport } from './streaming-support.ts';

/** The last message of a question: the checked answer in Block Kit, or directions and errors as text. */
export type FinalMessage = SlackMessage | { text: string; blocks?: undefined; plainText?: undefined; tail?: undefined };

/** Where an answer is written while it is made, and how it ends. */
export interface AnswerWriter {
  /** Text as the model writes it (Markdown; citation numbers not yet checked). */
  append(markdown: string): void;
  /**
   * The final message. A stream ends with the answer's `tail` blocks (sources, figures, notes, feedback)
   * and then shows the checked answer, whose citations may differ from the draft's; when nothing was
   * streamed (offline answers, directions) the message is posted as it is.
   */
  finish(message: FinalMessage): Promise<void>;
}

/** While streaming into a posted message, it shows plain text; Slack's text field stays far below its 40k limit. */
const previewChars = 3_000;

/**
 * An answer streamed into the thread with chat.startStream / appendStream / stopStream (the web-api's
 * ChatStreamer, which buffers small appends) as the model writes it. In channels Slack needs the asker
 * (`recipient_user_id`, `recipient_team_id`); in a DM they are optional. When the workspace refuses
 * streaming, the text written so far moves to a posted message that is edited (throttled) and replaced
 * by the final message, and the workspace is not asked to stream again.
 */
export function streamingAnswerWriter(
  conversation: SlackConversation,
  options: { support: StreamingSupport; log: Logger; progressIntervalMs: number; bufferChars?: number },
): AnswerWriter {
  const { client, channelId, threadTs, teamId, userId } = conversation;
  if (!options.support.allows(teamId)) return postedAnswerWriter(conversation, options);
  let written = '';
  let streamer: ChatStreamer | undefined;
  let fallback: AnswerWriter | undefined;
  // Appends are sent one after another; a refusal switches to the fallback with everything written so far.
  let chain: Promise<void> = Promise.resolve();
  const fallBack = (error: unknown): boolean => {
    if (!options.support.refusedBy(teamId, error)) return false;
    fallback = postedAnswerWriter(conversation, options);
    if (written) fallback.append(written);
    return true;
  };
  return {
    append(markdown) {
      written += markdown;
      if (fallback) {
        fallback.append(markdown);
        return;
      }
      streamer ??= client.chatStream({
        channel: channelId,
        thread_ts: threadTs,
        recipient_team_id: teamId,
        ...(userId ? { recipient_user_id: userId } : {}),
        buffer_size: options.bufferChars ?? 256,
      });
      const current = streamer;
      chain = chain.then(async () => {
        if (fallback) return;
        try {
          await current.append({ markdown_text: markdown });
        } catch (error) {
          if (!fallBack(error)) options.log.warn({ err: error }, 'could not append to a Slack answer stream');
        }
      });
    },
    async finish(message) {
      await chain;
      if (streamer && !fallback) {
        try {
          await streamer.stop(message.blocks ? { blocks: message.tail ?? [] } : {});
          // The draft's citation numbers were not checked yet: the message shows the checked answer.
          if (streamer.ts && message.blocks) await client.chat.update({ channel: channelId, ts: streamer.ts, text: message.text, blocks: message.blocks });
          return;
        } catch (error) {
          if (!fallBack(error)) throw error;
        }
      }
      if (fallback) return fallback.finish(message);
      await postFinalMessage(conversation, message, options.log);
    },
  };
}

/** The final message posted as it is (nothing was streamed), in plain text when Slack refuses its blocks. */
export async function postFinalMessage(conversation: SlackConversation, message: FinalMessage, log: Logger): Promise<void> {
  const { client, channelId, threadTs } = conversation;
  try {
    await client.chat.postMessage({ channel: channelId, thread_ts: threadTs, text: message.text, ...(message.blocks ? { blocks: message.blocks } : {}) });
  } catch (error) {
    if (!message.plainText) throw error;
    log.warn({ err: error }, 'Slack refused the answer blocks; sending plain text');
    await client.chat.postMessage({ channel: channelId, thread_ts: threadTs, text: message.plainText });
  }
}

/**
 * Today's way, for workspaces without streaming: "Thinking…" posted at once, edited while the answer
 * streams in (at most every few seconds), and replaced by the finished answer in Block Kit.
 */
export function postedAnswerWriter(conversation: SlackConversation, options: { log: Logger; progressIntervalMs: number }): AnswerWriter {
  const { client, channelId, threadTs } = conversation;
  const posted = client.chat.postMessage({ channel: channelId, thread_ts: threadTs, text: 'Thinking…' });
  const update = async (text: string, blocks?: SlackMessage['blocks']) => {
    const { ts } = await posted;
    await client.chat.update({ channel: channelId, ts: ts!, text, ...(blocks ? { blocks } : {}) });
  };
  const message = new ThrottledMessage<FinalMessage>(
    async content => {
      try {
        await update(content.text, content.blocks);
      } catch (error) {
        // Slack refusing the blocks (invalid_blocks, msg_too_long) must not leave "Thinking…" behind.
        if (!content.plainText) throw error;
        options.log.warn({ err: error }, 'Slack refused the answer blocks; sending plain text');
        await update(content.plainText);
      }
    },
    { intervalMs: options.progressIntervalMs, onError: error => options.log.warn({ err: error }, 'could not update a Slack answer message') },
  );
  let written = '';
  return {
    append(markdown) {
      written += markdown;
      message.set({ text: `${shorten(markdownToMrkdwn(written), previewChars)} …` });
    },
    finish: async final => {
      await posted;
      await message.flush(final);
    },
  };
}
