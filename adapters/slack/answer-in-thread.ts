import { randomUUID } from 'node:crypto';
import type { Answer, AskEvent, AskOutcome } from '../../src/index.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { answerMessage, type SlackMessage, type SourceLinks } from './answer-blocks.ts';
import { postFinalMessage, streamingAnswerWriter, type AnswerWriter, type FinalMessage } from './answer-writer.ts';
import { postPrivately } from './private-reply.ts';
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
 * the core's directions; a failure gets its plain-words reason. The channel's settings decide who sees
 * it (the outcome's `delivery`): a private outcome goes to the asker alone (private-reply.ts), and in a
 * channel where the outcome may turn out private nothing streams: the answer is shown once complete.
 */
export async function answerInThread(dependencies: SlackHandlerDependencies, conversation: SlackConversation, question: string): Promise<void> {
  const { app, log } = dependencies;
  const correlationId = randomUUID();
  const status = threadStatus(conversation, log);
  await status.set(stageStatus.planning, loadingMessages);
  // Until the settings are read, a failure is told in the thread, as it always was.
  let draftIsPublic = true;
  let writer: AnswerWriter | undefined;
  try {
    draftIsPublic = (await app.draftDelivery(conversation.space)) === 'thread';
    if (draftIsPublic) writer = streamingAnswerWriter(conversation, { support: dependencies.streaming, log, progressIntervalMs: dependencies.settings.progressIntervalMs, bufferChars: dependencies.settings.streamBufferChars });
    const spaces = await app.readableSpaces(conversation.space);
    const history = await threadHistory(conversation);
    const outcome = await app.ask({
      spaces,
      question,
      history,
      correlationId,
      asker: conversation.userId,
      onEvent: event => {
        if (event.type === 'stage') void status.set(stageStatus[event.stage]);
        if (event.type === 'text') writer?.append(event.delta);
      },
    });
    const message: FinalMessage = 'answer' in outcome ? await answerMessageFor(outcome.answer, dependencies, conversation) : { text: withSlackHints(outcome) };
    if (outcome.delivery === 'private') await postPrivately(conversation, message, { log, shareAnswerId: outcome.shareable && 'answer' in outcome ? outcome.answer.id : undefined });
    else if (writer) await writer.finish(message);
    else await postFinalMessage(conversation, message, log);
    if ('answer' in outcome) {
      log.info({ correlationId, answerId: outcome.answer.id, space: conversation.space, outcome: outcome.kind, delivery: outcome.delivery, citations: outcome.answer.citations.length }, 'answered a Slack question');
    }
  } catch (error) {
    const text = replyForError(error, log, { correlationId, space: conversation.space });
    // Tried once: a channel that is gone or a revoked token refuses every message alike.
    const told = !draftIsPublic ? postPrivately(conversation, { text }, { log }) : writer ? writer.finish({ text }) : postFinalMessage(conversation, { text }, log);
    await told.catch(finishError => log.warn({ err: finishError, correlationId }, 'could not tell the Slack thread why the answer failed'));
  } finally {
    await status.clear();
  }
}

/** An answer as the Block Kit message Folio posts, with its sources linked (also when a private answer is shared). */
export async function answerMessageFor(answer: Answer, dependencies: SlackHandlerDependencies, conversation: SlackConversation): Promise<SlackMessage> {
  return answerMessage(answer, await sourceLinks(answer, dependencies, conversation));
}

const teamScopeHint = '• `/folio scope team` lets this channel also use the documents shared with the whole workspace.';

/** The core's message, plus Slack's command for the team's documents when the core says the channel could use them. */
function withSlackHints(outcome: Exclude<AskOutcome, { answer: Answer }>): string {
  const text = chatTextToMrkdwn(outcome.message);
  return outcome.kind === 'no_documents' && outcome.teamScopeAvailable ? `${text}\n${teamScopeHint}` : text;
}


/**
 * Where each source opens: the cited document in Slack, the file's permalink (remembered when it was
 * shared), else the permalink of the message that shared it; and the cited page with the quoted lines
 * marked, when the server has a public URL (Folio.citationLink).
 */
async function sourceLinks(answer: Answer, dependencies: SlackHandlerDependencies, conversation: SlackConversation): Promise<SourceLinks> {
  const pages = new Map(answer.citations.flatMap(citation => {
    const link = dependencies.app.citationLink(citation);
    return link ? [[citation.n, link] as const] : [];
  }));
  return { files: await fileLinks(answer, dependencies, conversation), pages };
}

async function fileLinks(answer: Answer, dependencies: SlackHandlerDependencies, conversation: SlackConversation): Promise<Map<string, string>> {
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
