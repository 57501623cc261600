import { randomUUID } from 'node:crypto';
import type { Answer, AskEvent, AskOutcome } from '../../src/index.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { answerMessage } from './answer-blocks.ts';
import { streamingAnswerWriter } from './answer-writer.ts';
import type { SlackConversation, SlackHandlerDependencies } from './slack-dependencies.ts';
import { chatTextToMrkdwn } from './slack-mrkdwn.ts';
import { threadHistory } from './thread-history.ts';
import { threadStatus } from './thread-status.ts';

const stageStatus: Record<Extract<AskEvent, { type: 'stage' }>['stage'], string> = {
  planning: 'is reading your question…',
  searching: 'is searching the documents…',
  answering: 'is writing the answer…',
};
const loadingMessages = ['Reading your question…', 'Searching the documents…', 'Checking the pages…'];

/**
 * Answers a question in the thread. The thread's status says what Folio is doing (planning, searching,
 * writing); the answer streams in as the model writes it (chat.startStream / appendStream) and the
 * stream ends with the sources, figures and feedback buttons (chat.stopStream). A workspace that does
 * not stream gets "Thinking…" edited in place instead. A conversation with nothing to answer from gets
 * the core's directions; a failure gets its plain-words reason.
 */
export async function answerInThread(dependencies: SlackHandlerDependencies, conversation: SlackConversation, question: string): Promise<void> {
  const { app, log } = dependencies;
  const correlationId = randomUUID();
  const status = threadStatus(conversation, log);
  await status.set(stageStatus.planning, loadingMessages);
  const writer = streamingAnswerWriter(conversation, { support: dependencies.streaming, log, progressIntervalMs: dependencies.settings.progressIntervalMs, bufferChars: dependencies.settings.streamBufferChars });
  try {
    const spaces = await app.readableSpaces(conversation.space);
    const history = await threadHistory(conversation);
    const outcome = await app.ask({
      spaces,
      question,
      history,
      correlationId,
      onEvent: event => {
        if (event.type === 'stage') void status.set(stageStatus[event.stage]);
        if (event.type === 'text') writer.append(event.delta);
      },
    });
    if (!('answer' in outcome)) {
      await writer.finish({ text: withSlackHints(outcome) });
      return;
    }
    const { answer } = outcome;
    await writer.finish(answerMessage(answer, await sourceLinks(answer, dependencies, conversation)));
    log.info({ correlationId, answerId: answer.id, space: conversation.space, outcome: outcome.kind, citations: answer.citations.length }, 'answered a Slack question');
  } catch (error) {
    const text = replyForError(error, log, { correlationId, space: conversation.space });
    // Tried once: a channel that is gone or a revoked token refuses every message alike.
    await writer.finish({ text }).catch(finishError => log.warn({ err: finishError, correlationId }, 'could not tell the Slack thread why the answer failed'));
  } finally {
    await status.clear();
  }
}

const teamScopeHint = '• `/folio scope team` lets this channel also use the documents shared with the whole workspace.';

/** The core's message, plus Slack's command for the team's documents when the core says the channel could use them. */
function withSlackHints(outcome: Exclude<AskOutcome, { answer: Answer }>): string {
  const text = chatTextToMrkdwn(outcome.message);
  return outcome.kind === 'no_documents' && outcome.teamScopeAvailable ? `${text}\n${teamScopeHint}` : text;
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
