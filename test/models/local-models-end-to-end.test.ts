import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactPlanJsonSchema } from '../../src/answer/plan-schemas.ts';
import { modelPlanSchema } from '../../src/answer/plan-question.ts';
import { loadConfig } from '../../src/config.ts';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import { silentLogger } from '../../src/log.ts';
import { buildModels } from '../../src/models/build-models.ts';
import type { Models } from '../../src/models/types.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { answerOf } from '../support/answer/answer-of.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { makeTestPdf, type TestPage } from '../support/layout/make-test-pdf.ts';
import { localModelsTarget } from '../support/models/local-models-target.ts';

/**
 * The whole pipeline with the real local models (`FOLIO_MODEL_PROVIDER=local`): a GGUF chat model run by
 * node-llama-cpp and the ONNX embedding model, on this CPU. CI runs the 0.5B chat model.
 */
const target = localModelsTarget({ chat: true, embedding: true });
if (target.state === 'missing-in-ci') {
  describe('local models end to end', () => {
    it('has the fetched models to run', () => {
      throw new Error(target.reason);
    });
  });
} else if (target.state === 'skip') {
  console.info(target.reason);
}

/** A German staff handbook page per fact, so a German question has a German page to answer from. */
function germanHandbook(): Promise<Uint8Array> {
  const page = (heading: string, lines: string[]): TestPage => ({
    texts: [{ text: heading, x: 72, top: 72, size: 18, font: 'bold' }, ...lines.map((line, index) => ({ text: line, x: 72, top: 110 + index * 16, size: 11 }))],
  });
  return makeTestPdf(
    [
      page('1 Urlaubsregelung', [
        'Jeder Mitarbeiter erhält 30 Tage bezahlten Urlaub pro Kalenderjahr.',
        'Urlaubsanträge genehmigt die Teamleitung im Personalportal.',
      ]),
      page('2 Dienstwagen', ['Dienstwagen werden alle vier Jahre ersetzt.', 'Die Tankkarte gilt nur für dienstliche Fahrten.']),
      page('3 Homeoffice', [
        'Mitarbeiter dürfen an zwei Tagen pro Woche von zu Hause arbeiten.',
        'Die Firma zahlt einen Zuschuss von 25 Euro im Monat für Internet.',
      ]),
    ],
    {
      outline: [
        { title: '1 Urlaubsregelung', page: 1 },
        { title: '2 Dienstwagen', page: 2 },
        { title: '3 Homeoffice', page: 3 },
      ],
    },
  );
}

describe.skipIf(target.state !== 'ready')('local models end to end', () => {
  const ready = target as { modelsDir: string; chatModelPath?: string };
  let dataDir: string;
  let folio: Folio;
  let models: Models;
  const english = parseSpaceId('local-en');
  const german = parseSpaceId('local-de');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-local-'));
    const config = loadConfig({
      FOLIO_DATA_DIR: dataDir,
      FOLIO_MODEL_PROVIDER: 'local',
      FOLIO_MODELS_DIR: ready.modelsDir,
      FOLIO_LOCAL_CHAT_MODEL: ready.chatModelPath,
      FOLIO_LOCAL_THREADS: '2',
      FOLIO_LOG_LEVEL: 'silent',
      FOLIO_OCR: 'off',
      // The suite runs beside other tests on two cores: generous deadlines, so the model's steps finish.
      FOLIO_PLAN_TIMEOUT_S: '60',
      FOLIO_ANSWER_TIMEOUT_S: '240',
    });
    // One set of models for the whole file, as one process has: the test below calls the chat model directly.
    models = buildModels(config.models, { log: silentLogger() }).models;
    folio = createFolio(config, { models });
    const handbook = join(dataDir, 'handbook.pdf');
    const handbuch = join(dataDir, 'handbuch.pdf');
    await writeFile(handbook, await makeHandbookPdf('a'));
    await writeFile(handbuch, await germanHandbook());
    const [first] = await folio.ingestFiles([{ path: handbook, name: 'handbook.pdf' }], english);
    const [second] = await folio.ingestFiles([{ path: handbuch, name: 'handbuch.pdf' }], german);
    expect([first.status, second.status]).toEqual(['ready', 'ready']);
  }, 300_000);

  afterAll(async () => {
    await folio?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes a plan that the grammar keeps to the JSON schema', async () => {
    const model = models.language!;
    expect(model.id).toMatch(/^local:qwen2\.5-coder-/u);
    const reply = await model.generate({
      prompt: 'Plan keyword searches for the question: "How many weeks of parental leave do parents get?" Reply with JSON.',
      jsonSchema: { name: 'plan', schema: compactPlanJsonSchema },
      maxOutputTokens: 256,
      temperature: 0,
    });
    const parsed = modelPlanSchema.safeParse(JSON.parse(reply.text));
    expect(parsed.success).toBe(true);
    expect(parsed.data!.subQuestions.length).toBeGreaterThan(0);
    expect(reply.usage.outputTokens).toBeGreaterThan(0);
  }, 240_000);

  it('streams its text, and lets a waiting request leave the line when its signal aborts', async () => {
    const model = models.language!;
    const chunks: string[] = [];
    const counting = model.generate({
      prompt: 'Write the numbers from 1 to 40, separated by commas.',
      maxOutputTokens: 120,
      onText: chunk => chunks.push(chunk),
    });
    const controller = new AbortController();
    const waiting = model.generate({ prompt: 'Say hello.', maxOutputTokens: 8, signal: controller.signal });
    controller.abort(new Error('the asker left'));
    // The waiting request ends while the first one is still writing, not after it.
    const first = await Promise.race([
      counting.then(() => 'counting'),
      waiting.then(
        () => 'waiting',
        (error: Error) => error.message,
      ),
    ]);
    expect(first).toBe('the asker left');
    const reply = await counting;
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('').trim()).toBe(reply.text);
    expect(reply.text).toMatch(/\b1\b.*\b2\b.*\b3\b/su);
  }, 240_000);

  it('answers from the ingested document with the value and its page cited', async () => {
    const answer = await answerOf(
      folio.ask({ spaces: [english], question: 'How many days of paid vacation does an employee get per year?', onEvent: () => {} }),
    );
    // The CPU model chooses the quote that answers (it is not the offline fallback), and its short answer leads when the quote bears it out.
    expect(answer).toMatchObject({ grounded: true, language: 'en', extractive: false });
    expect(answer.answer).toMatch(/\b28\b/u);
    expect(answer.citations.some(citation => citation.document === 'handbook.pdf' && citation.pages.includes(1))).toBe(true);
    expect(answer.modelCalls).toBeGreaterThanOrEqual(1);
  }, 300_000);

  it('answers a German question over a German page in German', async () => {
    const answer = await answerOf(
      folio.ask({ spaces: [german], question: 'Wie viele Tage bezahlten Urlaub bekommt ein Mitarbeiter im Jahr?', onEvent: () => {} }),
    );
    expect(answer).toMatchObject({ grounded: true, language: 'de' });
    expect(answer.answer).toMatch(/\b30\b/u);
    expect(answer.answer).toMatch(/\b(Tage|Urlaub|Mitarbeiter|erhält|bekommt|Jahr)\b/u);
    expect(answer.citations.some(citation => citation.pages.includes(1))).toBe(true);
  }, 300_000);

  it('says a German question over an English page in English, and answers it in German', async () => {
    const question = 'Wie viele Tage bezahlten Urlaub bekommt ein Mitarbeiter im Jahr?';
    const answer = await answerOf(folio.ask({ spaces: [english], question, onEvent: () => {} }));
    // Asked as is, its words are on no page of the English handbook: not found before the model is asked.
    expect(answer.rewritten).toMatch(/\b(days?|vacation|holidays?|leave)\b/iu);
    expect(answer).toMatchObject({ grounded: true, language: 'de' });
    expect(answer.answer).toMatch(/\b28\b/u);
    expect(answer.citations.some(citation => citation.document === 'handbook.pdf' && citation.pages.includes(1))).toBe(true);
  }, 300_000);

  it('finds a German page for an English question through the embeddings', async () => {
    expect(models.embedding?.id).toBe('local:use-multilingual-v3');
    // No word of the question is on the page: only the vectors can rank it.
    const result = await folio.search([german], 'May staff work remotely from their homes?', { k: 5 });
    expect(result.pages[0]).toMatchObject({ page: 3 });
  }, 120_000);
});
