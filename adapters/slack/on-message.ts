import type { Context } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { spaceOfConversation } from '../../src/index.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { answerInThread } from './answer-in-thread.ts';
import { claimMessage } from './delivery-dedupe.ts';
import { ingestSharedFiles } from './ingest-shared-files.ts';
import type { SlackConversation, SlackHandlerDependencies } from './slack-dependencies.ts';
import { isMediaFile, type SlackFile } from './slack-file.ts';
import { isDirectMessageChannel } from './slack-space.ts';
import { stripMentions } from './thread-history.ts';

/** The fields of `message` and `app_mention` events this handler reads. */
interface IncomingMessage {
  type: 'message' | 'app_mention';
  subtype?: string;
  channel: string;
  channel_type?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  ts: string;
  thread_ts?: string;
  files?: SlackFile[];
}

/** Message subtypes that carry something for Folio (plain messages have no subtype). */
const handledSubtypes = new Set(['file_share', 'thread_broadcast']);

const howToAsk =
  'Ask me a question after the mention, e.g. “@Folio what does the handbook say about travel costs?” Drop a PDF, PowerPoint or Word file here and I will read it first. `/folio help` lists the rest.';

/**
 * `message` (channels, private channels, DMs, group DMs) and `app_mention`. Files shared with Folio in
 * view are read; a mention (or any DM) is a question, answered after the files it came with are read.
 * Images and videos in a channel are not meant for Folio and are skipped unless Folio is addressed.
 */
export function onMessage(dependencies: SlackHandlerDependencies) {
  return async ({ event, body, context, client }: { event: unknown; body: unknown; context: Context; client: WebClient }): Promise<void> => {
    const message = event as IncomingMessage;
    if (message.subtype && !handledSubtypes.has(message.subtype)) return;
    if (message.bot_id || !message.user) return; // other bots (Bolt already drops Folio's own messages)
    const isDirectMessage = isDirectMessageChannel(message.channel, message.channel_type);
    const mentioned = message.type === 'app_mention' || (context.botUserId !== undefined && (message.text ?? '').includes(`<@${context.botUserId}>`));
    const addressed = mentioned || isDirectMessage;
    if ((message.files ?? []).length === 0 && !addressed) return;

    const teamId = context.teamId ?? (body as { team_id?: string }).team_id ?? context.enterpriseId;
    const token = context.botToken;
    if (!teamId || !token) {
      dependencies.log.warn({ channel: message.channel }, 'a Slack message without a team or bot token; ignored');
      return;
    }
    if (!(await claimMessage(dependencies.app.surfaceState, { teamId, channelId: message.channel, ts: message.ts }))) return;
    const conversation: SlackConversation = {
      client,
      token,
      botUserId: context.botUserId,
      teamId,
      channelId: message.channel,
      userId: message.user,
      space: spaceOfConversation({ platform: 'slack', teamId, channelId: message.channel, userId: message.user, isDirectMessage }),
      messageTs: message.ts,
      threadTs: message.thread_ts ?? message.ts,
    };
    const question = addressed ? stripMentions(message.text ?? '', context.botUserId) : undefined;
    dependencies.tasks.run('slack message', async () => {
      // Whichever event claims the message handles it; an app_mention may arrive before the `message`
      // event and without the files, so the message itself is read once for them.
      const shared = message.type === 'app_mention' && !message.files ? await filesOfMessage(client, message, dependencies) : (message.files ?? []);
      const files = shared.filter(file => file.mode !== 'tombstone' && (addressed || !isMediaFile(file)));
      if (files.length === 0 && !addressed) return;
      await handleMessage(dependencies, conversation, files, question);
    });
  };
}

/** The files of a message as Slack keeps it (conversations.replies of its thread); none when it cannot be read. */
async function filesOfMessage(client: WebClient, message: IncomingMessage, dependencies: SlackHandlerDependencies): Promise<SlackFile[]> {
  try {
    const thread = await client.conversations.replies({
      channel: message.channel,
      ts: message.thread_ts ?? message.ts,
      latest: message.ts,
      inclusive: true,
      limit: 200,
    });
    const stored = (thread.messages ?? []).find(candidate => candidate.ts === message.ts) as { files?: SlackFile[] } | undefined;
    return stored?.files ?? [];
  } catch (error) {
    dependencies.log.warn({ err: error, channel: message.channel }, 'could not read a mentioned message for its files');
    return [];
  }
}

async function handleMessage(
  dependencies: SlackHandlerDependencies,
  conversation: SlackConversation,
  files: SlackFile[],
  question: string | undefined,
): Promise<void> {
  const { client, channelId } = conversation;
  const reaction = { channel: channelId, timestamp: conversation.messageTs, name: 'eyes' };
  await client.reactions.add(reaction).catch(error => dependencies.log.debug({ err: error }, 'could not add the :eyes: reaction'));
  try {
    if (files.length > 0) await ingestSharedFiles(dependencies, conversation, files);
    if (question) {
      await answerInThread(dependencies, conversation, question);
    } else if (question !== undefined && files.length === 0) {
      await client.chat.postMessage({ channel: channelId, thread_ts: conversation.threadTs, text: howToAsk });
    }
  } catch (error) {
    const text = replyForError(error, dependencies.log, { space: conversation.space });
    await client.chat.postMessage({ channel: channelId, thread_ts: conversation.threadTs, text });
  } finally {
    await client.reactions.remove(reaction).catch(error => dependencies.log.debug({ err: error }, 'could not remove the :eyes: reaction'));
  }
}
