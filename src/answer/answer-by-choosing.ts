import type { Logger } from '../log.ts';
import type { LanguageModel, ModelUsage } from '../models/types.ts';
import { chooseQuotes, excerptsToChoose } from './choose-quotes.ts';
import { chosenAnswer } from './chosen-answer.ts';
import type { ContextPassage } from './context-passage.ts';
import type { QuoteCandidate } from './quote-candidates.ts';
import { extractiveAnswer, type ExtractiveAnswer } from './extractive-answer.ts';
import { holdsQuestionNumbers, questionNumbers } from './question-numbers.ts';
import { asksForPhoneNumber, isPhoneNumberAnswer } from './phone-number-answer.ts';
import { restatesQuestion } from './restated-question.ts';
import { namesWhatIsAsked } from './asked-value.ts';
import { givesAskedKind } from './asked-kind-answer.ts';
import type { ConversationTurn } from './types.ts';

/** How a question answered by choosing ended; ask-question.ts turns it into the Answer. */
export type ChoosingOutcome =
  /** The passages share almost nothing with the question (below the offline answer's own bar); no model call. */
  | { kind: 'not-found' }
  /** A question for a page as a whole ("what is on slide 4?"): nothing to choose among, the page quoted from its start. */
  | { kind: 'page'; text: string }
  /** The model chose no excerpt: its "not found", for the caller to weigh against the offline answer's evidence. */
  | { kind: 'none-chosen'; offline: ExtractiveAnswer; calls: number; usage: ModelUsage }
  /** The reply (chosen-answer.ts), with [n] of `passages`. */
  | { kind: 'chosen'; text: string; shortAnswer: boolean; calls: number; usage: ModelUsage };

/**
 * A slow model's answer (model-budgets.ts): among the best-scored quotes of `passages` (the passages the
 * offline answer reads, of the documents that hold what the question names) it chooses those that state
 * the answer and gives the short answer they hold (choose-quotes.ts); the reply leads with that short
 * answer when the quotes bear it out, it is more than the question's own words (restated-question.ts),
 * of the kind asked (asked-kind-answer.ts: money for money, a number for a count) and, asked for a
 * phone number, it is one (phone-number-answer.ts); then the chosen quotes, then the offline answer's
 * (chosen-answer.ts).
 */
export async function answerByChoosing(
  input: { question: string; subQuestions: string[]; language: string; history: ConversationTurn[]; passages: ContextPassage[]; minimumEvidence: number },
  model: LanguageModel,
  options: { log: Logger; signal?: AbortSignal },
): Promise<ChoosingOutcome> {
  const { language, passages } = input;
  const offline = extractiveAnswer(input.subQuestions, passages, { language, minimumEvidence: input.minimumEvidence });
  if (!offline.grounded) return { kind: 'not-found' };
  const excerpts = excerptsToChoose(offline.scored);
  if (excerpts.length === 0) return { kind: 'page', text: offline.text };
  const choice = await chooseQuotes({ question: input.question, language, history: input.history, excerpts, passages }, model, options);
  options.log.info({ excerpts: excerpts.length, chosen: choice.quotes.length, answered: choice.answer.length > 0, ms: choice.ms }, 'the model chose quotes');
  // A table row about another number than the one asked about ("12 g") states no answer, however close.
  const numbers = questionNumbers(input.question, language);
  const stating = choice.quotes.filter(quote => holdsQuestionNumbers(quote, passages, numbers));
  if (stating.length < choice.quotes.length)
    options.log.info({ dropped: choice.quotes.length - stating.length }, 'chosen table rows without the numbers the question names');
  // …nor a quote (a row by its label) that names nothing the question does besides its file's name:
  // the model's number is then of something else (asked-value.ts).
  const asked = [input.question, ...input.subQuestions];
  const fileName = (quote: QuoteCandidate) => passages.find(passage => passage.n === quote.n)?.record.name ?? '';
  const labelled = stating.filter(quote => namesWhatIsAsked(quote, asked, language, fileName(quote)));
  if (labelled.length < stating.length) options.log.info({ dropped: stating.length - labelled.length }, 'chosen quotes naming nothing the question asks about');
  const kept = labelled.length === choice.quotes.length ? choice : { ...choice, quotes: labelled, answer: labelled.length > 0 ? choice.answer : '' };
  // "green" for "the word in the green box": a short answer made of the question's own words answers nothing.
  const restated = kept.answer !== '' && restatesQuestion(kept.answer, input.question, language);
  if (restated) options.log.info('the short answer only repeats words of the question; quoting the chosen quotes alone');
  // An account number for "what is the phone number?" is a wrong answer, however well the quote bears it out.
  const noPhoneNumber = kept.answer !== '' && asksForPhoneNumber(input.question) && !isPhoneNumberAnswer(kept.answer);
  if (noPhoneNumber) options.log.info('the short answer to a question for a phone number is none; quoting the chosen quotes alone');
  // "10 kWp" for "how many euros?", a sentence without a number for "how many?": no answer of the kind asked.
  const otherKind = kept.answer !== '' && !givesAskedKind(kept.answer, input.question);
  if (otherKind) options.log.info('the short answer is not of the kind the question asks for; quoting the chosen quotes alone');
  const chosen = restated || noPhoneNumber || otherKind ? { ...kept, answer: '' } : kept;
  if (chosen.quotes.length === 0) return { kind: 'none-chosen', offline, calls: chosen.calls, usage: chosen.usage };
  const reply = chosenAnswer(chosen, passages, { language, alsoQuoted: offline.quotes, shown: excerpts });
  if (!reply.shortAnswer) options.log.info('no short answer the chosen quotes bear out; quoting them alone');
  return { kind: 'chosen', text: reply.text, shortAnswer: reply.shortAnswer, calls: chosen.calls, usage: chosen.usage };
}
