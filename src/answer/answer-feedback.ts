import { asFolioError, FolioError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { StateStore } from '../state/types.ts';
import type { Answer } from './types.ts';

export interface Feedback {
  answerId: string;
  rating: 'up' | 'down';
  /** Platform user id of whoever clicked. */
  user?: string;
  comment?: string;
}

/** How long an answer is kept so a 👍/👎 click can refer to it. */
const answerRetentionSeconds = 90 * 24 * 3600;
/** The longest a question's reply waits for its answer to be kept for feedback. */
const answerKeepWaitMs = 1_000;

/**
 * Keeps an answer so a 👍/👎 can refer to it. Normally stored before the reply goes out (so a click right
 * after finds it), but never waited on for long: a slow, down (Redis) or full state store must not delay
 * or cost the answer.
 */
export async function keepAnswerForFeedback(answer: Answer, spaces: SpaceId[], dependencies: { state: StateStore; log: Logger }): Promise<void> {
  const kept = dependencies.state
    .set(
      `answer:${answer.id}`,
      { spaces, question: answer.question, answer: answer.answer, citations: answer.citations, at: new Date().toISOString() },
      { ttlSeconds: answerRetentionSeconds },
    )
    .catch(error => dependencies.log.warn({ err: error, answerId: answer.id, code: asFolioError(error).code }, 'could not keep the answer for feedback'));
  await Promise.race([kept, new Promise(resolve => setTimeout(resolve, answerKeepWaitMs).unref())]);
}

/**
 * Deletes the answers kept for feedback, and the feedback given, of questions that read `space`: they
 * quote its documents, which are being forgotten. Returns how many entries went.
 */
export async function forgetAnswersOfSpace(state: StateStore, space: SpaceId): Promise<number> {
  let deleted = 0;
  for (const prefix of ['answer:', 'feedback:']) {
    for (const { key, value } of await state.list<{ spaces?: unknown }>(prefix)) {
      if (!Array.isArray(value?.spaces) || !value.spaces.includes(space)) continue;
      await state.delete(key);
      deleted += 1;
    }
  }
  return deleted;
}

/** Stores 👍/👎 with the question and answer it is about; an answer no longer kept is refused. */
export async function recordFeedback(feedback: Feedback, state: StateStore): Promise<void> {
  const answer = await state.get<Record<string, unknown>>(`answer:${feedback.answerId}`);
  if (!answer) {
    throw new FolioError({ code: 'input_invalid', message: `no answer ${feedback.answerId}`, userMessage: 'That answer is too old to rate.' });
  }
  await state.set(`feedback:${feedback.answerId}:${feedback.user ?? 'anonymous'}`, { ...feedback, ...answer, ratedAt: new Date().toISOString() });
}
