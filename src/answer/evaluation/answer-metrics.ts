import { foldWord } from '../../text/stopwords.ts';

/** What one answerable question's answer did. */
export interface AnswerableOutcome {
  source: string;
  /** The question's language (the eval set's `lang`, else "unspecified"). */
  language?: string;
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

/** How each asked question went, answerable or not: the model's share of the work and the wait. */
export interface AskOutcome {
  /** The question's language (the eval set's `lang`, else "unspecified"). */
  language: string;
  /** The model planned the question (full or compact), rather than the rules. */
  planned: boolean;
  totalMs: number;
  /** From the question to the answer's first streamed token (model answers only). */
  firstTokenMs?: number;
}

export interface AskTimings {
  questions: number;
  /** Share of questions the model planned (0 when no model plans). */
  planCompleted: number;
  secondsP50: number;
  secondsP95: number;
  /** Seconds to the first streamed token, p50; undefined when no answer streamed. */
  firstTokenP50?: number;
}

export function askTimings(outcomes: AskOutcome[]): AskTimings {
  const firstTokens = outcomes.flatMap(outcome => (outcome.firstTokenMs === undefined ? [] : [outcome.firstTokenMs]));
  return {
    questions: outcomes.length,
    planCompleted: outcomes.length === 0 ? 0 : outcomes.filter(outcome => outcome.planned).length / outcomes.length,
    secondsP50:
      percentile(
        outcomes.map(outcome => outcome.totalMs),
        0.5,
      ) / 1000,
    secondsP95:
      percentile(
        outcomes.map(outcome => outcome.totalMs),
        0.95,
      ) / 1000,
    firstTokenP50: firstTokens.length === 0 ? undefined : percentile(firstTokens, 0.5) / 1000,
  };
}

/** The nearest-rank percentile (0 of an empty list). */
function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

export interface AnswerReport {
  overall: AnswerMetrics;
  bySource: Record<string, AnswerMetrics>;
  byEvidenceSource: Record<string, AnswerMetrics>;
  byLanguage: Record<string, AnswerMetrics>;
  /** Every question asked (answerable and unanswerable). */
  timings: AskTimings;
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

/** Overall, by source, by each evidence source (none → "unspecified") and by language, plus abstention and timings. */
export function answerReport(outcomes: AnswerableOutcome[], unanswerable: Array<{ notFound: boolean }>, asked: AskOutcome[] = []): AnswerReport {
  const group = (keys: (outcome: AnswerableOutcome) => string[]) => {
    const groups = new Map<string, AnswerableOutcome[]>();
    for (const outcome of outcomes) for (const key of keys(outcome)) groups.set(key, [...(groups.get(key) ?? []), outcome]);
    return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([key, members]) => [key, answerMetrics(members)]));
  };
  return {
    overall: answerMetrics(outcomes),
    bySource: group(outcome => [outcome.source]),
    byEvidenceSource: group(outcome => (outcome.evidenceSources.length > 0 ? outcome.evidenceSources : ['unspecified'])),
    byLanguage: group(outcome => [outcome.language ?? 'unspecified']),
    timings: askTimings(asked),
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
