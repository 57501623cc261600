import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runFolio } from '../support/run-folio.ts';

/** One page per topic, each a sentence of words no other page uses, so the right page is unambiguous. */
async function makeDocument(topics: string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const topic of topics) {
    const page = document.addPage([595, 842]);
    page.drawText(topic, { x: 56, y: 760, size: 11, font });
    page.drawText('This page belongs to the evaluation fixture.', { x: 56, y: 730, size: 11, font });
  }
  return document.save();
}

describe('folio eval (CLI, end to end)', () => {
  let workDir: string;
  let setDir: string;
  // Only this test's store: a WEAVIATE_URL or REDIS_URL from CI would send the set elsewhere.
  let environment: Record<string, string>;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-eval-cli-'));
    setDir = join(workDir, 'set');
    environment = { FOLIO_DATA_DIR: join(workDir, 'unused-data'), WEAVIATE_URL: '', REDIS_URL: '' };
    await mkdir(join(setDir, 'docs'), { recursive: true });
    await writeFile(
      join(setDir, 'docs', 'airships.pdf'),
      await makeDocument([
        'Zeppelin hangars in Friedrichshafen housed rigid airships.',
        'Hydrogen lifting gas was replaced by helium after accidents.',
        'Mooring masts let crews anchor the envelope in crosswinds.',
      ]),
    );
    await writeFile(
      join(setDir, 'docs', 'birds.pdf'),
      await makeDocument(['Albatross colonies nest on remote subantarctic islands.', 'Wandering albatrosses glide thousands of kilometres without flapping.']),
    );
    const questions = [
      // Hits at rank 1: the gold page is the only page holding the question's words.
      {
        id: 'q-1',
        doc: 'airships.pdf',
        question: 'Which lifting gas replaced hydrogen after accidents?',
        pages: [2],
        source: 'fixture',
        evidence_sources: ['Pure-text'],
      },
      { id: 'q-2', doc: 'birds.pdf', question: 'Where do albatross colonies nest?', pages: [1], source: 'fixture', evidence_sources: ['Pure-text'] },
      // A miss: the gold page shares no word with the question, so it is in no ranked list.
      {
        id: 'q-3',
        doc: 'airships.pdf',
        question: 'What do Friedrichshafen zeppelin hangars house?',
        pages: [3],
        source: 'other',
        evidence_sources: ['Figure'],
      },
      // Unanswerable (no gold page): left out of the metrics.
      { id: 'q-4', doc: 'birds.pdf', question: 'How fast do penguins swim?', pages: [], source: 'fixture' },
    ];
    await writeFile(join(setDir, 'questions.jsonl'), `${questions.map(question => JSON.stringify(question)).join('\n')}\n`);
    const unanswerable = [
      { id: 'u-1', doc: 'birds.pdf', question: 'How fast do penguins swim underwater?', pages: [], answer: 'Not answerable', source: 'fixture' },
      { id: 'u-2', doc: 'airships.pdf', question: 'Which orchestra premiered the symphony?', pages: [], answer: 'Not answerable', source: 'fixture' },
    ];
    await writeFile(join(setDir, 'unanswerable.jsonl'), `${unanswerable.map(question => JSON.stringify(question)).join('\n')}\n`);
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('ingests the set, searches every answerable question and prints page hit@k and MRR per scope and source', async () => {
    const run = await runFolio(['eval', setDir, '--data-dir', join(workDir, 'eval-data'), '--json'], environment);
    expect(run.stderr).not.toMatch(/✗/);
    expect(run.exitCode).toBe(0);
    const [summary] = jsonLines(run.stdout) as Array<{
      documents: number;
      failedDocuments: number;
      questions: number;
      skipped: number;
      scopes: Record<
        'document' | 'space',
        { overall: Record<string, number>; bySource: Record<string, Record<string, number>>; byEvidenceSource: Record<string, Record<string, number>> }
      >;
    }>;
    expect(summary).toMatchObject({ documents: 2, failedDocuments: 0, questions: 3, skipped: 0 });
    for (const scope of ['document', 'space'] as const) {
      const report = summary.scopes[scope];
      expect(report.overall.questions).toBe(3);
      expect(report.overall.hitAt1).toBeCloseTo(2 / 3, 6);
      expect(report.overall.hitAt5).toBeCloseTo(2 / 3, 6);
      expect(report.overall.mrr).toBeCloseTo(2 / 3, 6);
      expect(report.bySource.fixture).toMatchObject({ questions: 2, hitAt1: 1, hitAt3: 1 });
      expect(report.bySource.other).toMatchObject({ questions: 1, hitAt1: 0, hitAt5: 0, mrr: 0 });
      expect(report.byEvidenceSource.Figure).toMatchObject({ questions: 1, hitAt3: 0 });
    }
  });

  it('with --answers asks every question and scores context, citations, not-found and abstention', async () => {
    const run = await runFolio(['eval', setDir, '--answers', '--scope', 'doc', '--data-dir', join(workDir, 'eval-data'), '--json'], environment);
    expect(run.exitCode).toBe(0);
    const [summary] = jsonLines(run.stdout) as Array<{
      questions: number;
      unanswerable: number;
      models: string;
      scopes: Record<string, { overall: Record<string, number>; bySource: Record<string, Record<string, number>>; unanswerable: number; abstention: number }>;
    }>;
    expect(summary).toMatchObject({ questions: 3, unanswerable: 2, models: 'offline' });
    expect(Object.keys(summary.scopes)).toEqual(['document']);
    const report = summary.scopes.document;
    // q-1 and q-2: the gold page holds the question's words, so it is in the context and quoted.
    expect(report.bySource.fixture).toMatchObject({ questions: 2, contextRecall: 1, citedGold: 1, falseNotFound: 0, notFound: 0 });
    expect(report).toMatchObject({ unanswerable: 2, abstention: 1 });
  });

  it('with --scope thread asks each question as if in its document’s thread: focused, widened only when not found there', async () => {
    const run = await runFolio(['eval', setDir, '--answers', '--scope', 'thread', '--data-dir', join(workDir, 'eval-data'), '--json'], environment);
    expect(run.exitCode).toBe(0);
    const [summary] = jsonLines(run.stdout) as Array<{ scopes: Record<string, { bySource: Record<string, Record<string, number>>; abstention: number }> }>;
    expect(Object.keys(summary.scopes)).toEqual(['thread']);
    expect(summary.scopes.thread.bySource.fixture).toMatchObject({ questions: 2, contextRecall: 1, citedGold: 1, falseNotFound: 0 });
    // Not in the thread's document, nor anywhere else: still "not found".
    expect(summary.scopes.thread.abstention).toBe(1);
    const retrieval = jsonLines(
      (await runFolio(['eval', setDir, '--scope', 'thread', '--data-dir', join(workDir, 'eval-data'), '--json'], environment)).stdout,
    )[0] as {
      scopes: Record<string, { overall: { hitAt1: number } }>;
    };
    expect(Object.keys(retrieval.scopes)).toEqual(['thread']);
  });

  it('ask --batch answers every line in one process, with the line id and the context', async () => {
    const batch = join(workDir, 'batch.jsonl');
    const lines = [
      { id: 'a', question: 'Which lifting gas replaced hydrogen after accidents?', doc: 'airships.pdf' },
      { id: 'b', question: 'Where do albatross colonies nest?' },
      { id: 'c', question: 'Where do albatross colonies nest?', doc: 'no-such.pdf' },
    ];
    await writeFile(batch, `${lines.map(line => JSON.stringify(line)).join('\n')}\nnot json\n`);
    const run = await runFolio(['ask', '--space', 'eval', '--batch', batch, '--json'], { ...environment, FOLIO_DATA_DIR: join(workDir, 'eval-data') });
    expect(run.exitCode).toBe(1);
    const [first, second, unknown, malformed] = jsonLines(run.stdout) as Array<Record<string, any>>;
    expect(first).toMatchObject({ id: 'a', grounded: true, answerId: expect.any(String) });
    expect(first.answer).toContain('Hydrogen lifting gas was replaced by helium');
    expect(first.context[0]).toMatchObject({ n: 1, document: 'airships.pdf', pages: [2] });
    expect(first.context.every((entry: { document: string }) => entry.document === 'airships.pdf')).toBe(true);
    expect(first.citations[0]).toMatchObject({ n: 1, document: 'airships.pdf', pages: [2] });
    expect(second).toMatchObject({ id: 'b', grounded: true });
    expect(second.citations[0]).toMatchObject({ document: 'birds.pdf', pages: [1] });
    expect(unknown).toEqual({ id: 'c', error: 'no document named no-such.pdf in this space' });
    expect(malformed).toEqual({ line: 4, error: 'expected {id, question, doc?}' });
  });

  it('says plainly when the folder is not an evaluation set', async () => {
    const run = await runFolio(['eval', join(workDir, 'nowhere'), '--json'], environment);
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr).toMatch(/is not an evaluation set: it needs a docs\/ folder and a questions\.jsonl file/);
  });
});
