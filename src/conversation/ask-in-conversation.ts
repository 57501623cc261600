import { checkedQuestion } from '../answer/check-question.ts';
import { offlineFollowUp } from '../answer/follow-up-question.ts';
import { detectLanguage } from '../text/detect-language.ts';
import type { Answer, AskInput } from '../answer/types.ts';
import { asFolioError } from '../errors.ts';
import type { KnowledgeStore } from '../store/types.ts';
import type { Logger } from '../log.ts';
import { parseConversationSpace } from '../spaces/conversation-space.ts';
import { defaultSpaceSettings, deliveryOf, settingsForAnswering } from '../spaces/space-settings.ts';
import type { StateStore } from '../state/types.ts';
import {
  citesDocuments,
  outcomeOfAnswer,
  outcomeWithoutAnswer,
  rateLimitedOutcome,
  sortDocuments,
  type AskOutcome,
  type OutcomeContent,
} from './ask-outcome.ts';
import { keepPrivateAnswer } from './private-answers.ts';
import type { DocumentDescriptions } from './described-documents.ts';
import { answerWithFocus, spaceWordsIn, questionFocus, type FocusRequest } from './question-focus.ts';
import { countQuestion } from './question-limit.ts';
import { rememberThreadAnswer, threadAnswerDocuments } from './thread-answers.ts';

export interface ConversationAskInput extends AskInput {
  /**
   * Who asks: the platform's user id (Slack `U…`, Teams Entra object id). Counted against the space's
   * question limit, and the only person who may share an answer delivered privately. Without it (REST,
   * CLI) nothing is counted.
   */
  asker?: string;
  /** What the question is about first: the thread's first message, or documents the caller names (question-focus.ts). */
  focus?: FocusRequest;
}

/**
 * A question asked in a conversation that reads `input.spaces` (its own space first, whose settings
 * apply): over the asker's question limit it is not answered; otherwise the documents are listed once,
 * with none ready the outcome says why (no documents, still reading), else `answer` answers from the
 * ready ones. The settings decide each outcome's delivery; a private answer is kept so its asker can
 * share it. A question that cannot be asked (empty, too long) throws first and is not counted.
 */
export async function askInConversation(
  input: ConversationAskInput,
  dependencies: {
    store: KnowledgeStore;
    state: StateStore;
    log: Logger;
    maxQuestionChars: number;
    /** Finds the document a question describes by meaning (question-focus.ts); without it, only names count. */
    descriptions?: DocumentDescriptions;
    answer: (input: AskInput) => Promise<Answer>;
  },
): Promise<AskOutcome> {
  const { asker, focus: focusRequest, ...askInput } = input;
  const question = checkedQuestion(input.question, dependencies.maxQuestionChars);
  const ownSpace = input.spaces[0];
  const own = ownSpace ? parseConversationSpace(ownSpace) : undefined;
  // The state store being down must not stop answers (the documents live elsewhere): the defaults then
  // apply, and the question limit is not counted.
  const settings = ownSpace ? await settingsForAnswering(dependencies.state, ownSpace, dependencies.log) : defaultSpaceSettings;
  const deliver = (content: OutcomeContent): AskOutcome => {
    const cited = citesDocuments(content);
    const delivery = ownSpace ? deliveryOf({ cited, limited: content.kind === 'rate_limited' }, settings, ownSpace) : 'thread';
    return { ...content, delivery, shareable: delivery === 'private' && 'answer' in content && asker !== undefined && (cited || !settings.citedOnly) };
  };

  const limit = settings.questionsPerUserPerMinute;
  if (asker && ownSpace && limit !== null) {
    const counted = await countQuestion(dependencies.state, { space: ownSpace, asker, limit }).catch(error => {
      dependencies.log.warn({ err: error, code: asFolioError(error).code, space: ownSpace }, 'could not count the question; answering without it');
      return undefined;
    });
    if (counted && !counted.allowed) return deliver(rateLimitedOutcome(limit, counted.retryAfterSeconds, detectLanguage(question), own?.place ?? 'web'));
  }

  const records = (await Promise.all(input.spaces.map(space => dependencies.store.listDocuments(space)))).flat();
  const only = input.documentIds ? new Set(input.documentIds) : undefined;
  const documents = sortDocuments(only ? records.filter(record => only.has(record.id)) : records);
  // A channel that reads only itself could opt into its team's documents (`scope team`).
  const teamScopeAvailable = own?.place === 'channel' && own.teamSpace !== undefined && !input.spaces.includes(own.teamSpace);
  const waiting = outcomeWithoutAnswer(documents, detectLanguage(question), own?.place ?? 'web', teamScopeAvailable);
  if (waiting) return deliver(waiting);
  const threadRef = focusRequest?.threadRef;
  const threadSpace = ownSpace ?? input.spaces[0];
  // What the thread's earlier answers cited only focuses a reply in it; a state store that is down costs the focus, not the answer.
  const answeredInThread =
    threadRef && focusRequest?.inThread
      ? await threadAnswerDocuments(dependencies.state, threadSpace, threadRef).catch(error => {
          dependencies.log.warn({ err: error, code: asFolioError(error).code, space: threadSpace }, 'could not read what the thread was answered from');
          return [];
        })
      : [];
  // Without documentIds (a caller's hard restriction), a question that names a document is focused on it.
  const focus = input.documentIds
    ? undefined
    : await questionFocus(
        {
          ...focusRequest,
          question,
          followUp: offlineFollowUp(question, input.history ?? []),
          // In a thread, the history starts with the thread's first message (unless the thread is too long to send whole).
          threadText: focusRequest?.inThread ? input.history?.[0]?.text : undefined,
          answeredInThread,
        },
        documents.ready,
        ownSpace ?? input.spaces[0],
        spaceWordsIn(dependencies.store, input.spaces),
        dependencies.descriptions,
      );
  const answered = focus
    ? await answerWithFocus({ ...askInput, readyDocuments: documents.ready }, focus, documents.ready, dependencies.answer)
    : await dependencies.answer({ ...askInput, readyDocuments: documents.ready });
  if (threadRef) {
    await rememberThreadAnswer(dependencies.state, threadSpace, threadRef, answered).catch(error =>
      dependencies.log.warn({ err: error, code: asFolioError(error).code, space: threadSpace }, 'could not remember what the thread was answered from'),
    );
  }
  const outcome = deliver(outcomeOfAnswer(answered, documents));
  if (outcome.delivery === 'private' && 'answer' in outcome && asker && ownSpace) {
    // Without it the answer still reaches the asker; only sharing it is refused ("too old").
    await keepPrivateAnswer(dependencies.state, { space: ownSpace, asker, answer: outcome.answer }).catch(error =>
      dependencies.log.warn({ err: error, code: asFolioError(error).code, answerId: outcome.answer.id }, 'could not keep a private answer for sharing'),
    );
  }
  return outcome;
}
