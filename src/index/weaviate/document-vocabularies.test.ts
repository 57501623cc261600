import { describe, expect, it } from 'vitest';
import { pagesHolding, parseVocabulary } from './document-vocabularies.ts';

describe('parseVocabulary', () => {
  it('pairs each stored term with the pages holding it', () => {
    const vocabulary = parseVocabulary('harbour cargo pelican', '5 2 1');
    expect(vocabulary).toEqual({ terms: ['harbour', 'cargo', 'pelican'], pages: [5, 2, 1] });
    expect(pagesHolding(vocabulary)).toEqual(new Map([['harbour', 5], ['cargo', 2], ['pelican', 1]]));
  });

  it('marks a version written without counts, or with counts that do not line up, as not counted', () => {
    const uncounted = { terms: ['harbour', 'cargo'], pages: undefined };
    expect(parseVocabulary('harbour cargo', undefined)).toEqual(uncounted);
    expect(parseVocabulary('harbour cargo', '5')).toEqual(uncounted);
    expect(parseVocabulary('harbour cargo', '5 x')).toEqual(uncounted);
    expect(parseVocabulary('harbour cargo', '')).toEqual(uncounted);
    expect(pagesHolding(parseVocabulary('harbour cargo', undefined))).toEqual(new Map([['harbour', 0], ['cargo', 0]]));
  });

  it('counts a version without page terms as counted, whatever was stored', () => {
    expect(parseVocabulary('', '')).toEqual({ terms: [], pages: [] });
    expect(parseVocabulary(undefined, undefined)).toEqual({ terms: [], pages: [] });
  });
});
