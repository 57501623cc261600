import { describe, expect, it } from 'vitest';
import { cjkBigrams, containsCjk } from './cjk-bigrams.ts';

describe('cjkBigrams', () => {
  it('splits each CJK run into overlapping bigrams and ignores other scripts', () => {
    expect(cjkBigrams('東京都の人口 is large')).toBe('東京 京都 都の の人 人口');
    expect(cjkBigrams('서울 and 東')).toBe('서울 東');
    expect(cjkBigrams('plain English')).toBe('');
  });

  it('makes a two-character query word one of the stored text’s bigrams', () => {
    expect(cjkBigrams('東京都の人口は約1400万人です').split(' ')).toContain(cjkBigrams('東京'));
  });

  it('detects CJK text, and detecting does not disturb the next split', () => {
    expect(containsCjk('東京都')).toBe(true);
    expect(cjkBigrams('東京都')).toBe('東京 京都');
    expect(containsCjk('Report 倉庫')).toBe(true);
    expect(containsCjk('Café résumé')).toBe(false);
  });
});
