import { ClaimChecker } from './claim-support.ts';
import type { ContextPassage } from './context-passage.ts';
import { quoteList } from './extractive-answer.ts';
import type { QuoteCandidate } from './quote-candidates.ts';

export interface ChosenAnswer {
  /** The short answer with its citations, then the chosen quotes; only the quotes when the short answer is not borne out. */
  text: string;
  /** The model's short answer is borne out by the passages of the quotes it chose and leads the reply. */
  shortAnswer: boolean;
}

/** A short answer that states no fact of its own but a judgement of the quotes beneath it. */
const yesOrNo = /^(?:yes|no|ja|nein|nee|oui|non|sí|si|não|nao|sì)[.!]?$/iu;

/**
 * The reply built from a model's choice (choose-quotes.ts): its short answer, cited with the chosen
 * quotes that bear it out, then those quotes as they stand in the documents. The short answer is shown
 * only when chosen quotes bear it out as a claim of a written answer is checked (claim-support.ts:
 * every number in them, most content words in one of them; quotes in another language than the answer
 * bear out its numbers, or else most of its words as written, never a translation taken on trust) or it
 * is a plain yes or no; otherwise
 * all the chosen quotes answer alone. `alsoQuoted` (the offline answer's quotes, lead first) follow the chosen
 * ones: a small model's choice can miss the sentence or page that answers, and the reader then still
 * sees it; past the lead, only quotes of pages the chosen ones do not already quote. `quotes` must not
 * be empty.
 */
export function chosenAnswer(
  chosen: { quotes: QuoteCandidate[]; answer: string },
  passages: ContextPassage[],
  options: { language: string; alsoQuoted?: QuoteCandidate[]; shown?: QuoteCandidate[] },
): ChosenAnswer {
  const answer = chosen.answer
    .replace(/\s+/gu, ' ')
    .replace(/\[\d+\]/gu, '')
    .trim();
  const bearing = answer ? bearingQuotes(answer, chosen.quotes, passages, options.language) : [];
  // A small model often reads its answer from one excerpt and gives the number of a neighbour: the shown excerpts that bear it out on their own are then its evidence.
  if (answer && bearing.length === 0 && !yesOrNo.test(answer)) {
    const others = (options.shown ?? []).filter(quote => !chosen.quotes.includes(quote));
    bearing.push(...others.filter(quote => bearsAlone(answer, quote, passages, options.language)).slice(0, chosen.quotes.length));
  }
  // With a short answer, the chosen quotes that bear it out are its evidence and the others go; without one, all the model chose.
  const evidence = bearing.length > 0 ? bearing : chosen.quotes;
  // The offline answer's lead follows unless chosen; its other quotes only from pages the evidence does not quote already.
  const [lead, ...support] = options.alsoQuoted ?? [];
  const onEvidencePage = (quote: QuoteCandidate) => evidence.some(own => own.n === quote.n && own.page === quote.page);
  const also = [...(lead ? [lead] : []), ...support.filter(quote => !onEvidencePage(quote))];
  const shown = [...evidence, ...also.filter(quote => !evidence.some(own => own.text === quote.text))];
  const quotes = quoteList(shown);
  if (bearing.length === 0) return { text: quotes, shortAnswer: false };
  const markers = [...new Set(bearing.map(quote => quote.n))].map(n => `[${n}]`).join('');
  const [, body, end] = /^(.*?)([.!?。！？]?)$/su.exec(answer)!;
  return { text: `${body} ${markers}${end}\n\n${quotes}`, shortAnswer: true };
}

/**
 * The chosen quotes that bear the short answer out: each one that does on its own, else all of them
 * when only together they do, else none. Checked against the quotes themselves, not their whole pages:
 * a number elsewhere on the page does not make a wrong choice right.
 */
function bearingQuotes(answer: string, quotes: QuoteCandidate[], passages: ContextPassage[], language: string): QuoteCandidate[] {
  if (yesOrNo.test(answer)) return quotes;
  const alone = quotes.filter(quote => bearsAlone(answer, quote, passages, language));
  if (alone.length > 0) return alone;
  return bears(answer, quotes, passages, language) ? quotes : [];
}

function bearsAlone(answer: string, quote: QuoteCandidate, passages: ContextPassage[], language: string): boolean {
  return bears(answer, [quote], passages, language);
}

/** The claim check (claim-support.ts) of `answer` against the text of `quotes` alone. */
function bears(answer: string, quotes: QuoteCandidate[], passages: ContextPassage[], language: string): boolean {
  const quoted = passages.flatMap(passage => {
    const own = quotes.filter(quote => quote.n === passage.n);
    if (own.length === 0) return [];
    const text = own.map(quote => quote.source).join('\n');
    return [{ ...passage, text, pageTexts: own.map(quote => ({ page: quote.page, text: quote.source, rank: quote.pageRank })) }];
  });
  const checker = new ClaimChecker(quoted, { language, literalAcrossLanguages: true });
  return checker.supports(checker.read(answer), [...new Set(quotes.map(quote => quote.n))]);
}
