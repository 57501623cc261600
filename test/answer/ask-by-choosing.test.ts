import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskEvent } from '../../src/answer/types.ts';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import { FolioError } from '../../src/errors.ts';
import type { GenerateRequest } from '../../src/models/types.ts';
import type { QueryPlan } from '../../src/search/types.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';
import { answerOf } from '../support/answer/answer-of.ts';
import { handbookSpace, type HandbookSpace } from '../support/answer/handbook-space.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';

/** A German page that shares no subject with the handbook. */
const canteenRules = [
  'Kantinenordnung',
  'Die Kantine ist montags bis freitags von 11:30 bis 14:00 Uhr geöffnet.',
  'Ein Mittagessen kostet für Mitarbeiter 4,50 Euro.',
  'Getränke werden an der Kasse bezahlt und sind nicht im Preis enthalten.',
];

/** The number the chooser's prompt gave the excerpt that starts with `start`. */
function excerptNumber(request: GenerateRequest, start: string): number {
  const line = (request.system ?? '').split('\n').find(entry => new RegExp(`^\\[\\d+\\] ${start}`, 'u').test(entry));
  if (!line) throw new Error(`no excerpt starts with "${start}"`);
  return Number(/^\[(\d+)\]/u.exec(line)![1]);
}

/** Plans `question` as asked; answers the chooser's call with `choose`. */
function choosing(question: string, choose: (request: GenerateRequest) => { excerpts: number[]; answer: string } | Error): ScriptedLanguageModel {
  const plan = JSON.stringify({ language: 'en', subQuestions: [question], tasks: [], variants: [], hyde: [], picks: [] });
  return new ScriptedLanguageModel({
    reply: request => {
      if (request.jsonSchema?.name !== 'chosen_excerpts') return plan;
      const choice = choose(request);
      return choice instanceof Error ? choice : JSON.stringify(choice);
    },
  });
}

describe('a model that chooses quotes instead of writing (FOLIO_MODEL_ANSWER=choose)', () => {
  let handbook: HandbookSpace;
  let offline: Folio;
  let space: HandbookSpace['space'];
  const withModel = (model: ScriptedLanguageModel) =>
    createFolio({ ...offline.config, ask: { ...offline.config.ask, modelAnswer: 'choose' } }, { models: { language: model }, log: offline.log });

  beforeAll(async () => {
    handbook = await handbookSpace('folio-choosing-');
    ({ offline, space } = handbook);
  }, 60_000);

  afterAll(async () => {
    await handbook?.close();
  });

  it('leads with the short answer, cited, above the quote the model chose, and streams it once checked', async () => {
    const question = 'How many days of paid vacation does an employee get?';
    const model = choosing(question, request => ({ excerpts: [excerptNumber(request, 'Every employee')], answer: '28 days per calendar year.' }));
    const events: AskEvent[] = [];
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question, onEvent: event => events.push(event) }));
    expect(answer).toMatchObject({ grounded: true, extractive: false, plan: 'offline' });
    expect(answer.answer).toMatch(/^28 days per calendar year \[1\]\.\n\n“Every employee receives 28 days of paid vacation per calendar year\.” \[1\]$/u);
    expect(answer.citations).toEqual([expect.objectContaining({ n: 1, document: 'handbook.pdf', pages: [1] })]);
    expect(events.flatMap(event => (event.type === 'text' ? [event.delta] : [])).join('')).toBe(answer.answer);
    expect(answer.timings.firstTokenMs).toBeGreaterThan(0);
    // One call: the rules planned the thread's first question, and the model read excerpts, not
    // passages (numbered sentences under their page).
    expect(model.calls.map(call => call.jsonSchema?.name)).toEqual(['chosen_excerpts']);
    expect(model.calls[0].system).toContain('From handbook.pdf · p. 1');
    expect(model.calls[0].system).not.toContain('Passages:');
  });

  it('has the model plan a follow-up, whose rewrite it then answers', async () => {
    const rewrite = 'How long can unused vacation days be carried over?';
    const model = new ScriptedLanguageModel({
      reply: request =>
        request.jsonSchema?.name === 'plan'
          ? JSON.stringify({ language: 'en', subQuestions: [rewrite], tasks: [], variants: [], hyde: [], picks: [] })
          : JSON.stringify({ excerpts: [excerptNumber(request, 'Unused vacation')], answer: 'Until the end of March.' }),
    });
    const history = [
      { role: 'user' as const, text: 'How many days of paid vacation does an employee get?' },
      { role: 'assistant' as const, text: '28 days per calendar year.' },
    ];
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question: 'And how long can I keep the unused ones?', history }));
    expect(answer).toMatchObject({ plan: 'full', rewritten: rewrite, grounded: true });
    expect(answer.answer).toMatch(/^Until the end of March \[\d\]\./u);
    expect(model.calls.map(call => call.jsonSchema?.name)).toEqual(['plan', 'chosen_excerpts']);
  });

  it('searches a follow-up with the rules’ rewrite beside the model’s, which may keep its pronouns', async () => {
    const model = new ScriptedLanguageModel({
      reply: request =>
        request.jsonSchema?.name === 'plan'
          ? JSON.stringify({ language: 'en', subQuestions: ['How long can I keep them?'], tasks: [], variants: [], hyde: [], picks: [] })
          : JSON.stringify({ excerpts: [], answer: '' }),
    });
    const history = [
      { role: 'user' as const, text: 'How many days of paid vacation does an employee get?' },
      { role: 'assistant' as const, text: '28 days per calendar year.' },
    ];
    const plans: QueryPlan[] = [];
    const answer = await answerOf(
      await withModel(model).ask({
        spaces: [space],
        question: 'And how long can I keep the unused ones?',
        history,
        onEvent: event => (event.type === 'plan' ? plans.push(event.plan) : undefined),
      }),
    );
    const [variants] = plans.map(plan => plan.variants);
    expect(variants[0]).not.toMatch(/vacation/u);
    expect(variants[1]).toMatch(/unused.*vacation/u);
    // The model's rewrite keeps none of the earlier question's words: the rules' rewrite leads the search.
    expect(plans[0].subQuestions[0]).toBe('And how long can I keep the unused ones? days paid vacation employee get');
    expect(answer.rewritten).toBe(plans[0].subQuestions[0]);
  });

  it('shows the chosen quote alone, said in the asker’s language to be the documents’ words, when the short answer states what the quote does not', async () => {
    const question = 'How many days of paid vacation does an employee get?';
    const model = choosing(question, request => ({ excerpts: [excerptNumber(request, 'Every employee')], answer: '30 days' }));
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question }));
    expect(answer.answer).toBe(
      'The passages of the documents that bear on this, quoted as they stand:\n\n“Every employee receives 28 days of paid vacation per calendar year.” [1]',
    );
    expect(answer.grounded).toBe(true);
    const german = 'Wie viele Tage bezahlten Urlaub bekommt ein Mitarbeiter (vacation)?';
    const inGerman = choosing(german, request => ({ excerpts: [excerptNumber(request, 'Every employee')], answer: '30 Tage' }));
    const reply = await answerOf(withModel(inGerman).ask({ spaces: [space], question: german }));
    expect(reply.answer.split('\n\n')[0]).toBe('Die Stellen der Dokumente, die dazu etwas sagen, wörtlich zitiert:');
  });

  it('says a question in another language than the documents in theirs, and searches and scores quotes by that', async () => {
    const german = 'Wie viele Tage bezahlten Urlaub bekommt ein Mitarbeiter?';
    const translation = 'How many days of paid vacation does an employee get?';
    const model = new ScriptedLanguageModel({
      reply: request =>
        request.jsonSchema?.name === 'translated_question'
          ? JSON.stringify({ question: translation })
          : JSON.stringify({ excerpts: [excerptNumber(request, 'Every employee')], answer: '28 Tage' }),
    });
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question: german }));
    expect(answer).toMatchObject({ grounded: true, language: 'de', rewritten: translation, plan: 'offline' });
    expect(answer.answer).toMatch(/^28 Tage \[1\]/u);
    expect(model.calls.map(call => call.jsonSchema?.name)).toEqual(['translated_question', 'chosen_excerpts']);
    expect(model.calls[0]).toMatchObject({ prompt: german, system: expect.stringContaining('into English') });
  });

  it('takes a name the question writes in its language as held when the documents hold what its translation names', async () => {
    const dutch = 'Met welk programma moeten laptops volgens het Beveiligingsbeleid versleuteld worden?';
    const translation = 'Which program must laptops be encrypted with according to the Laptop security policy?';
    const model = new ScriptedLanguageModel({
      reply: request =>
        request.jsonSchema?.name === 'translated_question'
          ? JSON.stringify({ question: translation })
          : JSON.stringify({ excerpts: [excerptNumber(request, 'All company laptops')], answer: 'BitLocker' }),
    });
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question: dutch }));
    expect(answer).toMatchObject({ grounded: true, language: 'nl', rewritten: translation });
    expect(answer.answer).toMatch(/^BitLocker \[1\]/u);
    // Asked without a model, the Dutch name is one no document holds.
    const offlineAnswer = await answerOf(offline.ask({ spaces: [space], question: dutch }));
    expect(offlineAnswer.grounded).toBe(false);
    expect(offlineAnswer.answer).toContain('Beveiligingsbeleid');

    // Said in German, the language most documents of a space are in, the translation speaks for German
    // documents only: the English handbook still does not hold the Dutch name.
    const german = parseSpaceId('meist-deutsch');
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-german-'));
    try {
      await writeFile(join(dataDir, 'handbook.pdf'), await makeHandbookPdf('a'));
      const parkingRules = [
        'Parkordnung',
        'Der Parkplatz ist für Mitarbeiter und Besucher von 6:00 bis 22:00 Uhr geöffnet.',
        'Die Plätze vor dem Eingang sind für Besucher reserviert.',
      ];
      for (const [name, lines] of [
        ['kantine.pdf', canteenRules],
        ['parken.pdf', parkingRules],
      ] as const)
        await writeFile(join(dataDir, name), await makeTestPdf([{ texts: lines.map((text, index) => ({ text, x: 72, top: 72 + index * 18, size: 11 })) }]));
      const ingested = await offline.ingestFiles(
        ['handbook.pdf', 'kantine.pdf', 'parken.pdf'].map(name => ({ path: join(dataDir, name), name })),
        german,
      );
      expect(ingested.map(document => document.status)).toEqual(['ready', 'ready', 'ready']);
      const inGerman = await answerOf(withModel(model).ask({ spaces: [german], question: dutch }));
      expect(model.calls.filter(call => call.jsonSchema?.name === 'translated_question').at(-1)?.system).toContain('into German');
      expect(inGerman.grounded).toBe(false);
      expect(inGerman.answer).toContain('Beveiligingsbeleid');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('searches a question first as asked where a document is in its language, and said in the others’ language when that finds no answer', async () => {
    const mixed = parseSpaceId('gemischt');
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-mixed-'));
    try {
      await writeFile(join(dataDir, 'handbook.pdf'), await makeHandbookPdf('a'));
      await writeFile(
        join(dataDir, 'kantine.pdf'),
        await makeTestPdf([{ texts: canteenRules.map((text, index) => ({ text, x: 72, top: 72 + index * 18, size: 11 })) }]),
      );
      const ingested = await offline.ingestFiles(
        ['handbook.pdf', 'kantine.pdf'].map(name => ({ path: join(dataDir, name), name })),
        mixed,
      );
      expect(ingested.map(document => document.status)).toEqual(['ready', 'ready']);
      const translation = 'How many days of paid vacation does an employee get?';
      const translating = () =>
        new ScriptedLanguageModel({
          reply: request =>
            request.jsonSchema?.name === 'translated_question' ? JSON.stringify({ question: translation }) : JSON.stringify({ excerpts: [1], answer: '' }),
        });

      const aboutHandbook = translating();
      const answer = await answerOf(withModel(aboutHandbook).ask({ spaces: [mixed], question: 'Wie viele Tage bezahlten Urlaub bekommt ein Mitarbeiter?' }));
      expect(answer).toMatchObject({ grounded: true, language: 'de', rewritten: translation });
      expect(answer.citations[0]).toMatchObject({ document: 'handbook.pdf', pages: [1] });
      expect(aboutHandbook.calls.map(call => call.jsonSchema?.name)).toEqual(['translated_question', 'chosen_excerpts']);
      expect(aboutHandbook.calls[0].system).toContain('into English');

      // The German page answers a German question as asked: no translation.
      const aboutCanteen = translating();
      const canteen = await answerOf(withModel(aboutCanteen).ask({ spaces: [mixed], question: 'Wie viel kostet ein Mittagessen in der Kantine?' }));
      expect(canteen.rewritten).toBeUndefined();
      expect(canteen.citations[0]).toMatchObject({ document: 'kantine.pdf' });
      expect(aboutCanteen.calls.map(call => call.jsonSchema?.name)).toEqual(['chosen_excerpts']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('searches the question as asked, without a note, when the model does not translate it', async () => {
    const german = 'Wie viele Tage bezahlten Urlaub bekommt ein Mitarbeiter?';
    const model = new ScriptedLanguageModel({
      reply: request =>
        request.jsonSchema?.name === 'translated_question' ? JSON.stringify({ question: german }) : JSON.stringify({ excerpts: [1], answer: '28' }),
    });
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question: german }));
    expect(answer.rewritten).toBeUndefined();
    expect(answer.notes).toEqual([]);
    // Its own words share too little with the English pages to ask the model anything more.
    expect(answer.grounded).toBe(false);
    expect(model.calls.map(call => call.jsonSchema?.name)).toEqual(['translated_question']);
  });

  it('cites the excerpt that bears the short answer out when the model gave the number of another', async () => {
    const question = 'How many days of paid vacation does an employee get?';
    const model = choosing(question, request => ({ excerpts: [excerptNumber(request, 'Unused vacation')], answer: '28 days' }));
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question }));
    expect(answer.answer).toMatch(/^28 days \[1\]\n\n“Every employee receives 28 days of paid vacation per calendar year\.” \[1\]/u);
    expect(answer.citations[0]).toMatchObject({ document: 'handbook.pdf', pages: [1] });
  });

  it('says "not found" when the model chooses nothing and no page answers, and quotes a page that plainly answers', async () => {
    const unanswered = 'Which electric cars can employees lease?';
    const none = await answerOf(withModel(choosing(unanswered, () => ({ excerpts: [], answer: '' }))).ask({ spaces: [space], question: unanswered }));
    expect(none.grounded).toBe(false);
    expect(none.answer).toMatch(/^I could not find this/u);

    const answered = 'How many days of paid vacation does an employee get?';
    const overruled = await answerOf(withModel(choosing(answered, () => ({ excerpts: [], answer: '' }))).ask({ spaces: [space], question: answered }));
    expect(overruled).toMatchObject({ grounded: true, extractive: true });
    expect(overruled.answer).toMatch(/^The language model found no answer that the documents bear out/u);
    expect(overruled.answer).toContain('28 days of paid vacation');
  });

  it('does not ask the model about a year no document mentions', async () => {
    const question = 'How many vacation days did employees get in 1987?';
    const model = choosing(question, () => ({ excerpts: [1], answer: '28' }));
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question }));
    expect(answer.grounded).toBe(false);
    expect(answer.answer).toContain('The documents never mention 1987.');
    expect(model.calls).toEqual([]);
  });

  it('quotes a page asked for as a whole without asking the model', async () => {
    const question = 'What is on page 2?';
    const model = choosing(question, () => ({ excerpts: [1], answer: 'Something' }));
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question }));
    expect(answer).toMatchObject({ grounded: true, extractive: true });
    expect(answer.citations.map(citation => citation.pages)).toEqual([[2]]);
    expect(model.calls).toEqual([]);
  });

  it('says "not found" without asking the model when the passages share almost nothing with the question', async () => {
    // One common word of fourteen: below the offline answer's own bar (FOLIO_EXTRACTIVE_MIN_EVIDENCE).
    const question =
      'Which vacation arrangements suit astronauts, submarine crews, lighthouse keepers, polar researchers, glacier guides, circus acrobats and opera singers?';
    const model = choosing(question, () => ({ excerpts: [1], answer: 'The same 28 days' }));
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question }));
    expect(answer.grounded).toBe(false);
    expect(model.calls).toEqual([]);
  });

  it('quotes the passages with a note when the model fails', async () => {
    const question = 'How many days of paid vacation does an employee get?';
    const down = new FolioError({ code: 'model_unavailable', message: 'down', userMessage: 'The language model is unavailable.', retryable: true });
    const answer = await answerOf(withModel(choosing(question, () => down)).ask({ spaces: [space], question }));
    expect(answer).toMatchObject({ grounded: true, extractive: true });
    expect(answer.answer).toMatch(/^The language model is unavailable right now/u);
    expect(answer.notes).toContain('The language model is unavailable.');
  });
});
