import { describe, expect, it } from 'vitest';
import { pagesHolding, parseUnitVocabulary, parseVocabulary } from './document-vocabularies.ts';

describe('parseVocabulary', () => {
  it('pairs each stored term with the pages holding it', () => {
    const vocabulary = parseVocabulary('harbour cargo pelican', '5 2 1')!;
    expect(vocabulary).toEqual({ terms: ['harbour', 'cargo', 'pelican'], pages: [5, 2, 1] });
    expect(pagesHolding({ ...vocabulary, units: { count: 0, length: 0, terms: [], holding: [] } })).toEqual(
      new Map([
        ['harbour', 5],
        ['cargo', 2],
        ['pelican', 1],
      ]),
    );
  });

  it('reads no vocabulary from counts this Folio never writes: absent, or not lining up with the terms', () => {
    expect(parseVocabulary('harbour cargo', undefined)).toBeUndefined();
    expect(parseVocabulary('harbour cargo', '5')).toBeUndefined();
    expect(parseVocabulary('harbour cargo', '5 x')).toBeUndefined();
    expect(parseVocabulary('harbour cargo', '')).toBeUndefined();
  });

  it('reads a version without page terms as having none, whatever was stored', () => {
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
