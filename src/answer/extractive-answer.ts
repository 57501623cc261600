import { captionReferences } from '../text/caption-references.ts';
import { financialStatementTerms } from '../search/financial-metrics.ts';
import { contentWords } from '../search/offline-plan.ts';
import { pageReferences } from '../search/page-references.ts';
import { markdownRowCells } from '../text/markdown-table-row.ts';
import { foldWord, stopwords, writtenAsAcronym } from '../text/stopwords.ts';
import { answerKind, carriesAnswer } from './answer-cues.ts';
import type { ContextPassage } from './context-passage.ts';
import { quoteCandidates, type QuoteCandidate } from './quote-candidates.ts';
import { shortenedNumber } from '../text/shortened-numbers.ts';
import { wordMatcher } from '../text/word-stems.ts';

export interface ExtractiveAnswer {
  /** The best quote, then up to two supporting ones, each with its passage's [n]; empty when nothing matched. */
  text: string;
  /** The quotes of `text`, in its order. */
  quotes: QuoteCandidate[];
  /** The best quote's evidence reaches `minimumEvidence`; otherwise the answer is "not found". */
  grounded: boolean;
  /** The best quote's score, 0–1.3: its word coverage, lowered by its page's rank, raised when it carries the kind of answer asked for. */
  evidence: number;
  /** Every quote of the context that holds a word of the question, best first (scoreQuotes). */
  scored: ScoredQuote[];
}

export interface ExtractiveOptions {
  /** ISO 639-1 code of the question: which stemmer (and compound matching) to use. */
  language?: string;
  /** Below this best score the documents are taken not to answer. */
  minimumEvidence?: number;
  /** Scoring weights; the defaults were chosen on the development set (docs/asking.md). */
  rankDecay?: number;
  answerKindBonus?: number;
  samePagePenalty?: number;
  anchorPages?: number;
}

/**
 * Chosen on the development set's answerable and unanswerable questions (docs/asking.md): a best quote
 * below it shares almost nothing with the question. Word overlap does not tell the set's unanswerable
 * questions from its answerable ones (they are written in the documents' own words); what does is a
 * name, year or number no document holds (unmentioned-terms.ts), checked before. So "not found" stays
 * for the weakest evidence only; a language model judges the rest (NOT_FOUND replies).
 */
export const defaultMinimumEvidence = 0.05;

/** A quote on the page ranked r (0 = best) counts 1 / (1 + rankDecay × r) of its word coverage. */
const rankDecay = 0.3;
/** A supporting quote scores at least this share of the lead's score. */
const supportShare = 0.4;
/** How many of the best-ranked pages get a quote of their own. */
const anchorPages = 3;
/** An anchor quote holds at least this share of the lead's word coverage, unless its page is quoted whatever it says. */
const anchorShare = 0.3;
/** The lead and its supporting quotes together. */
const maxQuotes = 3;
/** Supporting quotes from the lead's own page count this much. */
const samePagePenalty = 0.5;
/** Added when the quote carries the kind of answer the question asks for (a count for "how many"). */
const answerKindBonus = 0.3;

/**
 * The answer without a language model: every sentence and table row of the context, scored by the
 * question's words it holds (rarer words weigh more; stems and compound parts count, in the question's
 * language), by the rank of the page it is on, and by whether it carries what the question asks for.
 * The best one leads as the answer; up to two more that support it follow, each cited.
 */
export function extractiveAnswer(questions: string[], passages: ContextPassage[], options: ExtractiveOptions = {}): ExtractiveAnswer {
  // A heading that spells out an acronym answers what it stands for, a dated one when; nothing else (quote-candidates.ts).
  const asked = answerKind(questions[0] ?? '');
  const candidates = quoteCandidates(passages).filter(candidate => candidate.answersOnly === undefined || candidate.answersOnly === asked);
  const scored = scoreQuotes(questions, candidates, options);
  const none = { text: '', quotes: [], grounded: false, evidence: 0, scored };
  if (candidates.length === 0) return none;
  // "What is on slide 4?": no word to match but the page, which ranks first (page-reference-list.ts);
  // its first sentences are what it says. A page the documents do not have never gets here
  // (unmentioned-terms.ts).
  if (questions.length > 0 && questions.every(asksForAPage)) {
    const onPage = candidates.filter(candidate => candidate.pageRank === 0).slice(0, maxQuotes);
    if (onPage.length > 0) return { text: quoteList(onPage), quotes: onPage, grounded: true, evidence: 1, scored };
  }

  const best = scored[0];
  if (!best) return none;

  const chosen: QuoteCandidate[] = [best.candidate];
  const seen = new Set([quoteKey(best.candidate.text)]);
  const add = (candidate: QuoteCandidate): void => {
    const key = quoteKey(candidate.text);
    if (seen.has(key) || chosen.some(quote => quote.text.includes(candidate.text) || candidate.text.includes(quote.text))) return;
    seen.add(key);
    chosen.push(candidate);
  };
  // The pages the ranking trusts most are quoted: a page can rank high for what its words do not show
  // sentence by sentence (the page or figure a question points at, the statements a ratio is computed
  // from). The best-ranked page always, and all of them when the question points at pages or names a
  // measure: their best match, or their first sentence when none of their words match. Otherwise a page
  // is quoted when its best match holds enough of the lead's words (no quote of a page that says nothing of it).
  const anchors = options.anchorPages ?? anchorPages;
  const pointsAtPages = questions.some(
    question => pageReferences(question).length > 0 || captionReferences(question).length > 0 || financialStatementTerms(question) !== '',
  );
  for (let rank = 0; rank < anchors && chosen.length < maxQuotes; rank++) {
    if (chosen.some(quote => quote.pageRank === rank)) continue;
    const onPage =
      rank === 0 || pointsAtPages
        ? (scored.find(entry => entry.candidate.pageRank === rank)?.candidate ?? candidates.find(candidate => candidate.pageRank === rank))
        : scored.find(entry => entry.candidate.pageRank === rank && entry.coverage >= best.coverage * anchorShare)?.candidate;
    if (onPage) add(onPage);
  }
  // Supporting quotes: from other pages where they are about as good (a second page that says the
  // same is better support than a second sentence of the first).
  const samePage = options.samePagePenalty ?? samePagePenalty;
  const rest = scored.slice(1).map(entry => ({
    ...entry,
    score: entry.candidate.page === best.candidate.page && entry.candidate.n === best.candidate.n ? entry.score * samePage : entry.score,
  }));
  rest.sort((a, b) => b.score - a.score || a.candidate.order - b.candidate.order);
  for (const entry of rest) {
    if (chosen.length >= maxQuotes || entry.score < best.score * supportShare) break;
    add(entry.candidate);
  }
  return { text: quoteList(chosen), quotes: chosen, grounded: best.score >= (options.minimumEvidence ?? defaultMinimumEvidence), evidence: best.score, scored };
}

/** A quote of the context with how well it answers the question (extractiveAnswer's scoring). */
export interface ScoredQuote {
  candidate: QuoteCandidate;
  /** Share of the question's weighted words it holds. */
  coverage: number;
  /** Its coverage, lowered by its page's rank and raised when it carries the kind of answer asked for. */
  score: number;
}

/**
 * Every quote of the context that holds a word of the question, best first: its weighted share of the
 * question's words (rarer words weigh more; stems and compound parts count, in the question's
 * language), lowered by the rank of its page, raised when it carries what the question asks for.
 */
export function scoreQuotes(questions: string[], candidates: QuoteCandidate[], options: ExtractiveOptions = {}): ScoredQuote[] {
  const kind = answerKind(questions[0] ?? '');
  const matcher = wordMatcher(options.language ?? 'en');
  const queryStems = [...new Set(questions.map(wholeNumbers).flatMap(contentWords).flatMap(wordsOf).map(matcher.stem))];
  if (queryStems.length === 0) return [];
  // A stopword the question writes as an acronym ("WHO") is met only where a quote writes it so, not in "% who trust".
  const acronyms = new Set(questions.flatMap(question => acronymStopwords(wordsOf(question))).map(matcher.stem));
  const held = (text: string) => {
    const words = wordsOf(text);
    const topical = acronyms.size === 0 ? words : words.filter((word, index) => !acronyms.has(matcher.stem(word)) || writtenAsAcronym(words, index));
    const stems = [...new Set(topical.map(word => matcher.stem(groupedNumber(word))))];
    return new Set(queryStems.filter(query => stems.some(stem => matcher.matches(query, stem))));
  };
  const holds = candidates.map(candidate => held(candidate.matchText));
  // A table row's own cells, without its header's: of rows that tie through their header, the one
  // labelled with the question's words ("Effective income tax rate", not "Income before income taxes").
  const ownWords = candidates.map((candidate, index) => (candidate.kind === 'table-row' ? held(candidate.source).size : holds[index].size));
  // …and of rows that still tie, labelled with the question's words, the one whose label says least
  // besides: "Total assets", not "Total current assets".
  const otherWords = candidates.map(candidate => (candidate.kind === 'table-row' ? labelWordsBesides(candidate.source, held) : undefined));
  const frequency = new Map(queryStems.map(query => [query, holds.filter(held => held.has(query)).length]));
  const weight = (query: string) => Math.log(1 + (candidates.length + 1) / (1 + (frequency.get(query) ?? 0)));
  const totalWeight = queryStems.reduce((sum, query) => sum + weight(query), 0);

  const questionWords = new Set(questions.flatMap(question => wordsOf(question)).map(foldWord));
  return candidates
    .map((candidate, index) => {
      const coverage = [...holds[index]].reduce((sum, query) => sum + weight(query), 0) / totalWeight;
      const rank = candidate.pageRank;
      const carries = kind !== undefined && coverage > 0 && carriesAnswer(kind, candidate.text, questionWords);
      const score = coverage / (1 + (options.rankDecay ?? rankDecay) * rank) + (carries ? (options.answerKindBonus ?? answerKindBonus) * coverage : 0);
      return { candidate, coverage, score, own: ownWords[index], other: otherWords[index] };
    })
    .filter(entry => entry.coverage > 0)
    .sort((a, b) => b.score - a.score || b.own - a.own || rowsApart(a, b) || a.candidate.order - b.candidate.order)
    .map(({ own: _, other: __, ...entry }) => entry);
}

/**
 * How many words of a table row's label (its first filled cell) are none of the question's, when it
 * holds one of them at least and the row states something; undefined when its label holds none (it is
 * labelled with other words) or it is a label alone ("Less:", a section's label over its rows).
 */
function labelWordsBesides(row: string, held: (text: string) => Set<string>): number | undefined {
  const [label = '', ...rest] = markdownRowCells(row).filter(cell => cell !== '');
  if (rest.length === 0 || held(label).size === 0) return undefined;
  return (label.match(/\p{L}+/gu) ?? []).filter(word => held(word).size === 0).length;
}

/** Of two table rows both labelled with the question's words, the one whose label says fewer others first. */
function rowsApart(a: { other: number | undefined }, b: { other: number | undefined }): number {
  return a.other !== undefined && b.other !== undefined ? a.other - b.other : 0;
}

/** The lead quote, then the supporting ones as a list. */
export function quoteList([lead, ...support]: QuoteCandidate[]): string {
  return [quote(lead), ...(support.length > 0 ? ['', ...support.map(candidate => `- ${quote(candidate)}`)] : [])].join('\n');
}

/** Words of a question that asks for a page as a whole besides the page it names. */
const wholePageWords =
  /^(?:pages?|pp?|slides?|seiten?|folien?|p[áa]ginas?|pagine|diapositiv[aeo]s?|\d+|[ivxlc]+|say|says|said|show|shows|shown|summari[sz]e|summary|contain|contains|content|contents|written|mention|mentions|steht|zeigt|inhalt)$/iu;

/** "What is on slide 4?", "What does page iv say?": a page named, and nothing else asked of it. */
function asksForAPage(question: string): boolean {
  return pageReferences(question).some(reference => reference.kind === 'number') && contentWords(question).every(word => wholePageWords.test(word));
}

function quote(candidate: QuoteCandidate): string {
  return candidate.kind === 'table-row' ? `Table row: ${candidate.text} [${candidate.n}]` : `“${candidate.text}” [${candidate.n}]`;
}

function quoteKey(text: string): string {
  return foldWord(text).replace(/\W+/gu, '');
}

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:[.,][\p{N}]+)*/gu) ?? [];
}

/** The stopwords `words` write as acronyms ("WHO", "IT"; stopwords.ts). */
function acronymStopwords(words: string[]): string[] {
  return words.filter((word, index) => stopwords.has(foldWord(word)) && writtenAsAcronym(words, index));
}

/**
 * A question's numbers as one word each, read as a quote's are (groupedNumber): "€120,000", "1.500.000"
 * and "40k" are 120000, 1500000 and 40000, not "120" and "000" (the question's words are split at
 * commas). A bare "m" stays as written: "5m" is as often metres, and a quote would say so too.
 */
function wholeNumbers(question: string): string {
  return question.replace(/(?<![\p{L}\p{N}.,])\d+(?:[.,]\d+)*\p{L}{0,3}(?![\p{L}\p{N}])/gu, word =>
    String(shortenedNumber(word, { bareLetters: false })?.value ?? groupedNumber(word)),
  );
}

/** "120,000" and "120.000" (grouped by thousands, English or German) as 120000; "1,333.0" as 1333.0; other words as they are. */
function groupedNumber(word: string): string {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/u.test(word)) return word.replace(/,/gu, '');
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/u.test(word) || /^\d{1,3}(?:\.\d{3}){2,}$/u.test(word)) return word.replace(/\./gu, '').replace(',', '.');
  return word;
}
