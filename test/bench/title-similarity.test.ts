import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities, normalizeTitle } from '../../bench/lib/normalize-title.ts';
import { titleMatchThreshold, titleSimilarity, titlesMatch } from '../../bench/lib/title-similarity.ts';

describe('normalizeTitle', () => {
  it.each([
    ['1 Introduction', 'introduction'],
    ['1.2.3. Related Work', 'related work'],
    ['IV. RESULTS', 'results'],
    ['A. Overview of Regulation Best Interest', 'overview of regulation best interest'],
    ['(3) Tables and figures', 'tables and figures'],
    ['Chapter 2: Methods', 'methods'],
    ['Time-to-fill / Candidate   Quality', 'time to fill candidate quality'],
    ['Plan &amp; Align Workforce', 'plan align workforce'],
  ])('normalizes %j to %j', (title, expected) => {
    expect(normalizeTitle(title)).toBe(expected);
  });

  it('leaves words that only look like numbering alone', () => {
    expect(normalizeTitle('I think therefore')).toBe('i think therefore');
    expect(normalizeTitle('A note on tables')).toBe('a note on tables');
  });

  it('keeps a title that is only a number', () => {
    expect(normalizeTitle('1')).toBe('1');
    expect(normalizeTitle('  5. ')).toBe('5');
    expect(normalizeTitle('II. Results', { keepNumbering: true })).toBe('ii results');
  });

  it('keeps letters of non-Latin scripts', () => {
    expect(normalizeTitle('(1) 「감염병의 예방」 개정')).toBe('감염병의 예방 개정');
    expect(normalizeTitle('-3 پذيرش در بورس')).toBe('پذيرش در بورس');
  });
});

describe('decodeHtmlEntities', () => {
  it('decodes named and numeric entities and leaves unknown ones', () => {
    expect(decodeHtmlEntities('R&amp;D &lt;b&gt; &#39;x&#x27; &bogus;')).toBe("R&D <b> 'x' &bogus;");
  });
});

describe('titleSimilarity', () => {
  it('scores equal titles 1 despite numbering, case and punctuation', () => {
    expect(titleSimilarity('II.   INTRODUCTION', 'Introduction')).toBe(1);
  });

  it('matches a heading glued to extra words when the shorter one is at least 4 characters', () => {
    const score = titleSimilarity('5.2 Quantitative Results', 'Quantitative Results on PubTabNet');
    expect(score).toBeGreaterThanOrEqual(titleMatchThreshold);
    expect(score).toBeLessThan(1);
  });

  it('does not treat a short or mid-word fragment as containment', () => {
    expect(titlesMatch('RAG', 'RAG pipelines in practice')).toBe(false);
    expect(titlesMatch('Form', 'Formula')).toBe(false);
  });

  it('forgives a one-letter extraction slip but not a different section number', () => {
    expect(titlesMatch('Report on Pagelndex', 'Report on PageIndex')).toBe(true);
    expect(titlesMatch('Query 1', 'Query 2')).toBe(false);
    expect(titlesMatch('Case Study 1 - Mafin2.5', 'Case Study 2 - PageIndex vs GPT5.1')).toBe(false);
  });

  it('accepts reordered or nearly identical token sets and rejects unrelated titles', () => {
    expect(titlesMatch('Methods and Data', 'Data and Methods')).toBe(true);
    expect(titlesMatch('Monetary Policy', 'Financial Stability')).toBe(false);
    expect(titleSimilarity('', 'Anything')).toBe(0);
  });

  it('matches a section number printed after the title with one printed before it', () => {
    expect(titlesMatch('문제점 3', '3 문제점')).toBe(true);
    expect(titlesMatch('Query 3', '4 Query')).toBe(false);
  });

  it('is symmetric', () => {
    const pairs: Array<[string, string]> = [
      ['Hire Workforce', 'Time-to-fill / Candidate Quality'],
      ['Report on Pagelndex', 'Report on PageIndex'],
      ['Results', '5.2 Quantitative Results'],
    ];
    for (const [left, right] of pairs) expect(titleSimilarity(left, right)).toBe(titleSimilarity(right, left));
  });
});
