import { describe, expect, it } from 'vitest';
import { keepsCarriedWords, offlineFollowUp } from './follow-up-question.ts';

const historyAfter = (previous: string) => [
  { role: 'user' as const, text: previous },
  { role: 'assistant' as const, text: 'An earlier answer [1].' },
];

describe('a follow-up made self-contained without a model', () => {
  it('adds the previous question’s words to a question that leans on it, in every language', () => {
    expect(offlineFollowUp('and in 2022?', historyAfter('What was the churn rate in 2021?'))).toBe('and in 2022? churn rate');
    expect(offlineFollowUp('What about Teams?', historyAfter('How do I share a file in Slack?'))).toBe('What about Teams? share file Slack');
    expect(offlineFollowUp('Und 2022?', historyAfter('Wie hoch war die Kündigungsrate 2021?'))).toBe('Und 2022? hoch Kündigungsrate');
    // Names keep their capitals, so the follow-up still names its document.
    expect(offlineFollowUp('en het land van oorsprong?', historyAfter('Wat is de beschermingsklasse op de Lenze factuur?'))).toBe(
      'en het land van oorsprong? beschermingsklasse Lenze factuur',
    );
    expect(offlineFollowUp('Why did it drop?', historyAfter('What was the revenue of the cloud unit?'))).toBe('Why did it drop? revenue cloud unit');
  });

  it('leaves a question that stands alone, and a first question, as they are', () => {
    expect(offlineFollowUp('How many vacation days does a new employee get in the first year?', historyAfter('What is the churn rate?'))).toBeUndefined();
    expect(offlineFollowUp('and in 2022?', [])).toBeUndefined();
  });

  it('tells a model’s rewrite that keeps what the thread is about from one that lost it', () => {
    const question = 'In welchem Jahrhundert war das?';
    const rules = offlineFollowUp(question, historyAfter('Wie haben englische Gentlemen laut der Präsentation herausgefordert?'))!;
    expect(keepsCarriedWords('In welchem Jahrhundert haben die englischen Gentlemen herausgefordert?', question, rules)).toBe(true);
    expect(keepsCarriedWords('In welchem Jahrhundert wurden die Dokumente veröffentlicht?', question, rules)).toBe(false);
  });
});
