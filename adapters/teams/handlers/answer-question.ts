import type { Answer, AnswerDelivery, AskEvent } from '../../../src/index.ts';
import { replyForError } from '../../shared/reply-for-error.ts';
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

const stageLines: Record<Extract<AskEvent, { type: 'stage' }>['stage'], string> = {
  planning: 'Thinking…',
  searching: 'Searching the documents…',
  answering: 'Writing the answer…',
};

/**
 * `@Folio <question>` (or any text in a personal chat). In a personal chat the answer is streamed with
 * Teams' streaming protocol (the stages as informative updates, then the text as it is written, then
 * the final message); Teams streams only in one-on-one chats, so in group chats and channels one reply
 * ("Thinking…") is edited with the stages and the text instead. Either ends in the answer message (see
 * answer/answer-message.ts: native citations, the AI label, Teams' 👍/👎) or the core's directions when
 * no document is ready. Asks every space this conversation may read (its own, plus the team space when
 * it opted in) with the thread's earlier turns as history; the question and its answer are remembered
 * for the next follow-up, and the answer message's id for the feedback on it. A private outcome (the
 * conversation's settings) goes to the asker's personal chat instead (send-privately.ts) and the reply
 * here becomes a short note; where the outcome may turn out private, no answer text is shown while it
 * is written.
 */
export async function answerQuestion(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, question: string): Promise<void> {
  const { app, log, settings } = dependencies;
  const spaces = await app.readableSpaces(turn.space);
  const draftIsPublic = (await app.draftDelivery(turn.space)) === 'thread';
  const stopped = new AbortController();
  const reply: AnswerReply =
    turn.kind === 'personal' && turn.reference.channelId === 'msteams'
      ? new StreamedAnswerReply(dependencies, turn.reference, { intervalMs: settings.streamIntervalMs, onCancelled: () => stopped.abort(new Error('the asker stopped the answer')) })
      : await EditedAnswerReply.start(dependencies, turn.reference, stageLines.planning, { intervalMs: settings.progressIntervalMs });
  reply.stage(stageLines.planning);
  let written = '';
  const onEvent = (event: AskEvent) => {
    if (event.type === 'stage') reply.stage(stageLines[event.stage]);
    if (event.type === 'text' && draftIsPublic) {
      written += event.delta;
      reply.write(written);
    }
  };
  let final: TeamsMessage;
  let answer: Answer | undefined;
  let delivery: AnswerDelivery = 'thread';
  try {
    // The history helps with follow-ups; without it the question is still answered.
    const history = await threadHistory(dependencies, turn).catch(error => {
      log.warn({ err: error, space: turn.space }, 'no thread history for a Teams question');
      return [];
    });
    const outcome = await app.ask({ spaces, question, history, asker: turn.userId, correlationId: `teams:${turn.activityId}`, onEvent, signal: stopped.signal });
    delivery = outcome.delivery;
    if ('answer' in outcome) {
      answer = outcome.answer;
      // Each citation opens its page, the quoted lines marked, when the server has a public URL (signed links, no API key needed).
      const links = new Map(answer.citations.flatMap(citation => {
        const link = app.citationLink(citation);
        return link ? [[citation.n, link] as const] : [];
      }));
      final = answerMessage(answer, links);
    } else {
      const hint = outcome.kind === 'no_documents' && outcome.teamScopeAvailable ? '\n\n**@Folio scope team** lets this conversation also use the documents shared with the whole organisation.' : '';
      final = { text: `${chatTextToTeams(outcome.message)}${hint}` };
    }
  } catch (error) {
    if (stopped.signal.aborted) return;
    final = { text: replyForError(error, log, { space: turn.space }) };
    // Where answers are private, so is why one failed (as in Slack).
    if (!draftIsPublic) delivery = 'private';
  }
  // Not remembered for follow-ups: the thread never showed it.
  if (delivery === 'private') {
    await reply.finish(await sendPrivately(dependencies, turn, final, answer?.id));
    return;
  }
  const messageId = await reply.finish(final);
  if (!answer) return;
  if (messageId && final.channelData?.feedbackLoopEnabled) {
    await dependencies.answeredMessages.remember(turn, messageId, answer.id).catch(error => log.warn({ err: error, space: turn.space }, 'could not remember which answer a Teams message shows'));
  }
  await dependencies.seenTurns.add(turn, question, answer.answer).catch(error => log.warn({ err: error, space: turn.space }, 'could not remember a Teams question for follow-ups'));
}
