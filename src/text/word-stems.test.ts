import { describe, expect, it } from 'vitest';
import { wordMatcher } from './word-stems.ts';

describe('wordMatcher', () => {
  it('stems with the Snowball stemmer of the language, lower case and without diacritics', () => {
    const german = wordMatcher('de');
    expect(german.stem('Farben')).toBe('farb');
    expect(german.stem('Farbe')).toBe(german.stem('Farben'));
    expect(german.stem('Straße')).toBe('strass');
    expect(german.stem('Über')).toBe('uber');

    const english = wordMatcher('en');
    expect(english.stem('employees')).toBe('employe');
    expect(english.stem('Employee')).toBe(english.stem('employees'));

    const dutch = wordMatcher('nl');
    expect(dutch.stem('werknemers')).toBe('werknemer');
    expect(dutch.stem('werknemer')).toBe(dutch.stem('werknemers'));
  });

  it('folds diacritics after stemming', () => {
    expect(wordMatcher('fr').stem('élève')).toBe('elev');
    expect(wordMatcher('fr').stem('Réseaux')).toBe('reseau');
    expect(wordMatcher('es').stem('canción')).toBe('cancion');
  });

  it('falls back to English for a language without a stemmer', () => {
    expect(wordMatcher('xx').stem('employees')).toBe('employe');
  });

  it('keeps numbers whole', () => {
    const english = wordMatcher('en');
    expect(english.stem('83,700')).toBe('83,700');
    expect(english.stem('2023')).toBe('2023');
    expect(english.stem('12.50')).toBe('12.50');
    expect(english.stem('COVID19s')).toBe('covid19s');
  });

  it('matches equal stems in every language', () => {
    for (const language of ['en', 'de', 'fr']) {
      const matcher = wordMatcher(language);
      expect(matcher.matches(matcher.stem('flags'), matcher.stem('flags'))).toBe(true);
      expect(matcher.matches('flag', 'flat')).toBe(false);
    }
  });

  it('matches the head or modifier of a compound only in compounding languages', () => {
    const german = wordMatcher('de');
    const flag = german.stem('Flagge');
    expect(german.matches(flag, german.stem('Bundesflagge'))).toBe(true);
    expect(german.matches(german.stem('Bundesflagge'), flag)).toBe(true);
    expect(german.matches(german.stem('Bundes'), german.stem('Bundesflagge'))).toBe(true);
    const dutch = wordMatcher('nl');
    expect(dutch.matches(dutch.stem('bijdrage'), dutch.stem('werknemersbijdrage'))).toBe(true);

    const english = wordMatcher('en');
    expect(english.matches(english.stem('Flagge'), english.stem('Bundesflagge'))).toBe(false);
    expect(english.matches(english.stem('ball'), english.stem('baseball'))).toBe(false);
  });

  it('does not match a part in the middle of a compound', () => {
    const german = wordMatcher('de');
    expect(german.matches('flagg', 'bundesflaggenmast')).toBe(false);
  });

  it('does not match parts shorter than four characters', () => {
    const german = wordMatcher('de');
    expect(german.stem('Rat')).toBe('rat');
    expect(german.matches(german.stem('Rat'), german.stem('Rathaus'))).toBe(false);
    expect(german.matches(german.stem('Haus'), german.stem('Rathaus'))).toBe(true);
  });

  it('never matches numbers by parts', () => {
    const german = wordMatcher('de');
    expect(german.matches('2023', '20234')).toBe(false);
    expect(german.matches('1000', '10001000')).toBe(false);
    expect(german.matches('2023', '2023')).toBe(true);
  });
});
