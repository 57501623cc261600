import { describe, expect, it } from 'vitest';
import { contextPassage } from '../../test/support/answer/context-passage.ts';
import { chosenAnswer } from './chosen-answer.ts';
import { quoteCandidates } from './quote-candidates.ts';

/** Passage [n] of report.pdf: one page, ranked n - 1. */
const passage = (n: number, page: number, text: string) => contextPassage(n, [{ page, text, rank: n - 1 }]);

const passages = [
  passage(1, 3, 'Every employee receives 28 days of paid vacation per calendar year. The office opened in 1998 with 40 staff.'),
  passage(2, 7, 'Hotel costs are reimbursed up to 150 euros a night.'),
];
const candidates = quoteCandidates(passages);
const vacation = candidates.find(candidate => candidate.text.includes('28 days'))!;
const hotel = candidates.find(candidate => candidate.text.includes('150 euros'))!;

describe('chosenAnswer', () => {
  it('leads with the short answer, cited with the chosen quotes, then quotes them', () => {
    const reply = chosenAnswer({ quotes: [vacation], answer: '28 days of paid vacation.' }, passages, { language: 'en' });
    expect(reply.shortAnswer).toBe(true);
    expect(reply.text).toBe('28 days of paid vacation [1].\n\n“Every employee receives 28 days of paid vacation per calendar year.” [1]');
  });

  it('cites the chosen quotes that bear the short answer out and leaves out the others', () => {
    const reply = chosenAnswer({ quotes: [vacation, hotel], answer: '28 days' }, passages, { language: 'en' });
    expect(reply.text).toBe('28 days [1]\n\n“Every employee receives 28 days of paid vacation per calendar year.” [1]');
  });

  it('cites all the chosen quotes when only together they bear the short answer out', () => {
    const reply = chosenAnswer({ quotes: [vacation, hotel], answer: '28 days, and 150 euros a night' }, passages, { language: 'en' });
    expect(reply.text.split('\n')[0]).toBe('28 days, and 150 euros a night [1][2]');
    expect(reply.text).toContain('- “Hotel costs are reimbursed up to 150 euros a night.” [2]');
  });

  it('shows the quotes alone when the short answer states a number they do not hold, even one elsewhere on their page', () => {
    // 40 is on the same page, in another sentence: the model chose one quote and answered from another.
    const reply = chosenAnswer({ quotes: [vacation], answer: '40 days' }, passages, { language: 'en' });
    expect(reply).toEqual({ text: '“Every employee receives 28 days of paid vacation per calendar year.” [1]', shortAnswer: false });
  });

  it('cites the excerpt shown beside the chosen one that bears the short answer out, when the chosen one does not', () => {
    // A small model read "150 euros" from one excerpt and gave the number of another.
    const reply = chosenAnswer({ quotes: [vacation], answer: '150 euros a night' }, passages, { language: 'en', shown: [vacation, hotel] });
    expect(reply).toEqual({ text: '150 euros a night [2]\n\n“Hotel costs are reimbursed up to 150 euros a night.” [2]', shortAnswer: true });
    // Without the excerpts shown, nothing bears it out.
    expect(chosenAnswer({ quotes: [vacation], answer: '150 euros a night' }, passages, { language: 'en' }).shortAnswer).toBe(false);
  });

  it('shows the quotes alone when the short answer says something they do not', () => {
    const reply = chosenAnswer({ quotes: [hotel], answer: 'Paris is the capital of France' }, passages, { language: 'en' });
    expect(reply.shortAnswer).toBe(false);
  });

  it('takes a short answer in another language than the quotes only on their numbers or their words as written', () => {
    const english = [passage(1, 4, 'The program is led by Allison Crimmins of the U.S. Global Change Research Program in Washington.')];
    const [lead] = quoteCandidates(english);
    const asGerman = (answer: string) => chosenAnswer({ quotes: [lead!], answer }, english, { language: 'de' }).shortAnswer;
    expect(asGerman('Allison Crimmins')).toBe(true);
    expect(asGerman('Das Programm leitet Allison Crimmins.')).toBe(true);
    // A translation cannot be checked word by word, nor an invention: the quotes then answer alone.
    expect(asGerman('Klimawandel, Gesundheit, Umwelt, Gesellschaft')).toBe(false);
    expect(asGerman('Die Weltgesundheitsorganisation')).toBe(false);
    const numbers = [passage(1, 2, 'Heat waves raised hospital admissions by 12 percent in 2022.')];
    const [heat] = quoteCandidates(numbers);
    expect(chosenAnswer({ quotes: [heat!], answer: 'Um 12 Prozent' }, numbers, { language: 'de' }).shortAnswer).toBe(true);
    expect(chosenAnswer({ quotes: [heat!], answer: 'Um 15 Prozent' }, numbers, { language: 'de' }).shortAnswer).toBe(false);
    // A sentence says more than its numbers: its words are checked as written, like a claim without numbers.
    const sentence = 'Die Hitzewellen verlängerten 2022 die Wartezeiten der Notaufnahmen um 12 Prozent';
    expect(chosenAnswer({ quotes: [heat!], answer: sentence }, numbers, { language: 'de' }).shortAnswer).toBe(false);
  });

  it('follows the chosen quotes with the offline answer’s quotes they do not repeat', () => {
    const reply = chosenAnswer({ quotes: [hotel], answer: '150 euros a night' }, passages, { language: 'en', alsoQuoted: [vacation, hotel] });
    expect(reply.text).toBe(
      '150 euros a night [2]\n\n“Hotel costs are reimbursed up to 150 euros a night.” [2]\n\n- “Every employee receives 28 days of paid vacation per calendar year.” [1]',
    );
  });

  it('follows with the offline lead, and with its other quotes only from pages not quoted yet', () => {
    const carryOver = candidates.find(candidate => candidate.text.includes('1998'))!;
    // The offline answer leads with the hotel sentence and supports it with a second sentence of the vacation page.
    const reply = chosenAnswer({ quotes: [vacation], answer: '28 days' }, passages, { language: 'en', alsoQuoted: [hotel, carryOver] });
    expect(reply.text).toBe(
      '28 days [1]\n\n“Every employee receives 28 days of paid vacation per calendar year.” [1]\n\n- “Hotel costs are reimbursed up to 150 euros a night.” [2]',
    );
  });

  it('keeps a plain yes or no, which judges the quotes beneath it, and drops the model’s own markers', () => {
    expect(chosenAnswer({ quotes: [hotel], answer: 'Yes.' }, passages, { language: 'en' }).text).toMatch(/^Yes \[2\]\.\n\n“Hotel/u);
    expect(chosenAnswer({ quotes: [vacation], answer: '28 days [3]' }, passages, { language: 'en' }).text).toMatch(/^28 days \[1\]\n/u);
  });
});
