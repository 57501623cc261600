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
const passages = [contextPassage(1, [{ page: 4, text: corrosion, rank: 0 }])];

/** Chooses the excerpt whose text starts with `start`, giving `answer`. */
const choosingRow = (start: string, answer: string) =>
  new ScriptedLanguageModel({
    reply: request => {
      const line = (request.system ?? '').split('\n').find(entry => entry.includes(`Table row: ${start}`))!;
      return JSON.stringify({ excerpts: [Number(/^\[(\d+)\]/u.exec(line)![1])], answer });
    },
  });
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
});
