import { describe, expect, it } from 'vitest';
import { restatesQuestion } from './restated-question.ts';

describe('restatesQuestion', () => {
  it('finds short answers made of the question’s own words, in any form of them', () => {
    expect(restatesQuestion('green', 'What is the word written in the green box on page 17?', 'en')).toBe(true);
    expect(restatesQuestion('chart', 'What types of charts are in the document?', 'en')).toBe(true);
    expect(restatesQuestion('2004', 'Welchen Wert hat Series 1 im Diagramm für das Jahr 2004?', 'de')).toBe(true);
    expect(restatesQuestion('Commission: Commission', 'Quelle est la commission de l’agence sur ce bon de réservation ?', 'fr')).toBe(true);
  });

  it('keeps answers that add a word, answers the question offers, and answers of function words alone', () => {
    expect(restatesQuestion('Start new search', 'What is the word written in the orange box on page 17?', 'en')).toBe(false);
    expect(restatesQuestion('Clinton', 'Among Clinton, G.W. Bush and Obama, whose support rate was highest?', 'en')).toBe(false);
    expect(restatesQuestion('yes', "Does Section 3.3 cite more papers than Section 3.1? Answer 'yes' or 'no'.", 'en')).toBe(false);
    expect(restatesQuestion('Jan', 'Welcher Monat ist früher, Jan oder Feb?', 'de')).toBe(false);
    expect(restatesQuestion('Ja', 'Is Sectie 2 langer dan sectie 3 of niet?', 'nl')).toBe(false);
    expect(restatesQuestion('the', 'What is the title?', 'en')).toBe(false);
  });
});
