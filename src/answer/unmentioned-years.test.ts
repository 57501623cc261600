import { describe, expect, it } from 'vitest';
import { unmentionedYears } from './unmentioned-years.ts';

describe('unmentionedYears', () => {
  const mentioned = new Set(['2016', '2018']);
  const mentions = (year: string) => mentioned.has(year);

  it('lists the years a question names that the documents never state, once each, in question order', () => {
    expect(unmentionedYears(['What changed from 2016 to 2024?', 'And in 2024 and 1999?'], mentions)).toEqual(['2024', '1999']);
    expect(unmentionedYears(['What changed between 2016 and 2018?'], mentions)).toEqual([]);
  });

  it('does not read amounts, decimals or other numbers as years', () => {
    expect(unmentionedYears(['Is revenue above $2,024 or 2024.5 units, or 20245 items, or 3000 staff?'], mentions)).toEqual([]);
    expect(unmentionedYears(['What was planned for fiscal 2030-31?'], mentions)).toEqual(['2030']);
  });
});
