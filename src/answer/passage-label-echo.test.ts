import { describe, expect, it } from 'vitest';
import { contextPassage } from '../../test/support/answer/context-passage.ts';
import { silentLogger } from '../log.ts';
import { ScriptedLanguageModel } from '../../test/fakes/scripted-language-model.ts';
import { answerWithModel } from './answer-with-model.ts';
import { labelListingStart, withoutLabelEchoes } from './passage-label-echo.ts';

const names = ['report.pdf'];

describe('passage label echoes', () => {
  it('removes whole-line labels and labels after a claim, keeping the claim and its marker', () => {
    const text = 'Staff get 28 days [1] report.pdf · p. 1 · Vacation.\n- [2] report.pdf · pp. 3, 4 · Travel › Hotels\nHotels are paid [2] (· p. 2)';
    expect(withoutLabelEchoes(text, names)).toBe('Staff get 28 days [1]\nHotels are paid [2]');
    // Pages named as the prompt names them: slides, page labels, a page without a printed number.
    const named = 'Churn fell [1]\n- [1] deck.pptx · slide 4 · Churn\n- [2] report.pdf · p. iv · Review\n- [3] report.pdf · PDF p. 2 · Contents';
    expect(withoutLabelEchoes(named, ['deck.pptx', 'report.pdf'])).toBe('Churn fell [1]');
  });

  it('cuts a label out of the sentence it stands in, keeping what the sentence goes on to say', () => {
    expect(withoutLabelEchoes('According to report.pdf · p. 1 · Vacation: staff get 28 days [1]', names)).toBe('According to staff get 28 days [1]');
    expect(withoutLabelEchoes('Sales rose 4% (report.pdf · p. 3) in 2023 [2].', names)).toBe('Sales rose 4% in 2023 [2].');
    expect(withoutLabelEchoes('Sales rose 4% [2] report.pdf · p. 3 — see the table there', names)).toBe('Sales rose 4% [2] see the table there');
  });

  it('cuts where an answer turns into a list of labels, not at a label it starts with', () => {
    expect(labelListingStart('Staff get 28 days [1].\n[2] report.pdf · p. 3 · Travel', names)).toBe(23);
    expect(labelListingStart('[1] report.pdf · p. 1 · Vacation\nStaff get 28 days [1].', names)).toBeUndefined();
    expect(labelListingStart('[1] report.pdf · p. 1 · A\n[2] report.pdf · p. 2 · B', names)).toBe(26);
  });

  it('stops the model when its streamed reply starts listing passage labels, keeping what came before', async () => {
    const listing = Array.from({ length: 40 }, (_, index) => `[${(index % 3) + 1}] report.pdf · p. ${index} · Section`).join('\n');
    const model = new ScriptedLanguageModel({ chunkSize: 8, chunkDelayMs: 1 }).script(`Staff get 28 days of paid vacation [1].\n${listing}`);
    const streamed: string[] = [];
    const answer = await answerWithModel(
      {
        question: 'How many vacation days?',
        language: 'en',
        tasks: [],
        history: [],
        passages: [contextPassage(1, [{ page: 1, text: 'Staff get 28 days of paid vacation.' }])],
      },
      model,
      { promptMaxChars: 20_000, log: silentLogger(), onText: delta => streamed.push(delta) },
    );
    expect(answer).toMatchObject({ text: 'Staff get 28 days of paid vacation [1].', cutAtLabels: true, notFound: false });
    expect(model.calls[0].signal?.aborted).toBe(true);
    expect(streamed.join('')).toBe('Staff get 28 days of paid vacation [1].\n');
  });
});
