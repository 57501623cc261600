import { describe, expect, it } from 'vitest';
import { contextPassage } from '../../test/support/answer/context-passage.ts';
import { silentLogger } from '../log.ts';
import { ScriptedLanguageModel } from '../../test/fakes/scripted-language-model.ts';
import { chooseQuotes, excerptsToChoose, maxExcerpts } from './choose-quotes.ts';
import { scoreQuotes } from './extractive-answer.ts';
import { quoteCandidates } from './quote-candidates.ts';

/** Passage [n] of report.pdf: one page, ranked n - 1. */
const passage = (n: number, page: number, text: string) => contextPassage(n, [{ page, text, rank: n - 1 }]);

const passages = [
  passage(1, 3, 'Every employee receives 28 days of paid vacation per calendar year. Vacation requests go to the team lead.'),
  passage(2, 7, 'Unused vacation days can be carried over until the end of March.'),
];
const question = 'How many days of paid vacation does an employee get?';
const excerpts = excerptsToChoose(scoreQuotes([question], quoteCandidates(passages), { language: 'en' }));

describe('chooseQuotes', () => {
  it('numbers the excerpts in reading order under their document and page, and maps the choice back to them', async () => {
    const model = new ScriptedLanguageModel().script(JSON.stringify({ excerpts: [1], answer: '28 days' }));
    const chosen = await chooseQuotes({ question, language: 'en', history: [], excerpts, passages }, model, { log: silentLogger() });
    expect(chosen.quotes.map(quote => quote.text)).toEqual(['Every employee receives 28 days of paid vacation per calendar year.']);
    expect(chosen.answer).toBe('28 days');
    const system = model.calls[0].system ?? '';
    expect(system).toContain('From report.pdf · p. 3 · Section 1:\n[1] Every employee receives 28 days');
    expect(system).toContain('From report.pdf · p. 7 · Section 2:\n[3] Unused vacation days');
    expect(model.calls[0].prompt).toBe(question);
    // The schema allows only the numbers shown.
    const schema = model.calls[0].jsonSchema?.schema as { properties: { excerpts: { items: { enum: number[] } } } };
    expect(schema.properties.excerpts.items.enum).toEqual([1, 2, 3]);
  });

  it('ignores numbers it was not shown and repeats, and drops the answer of an empty choice', async () => {
    const model = new ScriptedLanguageModel().script(JSON.stringify({ excerpts: [9, 3, 3], answer: 'until March' }));
    const chosen = await chooseQuotes({ question, language: 'en', history: [], excerpts, passages }, model, { log: silentLogger() });
    expect(chosen.quotes.map(quote => quote.page)).toEqual([7]);
    const none = new ScriptedLanguageModel().script(JSON.stringify({ excerpts: [], answer: 'Paris' }));
    expect(await chooseQuotes({ question, language: 'en', history: [], excerpts, passages }, none, { log: silentLogger() })).toMatchObject({
      quotes: [],
      answer: '',
    });
  });

  it('offers at most a dozen excerpts, best first, without repeats', () => {
    const many = Array.from({ length: 30 }, (_, index) => passage(index + 1, index + 1, `Vacation rule number ${index} says employees get paid days off.`));
    const offered = excerptsToChoose(scoreQuotes([question], quoteCandidates([...many, ...many]), { language: 'en' }));
    expect(offered).toHaveLength(maxExcerpts);
    expect(new Set(offered.map(excerpt => excerpt.text)).size).toBe(maxExcerpts);
    expect(offered[0].pageRank).toBe(0);
  });
});
