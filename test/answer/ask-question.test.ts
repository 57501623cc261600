import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import type { AskEvent } from '../../src/answer/types.ts';
import { loadConfig } from '../../src/config.ts';
import { FolioError } from '../../src/errors.ts';
import { plainChatText } from '../../src/conversation/chat-text.ts';
import type { GenerateRequest, GenerateResult, LanguageModel } from '../../src/models/types.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { answerOf } from '../support/answer/answer-of.ts';

type Reply = string | Error | ((request: GenerateRequest) => string | Error);

/** A language model that answers from a script: JSON plans for the plan call, text for the answer call. */
class ScriptedModel implements LanguageModel {
  readonly id = 'scripted:test';
  readonly acceptsImages = false;
  readonly requests: GenerateRequest[] = [];
  constructor(private readonly replies: { plan: Reply; answer: Reply }) {}

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    this.requests.push(request);
    const isPlan = Boolean(request.jsonSchema) || (typeof request.prompt === 'string' && request.prompt.includes('You plan the search'));
    const scripted = isPlan ? this.replies.plan : this.replies.answer;
    const reply = typeof scripted === 'function' ? scripted(request) : scripted;
    if (reply instanceof Error) throw reply;
    if (request.onText) for (const piece of reply.match(/.{1,12}/gsu) ?? []) request.onText(piece);
    return { text: reply, usage: { inputTokens: 100, outputTokens: 20 }, model: this.id, ms: 1, firstTokenMs: request.onText ? 1 : undefined };
  }
}

const plan = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    language: 'en',
    subQuestions: ['How many days of paid vacation do employees get?'],
    tasks: [],
    variants: ['paid vacation days'],
    hyde: ['Employees receive 25 days of paid vacation.'],
    picks: [{ doc: 1, node: '0001' }],
    ...overrides,
  });

/** Finds the passage number whose label names this page, as a model reading the prompt would. */
function passageFor(request: GenerateRequest, page: number): number {
  const match = new RegExp(`\\[(\\d+)\\] handbook\\.pdf · pp?\\. [^\\n]*\\b${page}\\b`).exec(request.system ?? '');
  if (!match) throw new Error(`no passage for page ${page} in the prompt`);
  return Number(match[1]);
}

describe('askQuestion', () => {
  let dataDir: string;
  let offline: Folio;
  const space = parseSpaceId('handbook');
  const other = parseSpaceId('other-team');
  const empty = parseSpaceId('empty');

  const withModel = (model: LanguageModel) => createFolio(offline.config, { models: { language: model }, log: offline.log });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-ask-'));
    offline = createFolio(loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off' }));
    const a = join(dataDir, 'a.pdf');
    const b = join(dataDir, 'b.pdf');
    await writeFile(a, await makeHandbookPdf('a'));
    await writeFile(b, await makeHandbookPdf('b'));
    const [first] = await offline.ingestFiles([{ path: a, name: 'handbook.pdf' }], space);
    const [second] = await offline.ingestFiles([{ path: b, name: 'handbook.pdf' }], other);
    expect([first.status, second.status]).toEqual(['ready', 'ready']);
  }, 60_000);

  afterAll(async () => {
    await offline?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers offline with quoted sentences and the exact page', async () => {
    const answer = await answerOf(offline.ask({ spaces: [space], question: 'How many days of paid vacation does an employee get?' }));
    expect(answer.grounded).toBe(true);
    expect(answer.extractive).toBe(true);
    expect(answer.answer).toContain('28 days of paid vacation');
    expect(answer.answer).toMatch(/No language model is configured/);
    expect(answer.citations[0]).toMatchObject({ n: 1, document: 'handbook.pdf', pages: [1], space });
    expect(answer.modelCalls).toBe(0);
  });

  it('never answers from another space', async () => {
    const mine = await answerOf(offline.ask({ spaces: [space], question: 'Which tool encrypts company laptops?' }));
    const theirs = await answerOf(offline.ask({ spaces: [other], question: 'Which tool encrypts company laptops?' }));
    expect(mine.answer).toContain('BitLocker');
    expect(mine.answer).not.toContain('VeraCrypt');
    expect(theirs.answer).toContain('VeraCrypt');
    expect(theirs.citations.every(citation => citation.space === other)).toBe(true);
  });

  it('says plainly when the documents do not answer, and when a space is empty', async () => {
    const missing = await answerOf(offline.ask({ spaces: [space], question: 'What is the dress code for the Christmas party?' }));
    expect(missing.grounded).toBe(false);
    expect(missing.answer).toContain('I could not find this in the documents I can read here.');
    expect(missing.citations).toEqual([]);
    const nothing = await offline.ask({ spaces: [empty], question: 'How many vacation days?' });
    expect(nothing).toMatchObject({ kind: 'no_documents', unreadable: [] });
    expect(plainChatText('message' in nothing ? nothing.message : [])).toBe(
      'There are no documents in this space yet, so I have nothing to answer from. Share a PDF, PowerPoint or Word file in this space; once I have read it (a few seconds to a few minutes), ask again.',
    );
  });

  it('refuses empty and over-long questions with a message for the asker', async () => {
    await expect(offline.ask({ spaces: [space], question: '   ' })).rejects.toMatchObject({ code: 'question_empty' });
    const long = offline.ask({ spaces: [space], question: 'why '.repeat(2000) });
    await expect(long).rejects.toBeInstanceOf(FolioError);
    await expect(long).rejects.toMatchObject({ code: 'question_too_long' });
  });

  it('plans and answers with a model in two calls, streaming the answer and citing the right page', async () => {
    const model = new ScriptedModel({
      plan: `\`\`\`json\n${plan()}\n\`\`\``,
      answer: request => `Employees get 28 days of paid vacation per year [${passageFor(request, 1)}].`,
    });
    const app = withModel(model);
    const events: AskEvent[] = [];
    const answer = await answerOf(app.ask({ spaces: [space], question: 'How much vacation do I get?', onEvent: event => events.push(event) }));
    expect(answer).toMatchObject({ grounded: true, extractive: false, modelCalls: 2, language: 'en' });
    expect(answer.answer).toBe('Employees get 28 days of paid vacation per year [1].');
    expect(answer.citations).toEqual([expect.objectContaining({ n: 1, pages: [1], document: 'handbook.pdf' })]);
    const streamed = events.flatMap(event => (event.type === 'text' ? [event.delta] : [])).join('');
    expect(streamed).toContain('28 days of paid vacation');
    expect(events.filter(event => event.type === 'stage').map(event => (event as { stage: string }).stage)).toEqual(['planning', 'searching', 'answering']);
    expect(answer.timings.firstTokenMs).toBeGreaterThanOrEqual(0);
    // The plan call saw the table of contents; the answer call saw passages with document and page.
    expect(model.requests[0].prompt).toContain('[D1] handbook.pdf (4 pages)');
    expect(model.requests[1].system).toMatch(/\[\d\] handbook\.pdf · p\. 1/);
  });

  it('drops citations to passages that do not exist, and reports not found when none is left', async () => {
    const partly = withModel(
      new ScriptedModel({ plan: plan(), answer: request => `Hotels up to 150 euros per night [${passageFor(request, 2)}], dinners too [42].` }),
    );
    const answer = await answerOf(partly.ask({ spaces: [space], question: 'What hotel costs are reimbursed?' }));
    expect(answer.answer).toBe('Hotels up to 150 euros per night [1], dinners too.');
    expect(answer.notes.join(' ')).toContain('[42]');
    expect(answer.citations[0].pages).toEqual([2]);

    // A question no page answers, so no offline answer stands in for the claim left out.
    const question = 'Who looks after the office dog during trips?';
    const invented = withModel(
      new ScriptedModel({
        plan: plan({ subQuestions: [question], variants: [], hyde: [], picks: [] }),
        answer: 'The office dog is looked after by reception [7].',
      }),
    );
    const none = await answerOf(invented.ask({ spaces: [space], question }));
    expect(none.grounded).toBe(false);
    expect(none.answer).toContain('I could not find this in the documents I can read here.');
    expect(none.answer).not.toContain('reception');
    expect(none.closest.length).toBeGreaterThan(0);
  });

  it('answers a German question in German and reports a NOT_FOUND reply as not found', async () => {
    const model = new ScriptedModel({
      plan: plan({ language: 'de', subQuestions: ['Wie viele Wochen Elternzeit gibt es?'], variants: ['parental leave weeks'] }),
      answer: request => `Eltern erhalten 16 Wochen bezahlte Elternzeit [${passageFor(request, 4)}].`,
    });
    const answer = await answerOf(withModel(model).ask({ spaces: [space], question: 'Wie viele Wochen Elternzeit bekommen Eltern?' }));
    expect(answer.language).toBe('de');
    expect(model.requests[1].system).toContain('Answer in German');
    expect(answer.citations[0].pages).toEqual([4]);

    const unanswerable = withModel(
      new ScriptedModel({
        plan: plan({ language: 'de', subQuestions: ['Welche Dienstwagen gibt es laut Handbuch für Manager?'], variants: [], hyde: [], picks: [] }),
        answer: 'NOT_FOUND: Die Dokumente sagen nichts über Dienstwagen.',
      }),
    );
    const missing = await answerOf(unanswerable.ask({ spaces: [space], question: 'Welche Dienstwagen gibt es laut Handbuch für Manager?' }));
    expect(missing.grounded).toBe(false);
    expect(missing.answer).toContain('Dazu habe ich in den Dokumenten, die ich hier lesen kann, nichts gefunden.');
    expect(missing.answer).toContain('Dienstwagen');
  });

  it('uses the thread history in the plan call', async () => {
    const model = new ScriptedModel({
      plan: plan({ subQuestions: ['How long is parental leave?'] }),
      answer: request => `16 weeks [${passageFor(request, 4)}].`,
    });
    const answer = await answerOf(
      withModel(model).ask({
        spaces: [space],
        question: 'And how long is it?',
        history: [
          { role: 'user', text: 'Is there parental leave?' },
          { role: 'assistant', text: 'Yes, parents get paid parental leave.' },
        ],
      }),
    );
    expect(model.requests[0].prompt).toContain('User: Is there parental leave?');
    // The plan's self-contained sub-question is what was searched, and the answer says so.
    expect(answer.rewritten).toBe('How long is parental leave?');
    expect(answer.context.some(passage => passage.pages.includes(4))).toBe(true);
    expect(answer.answer).toContain('16 weeks');
  });

  it('falls back to the offline path when the model fails, and says so', async () => {
    const down = new FolioError({ code: 'model_unavailable', message: '503', userMessage: 'The language model is not responding right now.', retryable: true });
    const answer = await answerOf(
      withModel(new ScriptedModel({ plan: down, answer: down })).ask({ spaces: [space], question: 'How many days of paid vacation does an employee get?' }),
    );
    expect(answer.grounded).toBe(true);
    expect(answer.extractive).toBe(true);
    expect(answer.answer).toMatch(/The language model is unavailable right now/);
    expect(answer.answer).toContain('28 days');
    expect(answer.notes.join(' ')).toContain('The language model is not responding right now.');
  });

  it('goes on without a model that does not answer in time', async () => {
    const hanging: LanguageModel = {
      id: 'hanging:test',
      acceptsImages: false,
      generate: request => new Promise((_resolve, reject) => request.signal?.addEventListener('abort', () => reject(request.signal!.reason), { once: true })),
    };
    const { askQuestion } = await import('../../src/answer/ask-question.ts');
    const { SqliteKnowledgeStore } = await import('../../src/store/sqlite/sqlite-knowledge-store.ts');
    // The same SQLite file the offline Folio reads, opened directly, with deadlines of 100 ms.
    const store = new SqliteKnowledgeStore({ dataDir: offline.config.dataDir });
    onTestFinished(() => store.close());
    const answer = await askQuestion(
      { spaces: [space], question: 'How many days of paid vacation does an employee get?' },
      {
        store,
        models: { language: hanging },
        config: { ...offline.config.ask, planTimeoutMs: 100, answerTimeoutMs: 100 },
        modelsConfig: offline.config.models,
        log: offline.log,
      },
    );
    expect(answer).toMatchObject({ grounded: true, extractive: true });
    expect(answer.answer).toContain('28 days');
    expect(answer.notes.join(' ')).toContain('did not answer in time');
  });
});
