import { describe, expect, it } from 'vitest';
import { searchTerms } from './search-terms.ts';

describe('searchTerms', () => {
  it('drops function words of the languages teams write in, keeping words that are nouns in another', () => {
    expect(searchTerms('Wie viele Mitarbeiter werden dieses Jahr eingestellt?')).toEqual(['mitarbeiter', 'jahr', 'eingestellt']);
    expect(searchTerms('How many people wear a hat?')).toEqual(['people', 'wear', 'hat']);
  });

  it('keeps a function word written as an acronym among other words, not in a run of capitals', () => {
    expect(searchTerms('Waar staat NOS voor?', 'nl')).toEqual(['nos']);
    expect(searchTerms('What is the IT budget?')).toEqual(['it', 'budget']);
    expect(searchTerms('Wer unterschrieb das Vorwort der WHO-Leitlinie?', 'de')).toEqual(['unterschrieb', 'vorwort', 'who', 'leitlini']);
    expect(searchTerms('ABOUT US')).toEqual([]);
    expect(searchTerms('Who is it for? It is for us.')).toEqual([]);
  });

  it('stems German as German, so a plural meets its singular, and English lightly', () => {
    expect(searchTerms('Die Prüfsummen der Dateien', 'de')).toEqual(searchTerms('die Prüfsumme einer Datei', 'de'));
    expect(searchTerms('Die Prüfsummen der Dateien', 'de')).toEqual(['prufsumm', 'datei']);
    expect(searchTerms('The countries growing', 'en')).toEqual(['countri', 'grow']);
    // A language without a stemmer of its own is trimmed by the English rules.
    expect(searchTerms('The countries growing', 'ja')).toEqual(['countri', 'grow']);
  });
});
