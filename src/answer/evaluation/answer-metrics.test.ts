import { describe, expect, it } from 'vitest';
import { answerMetrics, answerReport, askTimings, shortGoldAnswer, showsAnswer, type AnswerableOutcome } from './answer-metrics.ts';

const outcome = (init: Partial<AnswerableOutcome> = {}): AnswerableOutcome => ({
  source: 'finance',
  evidenceSources: ['text'],
  contextHit: true,
  citedGold: true,
  notFound: false,
  ...init,
});

describe('shortGoldAnswer', () => {
  it('keeps numbers and answers of at most six words, trimmed', () => {
    expect(shortGoldAnswer('83,700')).toBe('83,700');
    expect(shortGoldAnswer(' $51,217 ')).toBe('$51,217');
    expect(shortGoldAnswer('12.5 %')).toBe('12.5 %');
    expect(shortGoldAnswer('-3')).toBe('-3');
    expect(shortGoldAnswer('Black, red and gold')).toBe('Black, red and gold');
    expect(shortGoldAnswer('one two three four five six')).toBe('one two three four five six');
  });

  it('leaves out long answers, lists, "Not answerable" and empty answers', () => {
    expect(shortGoldAnswer('one two three four five six seven')).toBeUndefined();
    expect(shortGoldAnswer("['Berlin', 'Bonn']")).toBeUndefined();
    expect(shortGoldAnswer('Not answerable')).toBeUndefined();
    expect(shortGoldAnswer('not answerable')).toBeUndefined();
    expect(shortGoldAnswer('   ')).toBeUndefined();
    expect(shortGoldAnswer('')).toBeUndefined();
    expect(shortGoldAnswer(undefined)).toBeUndefined();
  });

  it('keeps an answer of a numeric format whatever its length', () => {
    const long = 'about 83,700 people in total at the end of the year';
    expect(shortGoldAnswer(long)).toBeUndefined();
    expect(shortGoldAnswer(long, 'Int')).toBe(long);
    expect(shortGoldAnswer(long, 'Float')).toBe(long);
    expect(shortGoldAnswer(long, 'Str')).toBeUndefined();
  });
});

describe('showsAnswer', () => {
  it('ignores thousands separators and currency signs', () => {
    expect(showsAnswer('The company had approximately 83,700 employees.', '83700')).toBe(true);
    expect(showsAnswer('The company had approximately 83700 employees.', '83,700')).toBe(true);
    expect(showsAnswer('Revenues were $51,217 million.', '51,217')).toBe(true);
    expect(showsAnswer('The company had approximately 83,700 employees.', '83,800')).toBe(false);
  });

  it('treats "%" and "percent" alike', () => {
    expect(showsAnswer('Sales grew 12 percent.', '12%')).toBe(true);
    expect(showsAnswer('Sales grew 12%.', '12 percent')).toBe(true);
    expect(showsAnswer('Sales grew 12 per cent.', '12 %')).toBe(true);
  });

  it('folds case and diacritics', () => {
    expect(showsAnswer('The flag is BLACK, RED AND GOLD.', 'black, red and gold')).toBe(true);
    expect(showsAnswer('Headquartered in Zürich.', 'zurich')).toBe(true);
    expect(showsAnswer('The flag is black and red.', 'black, red and gold')).toBe(false);
  });

  it('finds a number only as a whole number', () => {
    expect(showsAnswer('Sales rose in 2023.', '3')).toBe(false);
    expect(showsAnswer('The ratio was 3.5 overall.', '3')).toBe(false);
    expect(showsAnswer('The ratio was 3.5 overall.', '5')).toBe(false);
    expect(showsAnswer('In 2023 sales rose by 3 points.', '3')).toBe(true);
    expect(showsAnswer('In 2023 sales rose.', '2023')).toBe(true);
    expect(showsAnswer('Release 1.2.5 shipped.', '5')).toBe(false);
  });

  it('compares decimals by value', () => {
    expect(showsAnswer('The price was 12.5 euros.', '12.50')).toBe(true);
    expect(showsAnswer('The price was 12.50 euros.', '12.5')).toBe(true);
    expect(showsAnswer('The price was 12.05 euros.', '12.5')).toBe(false);
    expect(showsAnswer('The price was 100 euros.', '100.0')).toBe(true);
    // Also inside a longer answer, where the comparison is by text.
    expect(showsAnswer('The price was 12.5 euros.', '12.50 euros')).toBe(true);
  });

  it('finds nothing for an empty gold answer', () => {
    expect(showsAnswer('Anything at all.', '')).toBe(false);
    expect(showsAnswer('Anything at all.', '  % ')).toBe(false);
  });
});

describe('answerMetrics', () => {
  it('shares context recall, cited gold, not found, false not found and answers shown', () => {
    const metrics = answerMetrics([
      outcome({ answerShown: true }),
      outcome({ citedGold: false, notFound: true, answerShown: false }),
      // Not found without a gold page in the context is not a false "not found".
      outcome({ contextHit: false, citedGold: false, notFound: true }),
      outcome({ contextHit: false, answerShown: true }),
    ]);
    expect(metrics).toEqual({
      questions: 4,
      contextRecall: 0.5,
      citedGold: 0.5,
      falseNotFound: 0.25,
      notFound: 0.5,
      shortAnswers: 3,
      answerShown: 2 / 3,
    });
  });

  it('gives zero shares for no questions and for no short answers', () => {
    expect(answerMetrics([])).toEqual({ questions: 0, contextRecall: 0, citedGold: 0, falseNotFound: 0, notFound: 0, shortAnswers: 0, answerShown: 0 });
    expect(answerMetrics([outcome()])).toMatchObject({ shortAnswers: 0, answerShown: 0, contextRecall: 1 });
  });
});

describe('answerReport', () => {
  it('groups by source and by each evidence source, "unspecified" when none, sorted by name', () => {
    const report = answerReport(
      [
        outcome({ source: 'wiki', evidenceSources: ['table', 'text'] }),
        outcome({ source: 'finance', evidenceSources: [], contextHit: false, citedGold: false }),
        outcome({ source: 'finance', evidenceSources: ['text'], notFound: true }),
      ],
      [],
    );
    expect(report.overall.questions).toBe(3);
    expect(Object.keys(report.bySource)).toEqual(['finance', 'wiki']);
    expect(report.bySource.finance).toMatchObject({ questions: 2, contextRecall: 0.5, falseNotFound: 0.5 });
    expect(report.bySource.wiki).toMatchObject({ questions: 1, contextRecall: 1 });
    expect(Object.keys(report.byEvidenceSource)).toEqual(['table', 'text', 'unspecified']);
    expect(report.byEvidenceSource.text).toMatchObject({ questions: 2, notFound: 0.5 });
    expect(report.byEvidenceSource.table.questions).toBe(1);
    expect(report.byEvidenceSource.unspecified).toMatchObject({ questions: 1, contextRecall: 0, citedGold: 0 });
  });

  it('reports abstention as the share of unanswerable questions answered "not found"', () => {
    const report = answerReport([], [{ notFound: true }, { notFound: false }, { notFound: true }, { notFound: true }]);
    expect(report.unanswerable).toBe(4);
    expect(report.abstention).toBe(0.75);
    expect(report.bySource).toEqual({});
    expect(answerReport([outcome()], []).abstention).toBe(0);
  });

  it('groups by language and times every question asked: plan share, seconds p50/p95, first token p50', () => {
    const report = answerReport(
      [outcome({ language: 'de' }), outcome({ language: 'en', contextHit: false }), outcome({ language: 'de', citedGold: false })],
      [],
      [
        { language: 'en', planned: true, totalMs: 30_000, firstTokenMs: 12_000 },
        { language: 'de', planned: true, totalMs: 10_000, firstTokenMs: 4_000 },
        { language: 'de', planned: false, totalMs: 20_000 },
        { language: 'en', planned: true, totalMs: 90_000, firstTokenMs: 30_000 },
      ],
    );
    expect(Object.keys(report.byLanguage)).toEqual(['de', 'en']);
    expect(report.byLanguage.de).toMatchObject({ questions: 2, citedGold: 0.5 });
    expect(report.timings).toEqual({ questions: 4, planCompleted: 0.75, secondsP50: 20, secondsP95: 90, firstTokenP50: 12 });
    expect(askTimings([])).toEqual({ questions: 0, planCompleted: 0, secondsP50: 0, secondsP95: 0, firstTokenP50: undefined });
  });
});
