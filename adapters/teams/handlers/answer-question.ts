import { answerInConversation, type AskStage } from '../../shared/answer-in-conversation.ts';
import type { AnswerReply } from '../answer/answer-reply.ts';
import { answerMessage } from '../answer/answer-message.ts';
import { EditedAnswerReply } from '../answer/edited-answer-reply.ts';
import { StreamedAnswerReply } from '../answer/streamed-answer-reply.ts';
import type { TeamsMessage } from '../cards/adaptive-card.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import { chatTextToTeams } from '../teams-markdown.ts';
import type { TeamsTurn } from '../teams-turn.ts';
import { threadHistory } from '../thread-history.ts';
import { sendPrivately } from './send-privately.ts';

const stageLines: Record<AskStage, string> = {
  planning: 'Thinking…',
  searching: 'Searching the documents…',
  answering: 'Writing the answer…',
};

const teamScopeHint = '\n\n**@Folio scope team** lets this conversation also use the documents shared with the whole organisation.';

/**
 * `@Folio <question>` (or any text in a personal chat), through the shared flow
 * (answer-in-conversation.ts). In a personal chat the answer is streamed with Teams' streaming protocol
 * (the stages as informative updates, then the text as it is written, then the final message); Teams
 * streams only in one-on-one chats, so in group chats and channels one reply ("Thinking…") is edited
 * with the stages and the text instead. Either ends in the answer message (answer/answer-message.ts:
 * native citations, the AI label, Teams' 👍/👎) or the core's directions. A private outcome goes to the
 * asker's personal chat (send-privately.ts) and the reply here becomes a short note. An answer shown
 * here is remembered for the next follow-up, and its message id for the feedback on it.
 */
export async function answerQuestion(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, question: string): Promise<void> {
  const { app, log, settings } = dependencies;
  const stopped = new AbortController();
  await answerInConversation<TeamsMessage>({
    platform: 'Teams',
    app,
    log,
    space: turn.space,
    question,
    asker: turn.userId,
    // The files a thread's first message (or this message) shared have the same reference (ingest-shared-files.ts).
    threadRef: `${turn.conversationId};messageid=${turn.threadRootId ?? turn.activityId}`,
    inThread: turn.threadRootId !== undefined && turn.threadRootId !== turn.activityId,
    correlationId: `teams:${turn.activityId}`,
    signal: stopped.signal,
    openReply: async () => {
      const reply: AnswerReply =
        turn.kind === 'personal' && turn.reference.channelId === 'msteams'
          ? new StreamedAnswerReply(dependencies, turn.reference, {
              intervalMs: settings.streamIntervalMs,
              onCancelled: () => stopped.abort(new Error('the asker stopped the answer')),
            })
          : await EditedAnswerReply.start(dependencies, turn.reference, stageLines.planning, { intervalMs: settings.progressIntervalMs });
      let written = '';
      return {
        stage: stage => reply.stage(stageLines[stage]),
        append: delta => {
          written += delta;
          reply.write(written);
        },
        finish: message => reply.finish(message),
        finishPrivately: async (message, answer) => {
          await reply.finish(await sendPrivately(dependencies, turn, message, answer?.id));
        },
      };
    },
    history: () => threadHistory(dependencies, turn),
    answerMessage: async answer => {
      // Each citation opens its page, the quoted lines marked, when the server has a public URL (signed links, no API key needed).
      const links = new Map(
        answer.citations.flatMap(citation => {
          const link = app.citationLink(citation);
          return link ? [[citation.n, link] as const] : [];
        }),
      );
      return answerMessage(answer, links);
    },
    directionsMessage: outcome => ({
      text: `${chatTextToTeams(outcome.message)}${outcome.kind === 'no_documents' && outcome.teamScopeAvailable ? teamScopeHint : ''}`,
    }),
    errorMessage: text => ({ text }),
    answered: async (answer, messageId) => {
      if (messageId) {
        await dependencies.answeredMessages
          .remember(turn, messageId, answer.id)
          .catch(error => log.warn({ err: error, space: turn.space }, 'could not remember which answer a Teams message shows'));
      }
      // Not for private answers: the thread never showed them.
      await dependencies.seenTurns
        .add(turn, question, answer.answer)
        .catch(error => log.warn({ err: error, space: turn.space }, 'could not remember a Teams question for follow-ups'));
    },
  });
}
