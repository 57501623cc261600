import { describe, expect, it } from 'vitest';
import { classifyCellText } from './cell-kind.ts';

describe('classifyCellText', () => {
  it.each([
    '1,234',
    '(1,234)',
    '$ 24,690',
    '$(138)',
    '12.5%',
    '(7) %',
    '—',
    '-',
    'n/a',
    'nm',
    '3.2x',
    '0.79',
    '2024',
    '1 234 567',
    '11 / 14',
    '7/9',
    '! 24,160',
  ])('reads %s as numeric', text => expect(classifyCellText(text)).toBe('numeric'));

  it.each(['Revenue', 'Q1', 'FY2024 results', '12/31/2024', 'ResNet-50', 'Note 5'])('reads %s as text', text => expect(classifyCellText(text)).toBe('text'));

  it('tells lone currency and percent signs from values, and blank from both', () => {
    expect(classifyCellText('$')).toBe('symbol');
    expect(classifyCellText('%')).toBe('symbol');
    expect(classifyCellText('   ')).toBe('empty');
  });
});
