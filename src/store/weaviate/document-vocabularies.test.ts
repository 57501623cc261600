import { describe, expect, it } from 'vitest';
import { pagesHolding, parseUnitVocabulary, parseVocabulary } from './document-vocabularies.ts';

describe('parseVocabulary', () => {
  it('pairs each stored term with the pages holding it', () => {
    const vocabulary = parseVocabulary('harbour cargo pelican', '5 2 1');
    expect(vocabulary).toEqual({ terms: ['harbour', 'cargo', 'pelican'], pages: [5, 2, 1] });
    expect(pagesHolding(vocabulary)).toEqual(
      new Map([
        ['harbour', 5],
        ['cargo', 2],
        ['pelican', 1],
      ]),
    );
  });

  it('marks a version written without counts, or with counts that do not line up, as not counted', () => {
    const uncounted = { terms: ['harbour', 'cargo'], pages: undefined };
    expect(parseVocabulary('harbour cargo', undefined)).toEqual(uncounted);
    expect(parseVocabulary('harbour cargo', '5')).toEqual(uncounted);
    expect(parseVocabulary('harbour cargo', '5 x')).toEqual(uncounted);
    expect(parseVocabulary('harbour cargo', '')).toEqual(uncounted);
    expect(pagesHolding(parseVocabulary('harbour cargo', undefined))).toEqual(
      new Map([
        ['harbour', 0],
        ['cargo', 0],
      ]),
    );
  });

  it('counts a version without page terms as counted, whatever was stored', () => {
    expect(parseVocabulary('', '')).toEqual({ terms: [], pages: [] });
    expect(parseVocabulary(undefined, undefined)).toEqual({ terms: [], pages: [] });
  });
});

describe('parseUnitVocabulary', () => {
  it('reads the unit statistics a version stores, and treats any other shape as absent', () => {
    expect(parseUnitVocabulary(3, 40, 'harbour cargo', '3 1')).toEqual({ count: 3, length: 40, terms: ['harbour', 'cargo'], holding: [3, 1] });
    expect(parseUnitVocabulary(0, 0, '', '')).toEqual({ count: 0, length: 0, terms: [], holding: [] });
    expect(parseUnitVocabulary(undefined, undefined, undefined, undefined)).toBeUndefined();
    expect(parseUnitVocabulary(3, 40, 'harbour cargo', '3')).toBeUndefined();
    expect(parseUnitVocabulary(3, 40, 'harbour cargo', '4 1')).toBeUndefined();
    expect(parseUnitVocabulary(3, undefined, 'harbour', '1')).toBeUndefined();
  });
});
