import { describe, expect, it } from 'vitest';
import { parsePageReference } from './page-reference.ts';

describe('parsePageReference', () => {
  it('reads arabic, roman and chapter-page numbers in their own order', () => {
    expect(parsePageReference('12')).toEqual({ style: 'arabic', order: 12 });
    expect(parsePageReference('xiv')).toEqual({ style: 'roman', order: 14 });
    expect(parsePageReference('IX')).toEqual({ style: 'roman', order: 9 });
    expect(parsePageReference('2-15')!.order).toBeLessThan(parsePageReference('3-1')!.order);
    expect(parsePageReference('A-3')!.style).toBe('chapter');
  });

  it('refuses words, mixed-case numerals, amounts and page 0', () => {
    for (const text of ['dim', 'Mix', 'Revenue', '1,234', '12.5', '0', '12345', 'iiii']) expect(parsePageReference(text)).toBeUndefined();
  });
});
