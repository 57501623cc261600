import { describe, expect, it } from 'vitest';
import { contextPassage } from '../../test/support/answer/context-passage.ts';
import { ScriptedLanguageModel } from '../../test/fakes/scripted-language-model.ts';
import { silentLogger } from '../log.ts';
import { answerByChoosing } from './answer-by-choosing.ts';

const corrosion = [
  'Table 1 Polarization data of stainless steel with egg shell inhibitor.',
  '| Inhibitor concentration (g) | Ecorr (V) | Corrosion rate (mm/year) |',
  '| --- | --- | --- |',
  '| 0 | 0.9393 | 2.8163 |',
  '| 2 | 0.8276 | 1.5054 |',
  '| 10 | 0.5356 | 0.0919 |',
].join('\n');
const comparison =
  'Egg shell was compared with sodium nitrite as an inhibitor. Egg shell protected the steel better at every concentration. The laboratory bank account is AT92 2040 4000 4096 8679, its phone 0662 123 456.';
const passages = [contextPassage(1, [{ page: 4, text: corrosion, rank: 0 }]), contextPassage(2, [{ page: 5, text: comparison, rank: 1 }])];

/** Chooses the excerpt that holds `text`, giving `answer`. */
const choosing = (text: string, answer: string) =>
  new ScriptedLanguageModel({
    reply: request => {
      const line = (request.system ?? '').split('\n').find(entry => /^\[\d+\]/u.test(entry) && entry.includes(text))!;
      return JSON.stringify({ excerpts: [Number(/^\[(\d+)\]/u.exec(line)![1])], answer });
    },
  });
const choosingRow = (start: string, answer: string) => choosing(`Table row: ${start}`, answer);
const ask = (question: string, model: ScriptedLanguageModel) =>
  answerByChoosing({ question, subQuestions: [question], language: 'en', history: [], passages, minimumEvidence: 0.1 }, model, { log: silentLogger() });

describe('answerByChoosing', () => {
  it('takes no table row about another number than the one the question names as its answer', async () => {
    const twelve = await ask('What is the corrosion rate at 12 g of inhibitor?', choosingRow('Inhibitor concentration (g): 2;', '1.5054 mm/year'));
    expect(twelve.kind).toBe('none-chosen');
    const ten = await ask('What is the corrosion rate at 10 g of inhibitor?', choosingRow('Inhibitor concentration (g): 10;', '0.0919'));
    expect(ten).toMatchObject({ kind: 'chosen', shortAnswer: true });
    expect(ten.kind === 'chosen' && ten.text).toMatch(/^0\.0919 \[1\]/u);
  });

  it('gives no short answer that only repeats the question, and keeps one the question offers', async () => {
    const echo = await ask('What inhibitor was egg shell compared with?', choosing('protected the steel better', 'Egg shell'));
    expect(echo).toMatchObject({ kind: 'chosen', shortAnswer: false });
    expect(echo.kind === 'chosen' && echo.text).toMatch(/^“Egg shell protected the steel better/u);
    const offered = await ask('Which inhibitor protected the steel better, egg shell or sodium nitrite?', choosing('protected the steel better', 'Egg shell'));
    expect(offered).toMatchObject({ kind: 'chosen', shortAnswer: true });
  });

  it('gives no short answer to a question for a phone number that is not one', async () => {
    const account = await ask('What is the phone number of the laboratory?', choosing('bank account', 'AT92 2040 4000 4096 8679'));
    expect(account).toMatchObject({ kind: 'chosen', shortAnswer: false });
    const phone = await ask('What is the phone number of the laboratory?', choosing('bank account', '0662 123 456'));
    expect(phone).toMatchObject({ kind: 'chosen', shortAnswer: true });
  });

  it('gives no short answer of another kind than the question asks for', async () => {
    const row = choosingRow('Inhibitor concentration (g): 10;', '0.5356 V');
    expect(await ask('How much does the inhibitor at 10 g cost in euros?', row)).toMatchObject({ kind: 'chosen', shortAnswer: false });
    const sentence = choosing('protected the steel better', 'Egg shell protected the steel better');
    expect(await ask('How many inhibitors protected the steel better?', sentence)).toMatchObject({ kind: 'chosen', shortAnswer: false });
    const rate = choosingRow('Inhibitor concentration (g): 10;', '0.0919');
    expect(await ask('What is the corrosion rate at 10 g of inhibitor?', rate)).toMatchObject({ kind: 'chosen', shortAnswer: true });
  });
});
