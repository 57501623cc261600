import { foldWord } from '../../retrieve/stopwords.ts';

/** What one answerable question's answer did. */
export interface AnswerableOutcome {
  source: string;
  evidenceSources: string[];
  /** A gold page (of the right document) is among the pages of the answer's context. */
  contextHit: boolean;
  /** A citation names a gold page of the right document. */
  citedGold: boolean;
  /** The answer said the documents do not answer it. */
  notFound: boolean;
  /** Whether the answer text shows the short gold answer; undefined when the gold answer is not short. */
  answerShown?: boolean;
}

export interface AnswerMetrics {
  questions: number;
  /** Share of questions with a gold page in the context. */
  contextRecall: number;
  /** Share whose citations include a gold page. */
  citedGold: number;
  /** Share answered "not found" although a gold page was in the context. */
  falseNotFound: number;
  /** Share answered "not found" at all. */
  notFound: number;
  /** Questions with a short gold answer, and the share whose answer text contains it. */
  shortAnswers: number;
  answerShown: number;
}

export interface AnswerReport {
  overall: AnswerMetrics;
  bySource: Record<string, AnswerMetrics>;
  byEvidenceSource: Record<string, AnswerMetrics>;
  /** Unanswerable questions, and the share of them answered "not found". */
  unanswerable: number;
  abstention: number;
}

export function answerMetrics(outcomes: AnswerableOutcome[]): AnswerMetrics {
  const count = outcomes.length;
  const share = (test: (outcome: AnswerableOutcome) => boolean, among = outcomes) => (among.length === 0 ? 0 : among.filter(test).length / among.length);
  const short = outcomes.filter(outcome => outcome.answerShown !== undefined);
  return {
    questions: count,
    contextRecall: share(outcome => outcome.contextHit),
    citedGold: share(outcome => outcome.citedGold),
    falseNotFound: share(outcome => outcome.notFound && outcome.contextHit),
    notFound: share(outcome => outcome.notFound),
    shortAnswers: short.length,
    answerShown: share(outcome => outcome.answerShown === true, short),
  };
}

/** Overall, by source and by each evidence source (none → "unspecified"), plus abstention. */
export function answerReport(outcomes: AnswerableOutcome[], unanswerable: Array<{ notFound: boolean }>): AnswerReport {
  const group = (keys: (outcome: AnswerableOutcome) => string[]) => {
    const groups = new Map<string, AnswerableOutcome[]>();
    for (const outcome of outcomes) for (const key of keys(outcome)) groups.set(key, [...(groups.get(key) ?? []), outcome]);
    return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([key, members]) => [key, answerMetrics(members)]));
  };
  return {
    overall: answerMetrics(outcomes),
    bySource: group(outcome => [outcome.source]),
    byEvidenceSource: group(outcome => (outcome.evidenceSources.length > 0 ? outcome.evidenceSources : ['unspecified'])),
    unanswerable: unanswerable.length,
    abstention: unanswerable.length === 0 ? 0 : unanswerable.filter(outcome => outcome.notFound).length / unanswerable.length,
  };
}

/**
 * The gold answer when it is short enough to look for in an answer's text: a number, or at most six
 * words (lists and long free-text answers are not compared). Undefined otherwise.
 */
export function shortGoldAnswer(answer: string | undefined, format?: string): string | undefined {
  if (!answer) return undefined;
  const trimmed = answer.trim();
  if (trimmed.length === 0 || /^\[/u.test(trimmed) || /^not answerable$/iu.test(trimmed)) return undefined;
  if (format === 'Int' || format === 'Float' || /^[-+]?[$€£]?\d[\d,.]*\s?%?$/u.test(trimmed)) return trimmed;
  return trimmed.split(/\s+/u).length <= 6 ? trimmed : undefined;
}

/**
 * Whether `text` contains `gold` once both are normalised: case and diacritics folded, thousands
 * separators and currency signs dropped, "%" and "percent" alike; a number must stand as a whole
 * number ("3" is not found in "2023"), and "12.50" equals "12.5".
 */
export function showsAnswer(text: string, gold: string): boolean {
  const goldNormal = normalise(gold);
  const textNormal = normalise(text);
  if (goldNormal.length === 0) return false;
  if (/^-?\d+(?:\.\d+)?$/u.test(goldNormal)) {
    const value = Number(goldNormal);
    return [...textNormal.matchAll(/(?<![\d.])-?\d+(?:\.\d+)?(?![\d])/gu)].some(match => Number(match[0]) === value);
  }
  return textNormal.includes(goldNormal);
}

function normalise(text: string): string {
  return foldWord(text)
    .replace(/(?<=\d)[,'’](?=\d{3}\b)/gu, '')
    .replace(/[$€£¥]/gu, '')
    .replace(/\s*(?:%|percent\b|per cent\b)/gu, '')
    .replace(/(?<=\d\.\d*?)0+\b/gu, '')
    .replace(/(?<=\d)\.(?=\D|$)/gu, '')
    .replace(/[“”"'’`*_]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}
