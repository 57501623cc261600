import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shortGoldAnswer } from '../../answer/evaluation/answer-metrics.ts';
import { readEvalSet } from './eval-set.ts';

describe('readEvalSet', () => {
  let setDir: string;
  afterEach(() => rm(setDir, { recursive: true, force: true }));

  async function writeSet(questions: object[], unanswerable: object[]): Promise<void> {
    setDir = await mkdtemp(join(tmpdir(), 'folio-eval-set-'));
    await mkdir(join(setDir, 'docs'));
    await writeFile(join(setDir, 'docs', 'invoice.pdf'), '%PDF-1.4');
    await writeFile(join(setDir, 'questions.jsonl'), questions.map(line => JSON.stringify(line)).join('\n'));
    await writeFile(join(setDir, 'unanswerable.jsonl'), unanswerable.map(line => JSON.stringify(line)).join('\n'));
  }

  it('reads answers given as numbers, and an unanswerable question whose answer is null', async () => {
    await writeSet(
      [{ id: 'q1', doc: 'invoice.pdf', question: 'What is the total?', answer: 54.95, pages: [1] }],
      [{ id: 'u1', doc: 'invoice.pdf', question: 'Which IBAN?', answer: null, pages: [] }],
    );
    const set = await readEvalSet(setDir);
    expect(set.questions.map(question => question.answer)).toEqual(['54.95']);
    expect(set.unanswerable.map(question => [question.id, question.answer])).toEqual([['u1', undefined]]);
    expect(set.documentPaths).toEqual([join(setDir, 'docs', 'invoice.pdf')]);
  });

  it('reads a list answer given as a JSON array as a bracketed list, which no short answer is read from', async () => {
    await writeSet([{ id: 'q1', doc: 'invoice.pdf', question: 'Which items?', answer: ['Blutsenkung', 4.02], pages: [1] }], []);
    const [question] = (await readEvalSet(setDir)).questions;
    expect(question.answer).toBe('["Blutsenkung",4.02]');
    expect(shortGoldAnswer(question.answer)).toBeUndefined();
  });

  it('names the line that is not a question', async () => {
    await writeSet([{ id: 'q1', doc: 'invoice.pdf', question: 'What is the total?' }], []);
    await expect(readEvalSet(setDir)).rejects.toMatchObject({ userMessage: expect.stringContaining('questions.jsonl line 1') });
  });
});
