import { describe, expect, it } from 'vitest';
import { shortenedNumber } from './shortened-numbers.ts';

describe('shortenedNumber', () => {
  it('reads a round amount with its order of magnitude', () => {
    expect(shortenedNumber('40k')).toEqual({ amount: '40', value: 40_000 });
    expect(shortenedNumber('1.5m')).toEqual({ amount: '1.5', value: 1_500_000 });
    expect(shortenedNumber('2,5Mio')).toEqual({ amount: '2,5', value: 2_500_000 });
    expect(shortenedNumber('3bn')).toEqual({ amount: '3', value: 3_000_000_000 });
  });

  it('reads no other word, nor a bare m or b where metres or codes are as likely', () => {
    expect(shortenedNumber('40')).toBeUndefined();
    expect(shortenedNumber('10-K')).toBeUndefined();
    expect(shortenedNumber('1234k')).toBeUndefined();
    expect(shortenedNumber('5m', { bareLetters: false })).toBeUndefined();
    expect(shortenedNumber('2B', { bareLetters: false })).toBeUndefined();
    expect(shortenedNumber('40k', { bareLetters: false })).toEqual({ amount: '40', value: 40_000 });
  });
});
