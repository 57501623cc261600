import { describe, expect, it } from 'vitest';
import { contentWords, keywordVariants, offlinePlan, splitQuestion } from './offline-plan.ts';

describe('offlinePlan', () => {
  it('keeps a single question whole and fills only what needs no model', () => {
    const plan = offlinePlan('What was the  revenue of Acme in 2021?');
    expect(plan.subQuestions).toEqual(['What was the revenue of Acme in 2021?']);
    expect(plan.variants[0]).toBe('revenue Acme 2021');
    expect(plan.hyde).toEqual([]);
    expect(plan.nodePicks).toEqual([]);
  });

  it('searches a question asked of chosen documents without the phrase that names them', () => {
    const question = 'How many zoom seminars did RHDI run according to its 2025 annual report?';
    expect(offlinePlan(question).variants).toEqual(['zoom seminars RHDI run 2025 annual report']);
    const focused = offlinePlan(question, { focused: true });
    expect(focused.subQuestions).toEqual([question]);
    expect(focused.variants).toEqual(['zoom seminars RHDI run', 'zoom seminars RHDI run 2025 annual report']);
    // Nothing left to search without it: the question as asked.
    expect(offlinePlan('What is in the annual report?', { focused: true }).variants).toEqual(['annual report']);
  });

  it('searches first for the statements behind a financial ratio the question names', () => {
    const plan = offlinePlan('What is the current ratio of Acme in FY2021?');
    expect(plan.variants[0]).toMatch(/^current ratio Acme FY2021 consolidated balance sheets .*total current liabilities/u);
    expect(plan.variants[1]).toBe('current ratio Acme FY2021');
  });

  it('splits on "and" only when both sides are questions', () => {
    expect(splitQuestion('What is the churn rate and how is it computed?')).toEqual(['What is the churn rate?', 'how is it computed?']);
    expect(splitQuestion('What were revenue and profit in 2020?')).toEqual(['What were revenue and profit in 2020?']);
  });

  it('splits on "?" and ";" only when every piece is a question', () => {
    expect(splitQuestion('Who founded the company? When did it go public?')).toEqual(['Who founded the company?', 'When did it go public?']);
    expect(splitQuestion('Which regions grew; which shrank?')).toEqual(['Which regions grew?', 'which shrank?']);
    expect(splitQuestion('Compare sales; see the appendix table')).toEqual(['Compare sales; see the appendix table?']);
  });

  it('puts the whole question first, then its parts, and gives each part keywords', () => {
    const plan = offlinePlan('What is the churn rate and how is it computed?');
    expect(plan.subQuestions).toEqual(['What is the churn rate and how is it computed?', 'What is the churn rate?', 'how is it computed?']);
    expect(plan.variants).toContain('churn rate computed');
    expect(plan.variants).toEqual(['churn rate computed', 'churn rate', 'computed']);
  });

  it('keeps numbers, years, hyphenated names and quoted phrases; drops stopwords in several languages', () => {
    expect(contentWords('How many COVID-19 cases were reported in the U.S. in 2020, according to Table 3?')).toEqual([
      'COVID-19',
      'cases',
      'reported',
      'U.S',
      '2020',
      'Table',
      '3',
    ]);
    expect(contentWords('Quelle est la température moyenne à Genève?')).toEqual(['température', 'moyenne', 'Genève']);
    // A function word written as an acronym is a name.
    expect(contentWords('Waar staat NOS voor?')).toEqual(['NOS']);
    expect(contentWords('Wie hoch ist der Umsatz?')).toEqual(['hoch', 'Umsatz']);
    const variants = keywordVariants('Which team did "Project Falcon" report to in 2019?');
    expect(variants[0]).toBe('team Project Falcon report 2019');
    expect(variants).toEqual(['team Project Falcon report 2019', 'Project Falcon']);
  });
});
