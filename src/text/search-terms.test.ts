import { describe, expect, it } from 'vitest';
import { searchTerms } from './search-terms.ts';

describe('searchTerms', () => {
  it('drops function words of the languages teams write in, keeping words that are nouns in another', () => {
    expect(searchTerms('Wie viele Mitarbeiter werden dieses Jahr eingestellt?')).toEqual(['mitarbeiter', 'jahr', 'eingestellt']);
    expect(searchTerms('How many people wear a hat?')).toEqual(['people', 'wear', 'hat']);
  });
});
