import type { Answer } from '../../../src/answer/types.ts';
import type { AskOutcome } from '../../../src/conversation/ask-outcome.ts';

/** The Answer of an ask outcome; fails the test when there was nothing to answer from (no documents, still reading). */
export async function answerOf(outcome: AskOutcome | Promise<AskOutcome>): Promise<Answer> {
  const settled = await outcome;
  if (!('answer' in settled)) throw new Error(`expected an answer, got ${settled.kind}: ${JSON.stringify(settled.message)}`);
  return settled.answer;
}
