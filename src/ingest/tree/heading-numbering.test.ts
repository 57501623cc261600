import { describe, expect, it } from 'vitest';
import { parseHeadingNumber } from './heading-numbering.ts';

describe('parseHeadingNumber', () => {
  it.each([
    ['3 Results', { label: '3', depth: 1, style: 'decimal' }],
    ['3.2 Tables', { label: '3.2', depth: 2, style: 'decimal' }],
    ['3.2.1. Ruled tables', { label: '3.2.1', depth: 3, style: 'decimal' }],
    ['IV. Discussion', { label: 'IV', depth: 1, style: 'roman' }],
    ['A. Proofs', { label: 'A', depth: 1, style: 'letter' }],
    ['B.2 More proofs', { label: 'B.2', depth: 2, style: 'letter' }],
    ['Chapter 4 Trees', { label: 'Chapter 4', depth: 1, style: 'word' }],
    ['Item 7. Management’s Discussion', { label: 'Item 7', depth: 1, style: 'word' }],
  ])('reads %s', (title, expected) => {
    expect(parseHeadingNumber(title)).toEqual(expected);
  });

  it.each(['2023 Annual Report', 'Introduction', 'MIX. of words', '100 ways to win', '3'])('finds no numbering in %s', title => {
    expect(parseHeadingNumber(title)).toBeNull();
  });
});
