import { randomUUID } from 'node:crypto';
import type { Answer } from '../../src/index.ts';
import { answerInConversation, type AskStage, type DirectionsOutcome } from '../shared/answer-in-conversation.ts';
import { answerMessage, type SlackMessage, type SourceLinks } from './answer-blocks.ts';
import { postFinalMessage, streamingAnswerWriter, type FinalMessage } from './answer-writer.ts';
import { postPrivately } from './private-reply.ts';
import type { SlackConversation, SlackHandlerDependencies } from './slack-dependencies.ts';
import { chatTextToMrkdwn } from './slack-mrkdwn.ts';
import { threadHistory } from './thread-history.ts';
import { threadStatus } from './thread-status.ts';

const stageStatus: Record<AskStage, string> = {
  planning: 'is reading your question…',
  searching: 'is searching the documents…',
  answering: 'is writing the answer…',
};
const loadingMessages = ['Reading your question…', 'Searching the documents…', 'Checking the pages…'];

/**
 * Answers a question in the thread (the shared flow, answer-in-conversation.ts). The thread's status
 * says what Folio is doing (planning, searching, writing); the answer streams in as the model writes it
 * (chat.startStream / appendStream) and the stream ends with the sources, figures and feedback buttons
 * (chat.stopStream). A workspace that does not stream gets "Thinking…" edited in place instead. A
 * private outcome goes to the asker alone (private-reply.ts); where the outcome may turn out private
 * nothing streams and no "Thinking…" is posted: the answer is shown once complete.
 */
export async function answerInThread(dependencies: SlackHandlerDependencies, conversation: SlackConversation, question: string): Promise<void> {
  const { app, log } = dependencies;
  await answerInConversation<FinalMessage>({
    platform: 'Slack',
    app,
    log,
    space: conversation.space,
    question,
    asker: conversation.userId,
    // The files a thread's first message shared have the same reference (ingest-shared-files.ts).
    threadRef: `${conversation.channelId}:${conversation.threadTs}`,
    inThread: conversation.threadTs !== conversation.messageTs,
    correlationId: randomUUID(),
    openReply: async draftIsPublic => {
      const status = threadStatus(conversation, log);
      await status.set(stageStatus.planning, loadingMessages);
      const writer = draftIsPublic
        ? streamingAnswerWriter(conversation, {
            support: dependencies.streaming,
            log,
            progressIntervalMs: dependencies.settings.progressIntervalMs,
            bufferChars: dependencies.settings.streamBufferChars,
          })
        : undefined;
      return {
        stage: stage => void status.set(stageStatus[stage]),
        append: delta => writer?.append(delta),
        finish: async message => {
          await (writer ? writer.finish(message) : postFinalMessage(conversation, message, log));
          return undefined;
        },
        finishPrivately: (message, answer) => postPrivately(conversation, message, { log, shareAnswerId: answer?.shareable ? answer.id : undefined }),
        close: () => status.clear(),
      };
    },
    history: () => threadHistory(conversation),
    answerMessage: answer => answerMessageFor(answer, dependencies, conversation),
    directionsMessage: outcome => ({ text: withSlackHints(outcome) }),
    errorMessage: text => ({ text }),
  });
}

/** An answer as the Block Kit message Folio posts, with its sources linked (also when a private answer is shared). */
export async function answerMessageFor(answer: Answer, dependencies: SlackHandlerDependencies, conversation: SlackConversation): Promise<SlackMessage> {
  return answerMessage(answer, await sourceLinks(answer, dependencies, conversation));
}

const teamScopeHint = '• `/folio scope team` lets this channel also use the documents shared with the whole workspace.';

/** The core's message, plus Slack's command for the team's documents when the core says the channel could use them. */
function withSlackHints(outcome: DirectionsOutcome): string {
  const text = chatTextToMrkdwn(outcome.message);
  return outcome.kind === 'no_documents' && outcome.teamScopeAvailable ? `${text}\n${teamScopeHint}` : text;
}

/**
 * Where each source opens: the cited document in Slack, the file's permalink (remembered when it was
 * shared), else the permalink of the message that shared it; and the cited page with the quoted lines
 * marked, when the server has a public URL (Folio.citationLink).
 */
async function sourceLinks(answer: Answer, dependencies: SlackHandlerDependencies, conversation: SlackConversation): Promise<SourceLinks> {
  const pages = new Map(
    answer.citations.flatMap(citation => {
      const link = dependencies.app.citationLink(citation);
      return link ? [[citation.n, link] as const] : [];
    }),
  );
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
