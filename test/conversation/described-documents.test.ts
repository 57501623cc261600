import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../../src/answer/types.ts';
import { loadConfig } from '../../src/config.ts';
import type { AskOutcome } from '../../src/conversation/ask-outcome.ts';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import { localModelsTarget } from '../support/models/local-models-target.ts';

/** The real embedding model (USE multilingual), with no chat model: answers are the offline ones, focus is what is tested. */
const target = localModelsTarget({ embedding: true });
if (target.state === 'missing-in-ci') {
  describe('documents described by a question', () => {
    it('has the fetched embedding model to run', () => {
      throw new Error(target.reason);
    });
  });
} else if (target.state === 'skip') {
  console.info(target.reason);
}

const channel = parseSpaceId('slack:T1:CDESCRIBE');
/** English documents, each a title printed large over one fact. */
const documents = [
  { name: 'hw-2023-final.pdf', title: 'Heat Waves and Human Health in Coastal Cities', fact: 'Heat waves raised hospital admissions by 12 percent in 2022.' },
  { name: 'q3-nordwind.pdf', title: 'Quarterly Sales Report of Nordwind Bikes', fact: 'Sales of cargo bikes rose to 4,200 units in the third quarter.' },
  { name: 'riverside.pdf', title: 'Tenant Handbook for Riverside Apartments', fact: 'Rent is due on the first working day of each month.' },
  { name: 'rw-survey.pdf', title: 'Annual Survey of Remote Work Habits', fact: 'Most respondents work from home two days a week.' },
  { name: 'aurora-ug.pdf', title: 'User Guide for the Aurora Espresso Machine', fact: 'Descale the machine every 200 cups with the citric descaler.' },
  {
    name: 'ims-grants.pdf',
    title: 'Graduate Scholarships at the Institute of Marine Science',
    fact: 'Scholarships cover tuition and a stipend of 1,800 euros a month.',
  },
  { name: 'libraries.pdf', title: 'City Budget Plan for Public Libraries', fact: 'The libraries receive 3.1 million euros for new books.' },
  { name: 'alpine.pdf', title: 'Wildlife Protection Policy for Alpine Parks', fact: 'Dogs must be kept on a leash between April and July.' },
];
const answerOf = (outcome: AskOutcome): Answer => {
  if (!('answer' in outcome)) throw new Error(`no answer: ${outcome.kind}`);
  return outcome.answer;
};

describe.skipIf(target.state !== 'ready')('documents described by a question (real embeddings)', () => {
  let dataDir: string;
  let folio: Folio;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-described-'));
    folio = createFolio(
      loadConfig({
        FOLIO_DATA_DIR: dataDir,
        FOLIO_MODEL_PROVIDER: 'local',
        FOLIO_MODELS_DIR: (target as { modelsDir: string }).modelsDir,
        FOLIO_LOCAL_CHAT_MODEL: 'off',
        FOLIO_LOCAL_THREADS: '2',
        FOLIO_LOG_LEVEL: 'silent',
        FOLIO_OCR: 'off',
      }),
    );
    for (const [index, document] of documents.entries()) {
      const path = join(dataDir, document.name);
      await writeFile(
        path,
        await makeTestPdf([
          {
            texts: [
              { text: document.title, x: 72, top: 90, size: 24 },
              { text: document.fact, x: 72, top: 150, size: 11 },
            ],
          },
        ]),
      );
      const [outcome] = await folio.ingestFiles([{ path, name: document.name }], channel, {
        source: { platform: 'slack', messageRef: `CDESCRIBE:${index}.1` },
      });
      expect(outcome.status).toBe('ready');
      ids[document.name] = outcome.documentId;
    }
  }, 180_000);
  afterAll(async () => {
    await folio?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('focuses a question that describes a document in another language on it', async () => {
    const german = answerOf(
      await folio.ask({
        spaces: [channel],
        question: 'Im Bericht über Hitzewellen und die Gesundheit in Küstenstädten: um wie viel Prozent stiegen die Krankenhausaufnahmen?',
      }),
    );
    // Offline, the English page shares no word with the German question, so it is not answered from; it
    // is the document the question was about, and the one the reply points to.
    expect(german.focus).toMatchObject({ documents: [{ id: ids['hw-2023-final.pdf'], name: 'hw-2023-final.pdf' }], reason: 'named' });
    expect(german.closest?.map(section => section.document)).toEqual(['hw-2023-final.pdf']);

    const dutch = answerOf(await folio.ask({ spaces: [channel], question: 'Hoe vaak moet ik volgens de handleiding van het espressoapparaat ontkalken?' }));
    expect(dutch.focus?.documents.map(document => document.name)).toEqual(['aurora-ug.pdf']);
  });

  it('leaves a question that calls nothing a document, and one in a file’s thread, as they were', async () => {
    const unnamed = answerOf(await folio.ask({ spaces: [channel], question: 'Wie viel Geld bekommen die Bibliotheken für neue Bücher?' }));
    expect(unnamed.focus).toBeUndefined();

    // In the thread of the tenant handbook's share, the thread's file comes first.
    const inThread = answerOf(
      await folio.ask({
        spaces: [channel],
        question: 'Was sagt der Bericht über Hitzewellen und Gesundheit in Küstenstädten?',
        focus: { threadRef: 'CDESCRIBE:2.1' },
      }),
    );
    expect(inThread.focus?.documents.map(document => document.name)).toEqual(['riverside.pdf']);
  });
});
