import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import type { GenerateRequest } from '../../src/models/types.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';
import { answerOf } from '../support/answer/answer-of.ts';
import { handbookSpace, type HandbookSpace } from '../support/answer/handbook-space.ts';

/** The plan call (JSON) gets a plan of `question`; the answer call gets `answer`. */
function scripted(answer: (request: GenerateRequest) => string, question = 'How many days of paid vacation does an employee get?'): ScriptedLanguageModel {
  const plan = JSON.stringify({ language: 'en', subQuestions: [question], tasks: [], variants: [], hyde: [], picks: [] });
  return new ScriptedLanguageModel({
    reply: request => (request.jsonSchema || String(request.prompt).includes('You plan the search') ? plan : answer(request)),
  });
}

describe('askQuestion grounds a model answer in its passages', () => {
  let handbook: HandbookSpace;
  let offline: Folio;
  let space: HandbookSpace['space'];
  const withModel = (model: ScriptedLanguageModel) => createFolio(offline.config, { models: { language: model }, log: offline.log });

  beforeAll(async () => {
    handbook = await handbookSpace('folio-grounding-');
    ({ offline, space } = handbook);
  }, 60_000);

  afterAll(async () => {
    await handbook?.close();
  });

  it('answers from the page that plainly answers when the model says NOT_FOUND, and says so', async () => {
    const app = withModel(scripted(() => 'NOT_FOUND: The documents do not say how many vacation days there are.'));
    const answer = await answerOf(app.ask({ spaces: [space], question: 'How many days of paid vacation does an employee get?' }));
    expect(answer).toMatchObject({ grounded: true, extractive: true });
    expect(answer.answer).toMatch(/^The language model found no answer that the documents bear out, but these passages/);
    expect(answer.answer).toContain('28 days of paid vacation');
    expect(answer.citations[0]).toMatchObject({ document: 'handbook.pdf', pages: [1] });
    expect(answer.notes.join(' ')).toContain('The language model said the documents do not answer this');
  });

  it('overrules a NOT_FOUND beside a page that holds a good part of the question, as calibrated', async () => {
    // The quote holds about half of the question's weighted words: past the 0.25 bar, short of the old 0.6.
    const question = 'Until when can unused vacation days be kept before they lapse?';
    const app = withModel(scripted(() => 'NOT_FOUND: The documents do not say when vacation days lapse.', question));
    const answer = await answerOf(app.ask({ spaces: [space], question }));
    expect(answer).toMatchObject({ grounded: true, extractive: true });
    expect(answer.answer).toContain('carried over until the end of March');
  });

  it('keeps a NOT_FOUND when no page answers the question', async () => {
    // No page shares a quarter of the question's weighted words (strong-evidence.ts).
    const app = withModel(scripted(() => 'NOT_FOUND: The documents say nothing about leasing electric cars.', 'Which electric cars can employees lease?'));
    const answer = await answerOf(app.ask({ spaces: [space], question: 'Which electric cars can employees lease?' }));
    expect(answer.grounded).toBe(false);
    expect(answer.answer).toContain('electric cars');
  });

  it('cites a correct answer without markers with the page it comes from', async () => {
    const app = withModel(scripted(() => 'Every employee gets 28 days of paid vacation per calendar year.'));
    const answer = await answerOf(app.ask({ spaces: [space], question: 'How many days of paid vacation does an employee get?' }));
    expect(answer).toMatchObject({ grounded: true, extractive: false });
    expect(answer.answer).toMatch(/^Every employee gets 28 days of paid vacation per calendar year \[\d\]\.$/);
    expect(answer.citations).toEqual([expect.objectContaining({ document: 'handbook.pdf', pages: [1] })]);
  });

  it('leaves out a claim the documents do not support, with a note', async () => {
    const app = withModel(
      scripted(request => {
        const n = /\[(\d+)\] handbook\.pdf · p\. 1\b/u.exec(request.system ?? '')![1];
        return `Employees get 28 days of paid vacation per year [${n}]. The head office is in Paris, the capital of France [${n}].`;
      }),
    );
    const answer = await answerOf(app.ask({ spaces: [space], question: 'How many days of paid vacation does an employee get?' }));
    expect(answer.answer).toMatch(/^Employees get 28 days of paid vacation per year \[\d\]\.$/);
    expect(answer.notes.join(' ')).toContain('Left out a statement of the language model that the documents do not support.');
  });

  it('answers from the passages when nothing the model said is in them but they hold an answer', async () => {
    const app = withModel(scripted(() => 'Employees get 35 days of vacation [1].'));
    const answer = await answerOf(app.ask({ spaces: [space], question: 'How many days of paid vacation does an employee get?' }));
    expect(answer).toMatchObject({ grounded: true, extractive: true });
    expect(answer.answer).not.toContain('35');
    expect(answer.answer).toContain('28 days of paid vacation');
    expect(answer.citations[0]).toMatchObject({ document: 'handbook.pdf', pages: [1] });
    expect(answer.notes.join(' ')).toContain('Left out a statement of the language model that the documents do not support.');
  });

  it('says not found when nothing the model said is in the passages and they hold no answer', async () => {
    const app = withModel(scripted(() => 'You may lease a Tesla Model 3 or a BMW i4 [1].', 'Which electric cars can employees lease?'));
    const answer = await answerOf(app.ask({ spaces: [space], question: 'Which electric cars can employees lease?' }));
    expect(answer.grounded).toBe(false);
    expect(answer.answer).not.toContain('Tesla');
    expect(answer.answer).toContain('I could not find this in the documents');
  });
});
