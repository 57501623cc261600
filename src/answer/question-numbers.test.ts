import { describe, expect, it } from 'vitest';
import type { ContextPassage } from './context-passage.ts';
import { holdsQuestionNumbers, questionNumbers } from './question-numbers.ts';
import type { QuoteCandidate } from './quote-candidates.ts';

const row = (text: string, matchText = text): QuoteCandidate => ({ n: 1, page: 1, pageRank: 0, text, matchText, source: text, kind: 'table-row', order: 0 });
const passages = [{ n: 1, titlePath: ['Stanley Cups Since 67'] }] as ContextPassage[];

describe('the numbers a question names, in the excerpts chosen to answer it', () => {
  it('reads numbers and ordinals, not years, pages or figures', () => {
    expect(questionNumbers('What was the corrosion rate at 12 g of inhibitor in 2019?', 'en')).toEqual([['12']]);
    expect(questionNumbers('What does Figure 12 on page 40 show?', 'en')).toEqual([]);
    expect(questionNumbers('Wanneer wordt de 45e AGM gehouden?', 'nl')[0]).toContain('45th');
  });

  it('finds them in a table row, its header and caption, or its section', () => {
    const rate = (grams: string) => row(`Inhibitor concentration (g): ${grams}; Corrosion rate (mm/year): 1.5054`);
    const twelve = questionNumbers('Wie hoch war die Korrosionsrate bei 12 g Inhibitor?', 'de');
    expect(holdsQuestionNumbers(rate('2'), passages, twelve)).toBe(false);
    expect(holdsQuestionNumbers(rate('12'), passages, twelve)).toBe(true);
    // A row of a table under "Stanley Cups Since 67" answers a question about the cups won since '67.
    const since = questionNumbers("How many Stanley Cups have the Maple Leafs won since '67?", 'en');
    expect(holdsQuestionNumbers(row('Team: Maple Leafs; Location: TOR; Stanley Cups: 0'), passages, since)).toBe(true);
    expect(holdsQuestionNumbers(row('Team: Maple Leafs; Location: TOR; Stanley Cups: 0'), [{ ...passages[0], titlePath: ['Stanley Cups'] }], since)).toBe(
      false,
    );
    // A sentence may answer without restating the number; a question without numbers asks nothing of them.
    expect(holdsQuestionNumbers({ ...rate('2'), kind: 'sentence' }, passages, twelve)).toBe(true);
    expect(holdsQuestionNumbers(rate('2'), passages, [])).toBe(true);
  });
});
