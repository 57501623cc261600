import { describe, expect, it } from 'vitest';
import { containsCjk, toCjkQuery, toWordQuery } from './fts-query.ts';

describe('toWordQuery', () => {
  it('quotes every word and ORs them, dropping FTS syntax characters', () => {
    expect(toWordQuery('pallets per hour')).toBe('"pallets" OR "per" OR "hour"');
    expect(toWordQuery('"pall*" -x AND NEAR(a b) title_path:y ^z')).toBe('"pall" OR "x" OR "AND" OR "NEAR" OR "a" OR "b" OR "title" OR "path" OR "y" OR "z"');
  });

  it('keeps accented words whole (the tokenizer folds them) and drops repeats', () => {
    expect(toWordQuery('Café café résumé')).toBe('"Café" OR "café" OR "résumé"');
  });

  it('returns null when nothing searchable is left', () => {
    for (const text of ['', '  ', '?!', '"" () :^ * -', '„“ — …']) expect(toWordQuery(text)).toBeNull();
  });

  it('caps very long queries', () => {
    const query = toWordQuery(Array.from({ length: 500 }, (_, index) => `w${index}`).join(' '))!;
    expect(query.split(' OR ')).toHaveLength(48);
  });
});

describe('toCjkQuery', () => {
  it('cuts CJK runs into overlapping trigrams and keeps other words of 3+ characters', () => {
    expect(containsCjk('東京都の人口')).toBe(true);
    expect(containsCjk('Tokyo')).toBe(false);
    expect(toCjkQuery('東京都の人口 Tokyo')).toEqual({
      trigramQuery: '"東京都" OR "京都の" OR "都の人" OR "の人口" OR "Tokyo"',
      shortTerms: [],
    });
  });

  it('falls back to short terms when no trigram can be formed', () => {
    expect(toCjkQuery('東京?')).toEqual({ trigramQuery: null, shortTerms: ['東京'] });
    expect(toCjkQuery('人口 of')).toEqual({ trigramQuery: null, shortTerms: ['人口', 'of'] });
  });
});
