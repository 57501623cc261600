import { describe, expect, it } from 'vitest';
import { namedYears } from './unmentioned-years.ts';

describe('namedYears', () => {
  it('lists the years the questions name, once each, in question order, fiscal years included', () => {
    expect(namedYears(['What changed from 2016 to 2024?', 'And in 2024 and 1999, or FY2021?'])).toEqual(['2016', '2024', '1999', '2021']);
  });

  it('does not read amounts, decimals or other numbers as years', () => {
    expect(namedYears(['Is revenue above $2,024 or 2024.5 units, or 20245 items, or 3000 staff?'])).toEqual([]);
    expect(namedYears(['What was planned for fiscal 2030-31?'])).toEqual(['2030']);
  });
});
