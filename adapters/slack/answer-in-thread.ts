import { randomUUID } from 'node:crypto';
import type { Answer, AskOutcome } from '../../src/index.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { shorten } from '../shared/shorten.ts';
import { ThrottledMessage } from '../shared/throttled-message.ts';
import { answerMessage, type SlackMessage } from './answer-blocks.ts';
import type { SlackConversation, SlackHandlerDependencies } from './slack-dependencies.ts';
import { chatTextToMrkdwn, markdownToMrkdwn } from './slack-mrkdwn.ts';
import { threadHistory } from './thread-history.ts';

/** While streaming, the message shows plain text; Slack's text field stays far below its 40k limit. */
const streamingPreviewChars = 3_000;

/**
 * Answers a question in the thread: posts "Thinking…", edits it while the answer streams in (at most
 * every few seconds), and replaces it with the finished answer in Block Kit. A space without documents
 * gets directions instead; a failure gets its plain-words reason in the same message.
 */
export async function answerInThread(dependencies: SlackHandlerDependencies, conversation: SlackConversation, question: string): Promise<void> {
  const { app, log } = dependencies;
  const { client, channelId } = conversation;
  const correlationId = randomUUID();
  const placeholder = await client.chat.postMessage({ channel: channelId, thread_ts: conversation.threadTs, text: 'Thinking…' });
  const update = (text: string, blocks?: SlackMessage['blocks']) => client.chat.update({ channel: channelId, ts: placeholder.ts!, text, ...(blocks ? { blocks } : {}) });
  const message = new ThrottledMessage<SlackMessage | { text: string; blocks?: undefined; plainText?: undefined }>(
    async content => {
      try {
        await update(content.text, content.blocks);
      } catch (error) {
        // Slack refusing the blocks (invalid_blocks, msg_too_long) must not leave "Thinking…" behind.
        if (!content.plainText) throw error;
        log.warn({ err: error, correlationId }, 'Slack refused the answer blocks; sending plain text');
        await update(content.plainText);
      }
    },
    { intervalMs: dependencies.settings.progressIntervalMs, onError: error => log.warn({ err: error }, 'could not update a Slack answer message') },
  );
  try {
    const spaces = await app.readableSpaces(conversation.space);
    const history = await threadHistory(conversation);
    let streamed = '';
    const outcome = await app.ask({
      spaces,
      question,
      history,
      correlationId,
      onEvent: event => {
        if (event.type !== 'text') return;
        streamed += event.delta;
        message.set({ text: `${shorten(markdownToMrkdwn(streamed), streamingPreviewChars)} …` });
      },
    });
    if (!('answer' in outcome)) {
      await message.flush({ text: withSlackHints(outcome) });
      return;
    }
    const { answer } = outcome;
    await message.flush(answerMessage(answer, await sourceLinks(answer, dependencies, conversation)));
    log.info({ correlationId, answerId: answer.id, space: conversation.space, outcome: outcome.kind, citations: answer.citations.length }, 'answered a Slack question');
  } catch (error) {
    await message.flush({ text: replyForError(error, log, { correlationId, space: conversation.space }) });
  }
}

/** The core's message, plus Slack's command for the team's documents when the core says the channel could use them. */
function withSlackHints(outcome: Exclude<AskOutcome, { answer: Answer }>): string {
  const text = chatTextToMrkdwn(outcome.message);
  if (outcome.kind !== 'no_documents' || !outcome.teamScopeAvailable) return text;
  return `${text}\n• \`/folio scope team\` lets this channel also use the documents shared with the whole workspace.`;
}

/**
 * Where each cited document can be opened in Slack: the file's permalink (remembered when it was
 * shared), else the permalink of the message that shared it.
 */
async function sourceLinks(answer: Answer, dependencies: SlackHandlerDependencies, conversation: SlackConversation): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const cited = new Map(answer.citations.map(citation => [citation.documentId, citation.space] as const));
  await Promise.all(
    [...cited].map(async ([documentId, space]) => {
      try {
        const file = await dependencies.fileRecords.forDocument(space, documentId);
        if (file?.permalink) {
          links.set(documentId, file.permalink);
          return;
        }
        const record = await dependencies.app.findDocument(space, documentId);
        const [channel, ts] = record.source.platform === 'slack' ? (record.source.messageRef?.split(':') ?? []) : [];
        if (!channel || !ts) return;
        const permalink = await conversation.client.chat.getPermalink({ channel, message_ts: ts });
        if (permalink.permalink) links.set(documentId, permalink.permalink);
      } catch (error) {
        dependencies.log.debug({ err: error, documentId }, 'no Slack link for a cited document');
      }
    }),
  );
  return links;
}
