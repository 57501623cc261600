import type { Answer } from '../answer/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { StateStore } from '../state/types.ts';

/** As long as an answer is kept for feedback: a thread picked up after that is asked afresh. */
const keptSeconds = 90 * 24 * 3600;

interface ThreadAnswer {
  /** The documents the thread's latest grounded answer cited, by id. */
  documentIds: string[];
}

const prefixOf = (space: SpaceId) => `thread-answer:${space}:`;

/**
 * Remembers which documents the latest answer in a thread cited, by the thread's `DocumentSource.messageRef`
 * (its first message), so that a later question in the thread is focused on them (question-focus.ts):
 * "and in 2022?" asked under an answer from the annual report reads the annual report first. Only a
 * grounded answer that cites something replaces what the thread's earlier answers cited.
 */
export async function rememberThreadAnswer(state: StateStore, space: SpaceId, threadRef: string, answer: Answer): Promise<void> {
  if (!answer.grounded || answer.citations.length === 0) return;
  const documentIds = [...new Set(answer.citations.map(citation => citation.documentId))];
  await state.set(`${prefixOf(space)}${threadRef}`, { documentIds } satisfies ThreadAnswer, { ttlSeconds: keptSeconds });
}

/** The documents the latest answer in the thread cited; none when Folio has not answered there. */
export async function threadAnswerDocuments(state: StateStore, space: SpaceId, threadRef: string): Promise<string[]> {
  const kept = await state.get<Partial<ThreadAnswer>>(`${prefixOf(space)}${threadRef}`);
  return Array.isArray(kept?.documentIds) ? kept.documentIds.filter(id => typeof id === 'string') : [];
}

/** Deletes what the threads of `space` remember (it is being forgotten); returns how many threads. */
export async function forgetThreadAnswersOfSpace(state: StateStore, space: SpaceId): Promise<number> {
  const kept = await state.list(prefixOf(space));
  for (const { key } of kept) await state.delete(key);
  return kept.length;
}
