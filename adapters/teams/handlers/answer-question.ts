import type { Answer, AskEvent } from '../../../src/index.ts';
import { replyForError } from '../../shared/reply-for-error.ts';
import { shorten } from '../../shared/shorten.ts';
import { ThrottledMessage } from '../../shared/throttled-message.ts';
import { cardMessage, type TeamsMessage } from '../cards/adaptive-card.ts';
import { answerCard } from '../cards/answer-card.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import { chatTextToTeams, markdownForTeams } from '../teams-markdown.ts';
import type { TeamsTurn } from '../teams-turn.ts';
import { threadHistory } from '../thread-history.ts';

const stageLines: Record<Extract<AskEvent, { type: 'stage' }>['stage'], string> = {
  planning: 'Thinking…',
  searching: 'Searching the documents…',
  answering: 'Writing the answer…',
};

/**
 * `@Folio <question>` (or any text in a personal chat): "Thinking…" in the thread at once, edited while
 * the answer is searched and written (stages, then the answer text as it streams, throttled), and
 * finally replaced by the answer card with its sources and 👍/👎, or by the core's directions when no
 * document is ready. Asks every space this conversation may read (its own, plus the team space when it
 * opted in) and nothing else, with the thread's earlier turns as history; the question and its answer
 * are remembered for the next follow-up.
 */
export async function answerQuestion(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, question: string): Promise<void> {
  const { app, replies, log, settings } = dependencies;
  const spaces = await app.readableSpaces(turn.space);
  const messageId = await replies.reply(turn.reference, { text: stageLines.planning });
  const message = new ThrottledMessage<TeamsMessage>(
    async content => {
      if (messageId) await replies.update(turn.reference, messageId, content);
    },
    { intervalMs: settings.progressIntervalMs, onError: error => log.warn({ err: error }, 'could not update a Teams answer message') },
  );
  let written = '';
  const onEvent = (event: AskEvent) => {
    if (event.type === 'stage') message.set({ text: stageLines[event.stage] });
    if (event.type === 'text') {
      written += event.delta;
      message.set({ text: `${markdownForTeams(shorten(written, 6000))} …` });
    }
  };
  let final: TeamsMessage;
  let answer: Answer | undefined;
  try {
    // The history helps with follow-ups; without it the question is still answered.
    const history = await threadHistory(dependencies, turn).catch(error => {
      log.warn({ err: error, space: turn.space }, 'no thread history for a Teams question');
      return [];
    });
    const outcome = await app.ask({ spaces, question, history, correlationId: `teams:${turn.activityId}`, onEvent });
    if ('answer' in outcome) {
      answer = outcome.answer;
      final = cardMessage(shorten(answer.answer.replace(/\s+/g, ' '), 200), answerCard(answer));
    } else {
      const hint = outcome.kind === 'no_documents' && outcome.teamScopeAvailable ? '\n\n**@Folio scope team** lets this conversation also use the documents shared with the whole organisation.' : '';
      final = { text: `${chatTextToTeams(outcome.message)}${hint}` };
    }
  } catch (error) {
    final = { text: replyForError(error, log, { space: turn.space }) };
  }
  if (messageId) await message.flush(final);
  else await replies.reply(turn.reference, final);
  if (answer) {
    await dependencies.seenTurns.add(turn, question, answer.answer).catch(error => log.warn({ err: error, space: turn.space }, 'could not remember a Teams question for follow-ups'));
  }
}
