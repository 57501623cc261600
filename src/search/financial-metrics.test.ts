import { describe, expect, it } from 'vitest';
import { financialStatementTerms } from './financial-metrics.ts';

describe('financialStatementTerms', () => {
  it('spells a ratio out as the statements and line items of its formula', () => {
    const inventory = financialStatementTerms('What is the FY2021 inventory turnover ratio for Acme?');
    expect(inventory).toContain('cost of sales');
    expect(inventory).toContain('consolidated balance sheets');
    expect(inventory).toContain('inventories');
    expect(financialStatementTerms('What is the cash_ratio in FY2021?')).toContain('total current liabilities');
    expect(financialStatementTerms('What is EBITDA for Acme in FY2021?')).toContain('depreciation and amortization');
    expect(financialStatementTerms('What was capex in 2019?')).toContain('purchases of property and equipment');
    expect(financialStatementTerms('What is the R&D to asset ratio?')).toContain('research and development');
  });

  it('adds nothing to a question that names no financial measure', () => {
    expect(financialStatementTerms('What is the revenue of Nike in 2021?')).toBe('');
    expect(financialStatementTerms('How many cats are on page 1?')).toBe('');
    expect(financialStatementTerms('What is the current state of the project?')).toBe('');
  });
});
