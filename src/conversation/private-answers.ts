import type { Answer } from '../answer/types.ts';
import { FolioError } from '../errors.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { readSpaceSettings } from '../spaces/space-settings.ts';
import type { StateStore } from '../state/types.ts';
import { answerCites } from './ask-outcome.ts';

/** How long the asker of a private answer can still share it in the thread. */
const shareableSeconds = 7 * 24 * 3600;

interface PrivateAnswer {
  space: SpaceId;
  asker: string;
  answer: Answer;
}

const keyOf = (answerId: string) => `private-answer:${answerId}`;

/** Keeps an answer only its asker saw, whole, so they can share it in the thread later (shareAnswer). */
export async function keepPrivateAnswer(state: StateStore, kept: PrivateAnswer): Promise<void> {
  await state.set(keyOf(kept.answer.id), kept, { ttlSeconds: shareableSeconds });
}

/** Deletes the private answers kept for sharing in `space` (it is being forgotten); returns how many. */
export async function forgetPrivateAnswersOfSpace(state: StateStore, space: SpaceId): Promise<number> {
  let deleted = 0;
  for (const { key, value } of await state.list<Partial<PrivateAnswer>>('private-answer:')) {
    if (value?.space !== space) continue;
    await state.delete(key);
    await state.delete(`${key}:shared`);
    deleted += 1;
  }
  return deleted;
}

/**
 * A private answer its asker wants to post for everyone: only the asker, only in the space it was
 * asked in, only once, and only when the space would post it (a `citedOnly` space keeps an answer that
 * cites nothing private). Refusals are FolioErrors (input_invalid) that say why.
 */
export async function takeAnswerToShare(state: StateStore, answerId: string, by: { space: SpaceId; asker: string }): Promise<Answer> {
  const kept = await state.get<PrivateAnswer>(keyOf(answerId));
  const refuse = (message: string, userMessage: string) =>
    new FolioError({ code: 'input_invalid', message: `answer ${answerId} not shared: ${message}`, userMessage });
  if (!kept) throw refuse('not kept', 'That answer is too old to share. Ask the question again.');
  if (kept.space !== by.space)
    throw refuse(`asked in ${kept.space}, shared in ${by.space}`, 'That answer was given in another conversation, so it cannot be shared here.');
  if (kept.asker !== by.asker) throw refuse('shared by someone else', 'Only the person who asked can share this answer.');
  const settings = await readSpaceSettings(state, kept.space);
  if (settings.citedOnly && !answerCites(kept.answer)) {
    throw refuse('cites nothing in a citedOnly space', 'Answers here are posted only when they cite a document, and this one cites none, so it stays private.');
  }
  if (!(await state.claim(`${keyOf(answerId)}:shared`, { ttlSeconds: shareableSeconds })))
    throw refuse('shared already', 'That answer is in the thread already.');
  return kept.answer;
}
