import { checkedQuestion } from '../answer/check-question.ts';
import { detectLanguage } from '../answer/detect-language.ts';
import type { Answer, AskInput } from '../answer/types.ts';
import type { KnowledgeStore } from '../index/types.ts';
import { parseConversationSpace } from '../spaces/conversation-space.ts';
import { outcomeOfAnswer, outcomeWithoutAnswer, sortDocuments, type AskOutcome } from './ask-outcome.ts';

/**
 * A question asked in a conversation that reads `input.spaces` (its own space first): the documents
 * are listed once; with none ready the outcome says why (no documents, still reading), otherwise
 * `answer` answers from the ready ones. A question that cannot be asked (empty, too long) throws first.
 */
export async function askInConversation(
  input: AskInput,
  dependencies: { store: KnowledgeStore; maxQuestionChars: number; answer: (input: AskInput) => Promise<Answer> },
): Promise<AskOutcome> {
  const question = checkedQuestion(input.question, dependencies.maxQuestionChars);
  const records = (await Promise.all(input.spaces.map(space => dependencies.store.listDocuments(space)))).flat();
  const only = input.documentIds ? new Set(input.documentIds) : undefined;
  const documents = sortDocuments(only ? records.filter(record => only.has(record.id)) : records);
  const own = input.spaces[0] ? parseConversationSpace(input.spaces[0]) : undefined;
  // A channel that reads only itself could opt into its team's documents (`scope team`).
  const teamScopeAvailable = own?.place === 'channel' && own.teamSpace !== undefined && !input.spaces.includes(own.teamSpace);
  const waiting = outcomeWithoutAnswer(documents, detectLanguage(question), own?.place ?? 'web', teamScopeAvailable);
  if (waiting) return waiting;
  return outcomeOfAnswer(await dependencies.answer({ ...input, readyDocuments: documents.ready }), documents);
}
