import { describe, expect, it } from 'vitest';
import { withinEdits } from './edit-distance.ts';

describe('withinEdits', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(withinEdits('neflix', 'netflix', 1)).toBe(true);
    expect(withinEdits('netfilx', 'netflix', 1)).toBe(true);
    expect(withinEdits('americen', 'american', 1)).toBe(true);
    expect(withinEdits('netflix', 'netflix', 0)).toBe(true);
  });

  it('says no beyond the limit', () => {
    expect(withinEdits('japanese', 'japan', 1)).toBe(false);
    expect(withinEdits('abcdef', 'abxyef', 1)).toBe(false);
    expect(withinEdits('abcdef', 'abxyef', 2)).toBe(true);
    expect(withinEdits('abc', 'xyz', 2)).toBe(false);
  });
});
