/**
 * Financial ratios and measures named in a question, spelt out as the statements and line items their
 * textbook formulas read: "inventory turnover" is cost of sales over inventories, so the pages that
 * answer it are the income statement and the balance sheet, where neither word "turnover" nor "ratio"
 * appears. Keyword search cannot make that step; a glossary can, for any filing.
 */

const balanceSheet = 'consolidated balance sheets';
const incomeStatement = 'consolidated statements of income operations';
const cashFlows = 'consolidated statements of cash flows';

/** Measure (as a pattern over the question) → the statements and line items its formula uses. */
const measures: Array<{ pattern: RegExp; terms: string }> = [
  { pattern: /\binventor(?:y|ies)\s+turnover\b/iu, terms: `${incomeStatement} cost of sales ${balanceSheet} inventories` },
  {
    pattern: /\breceivables?\s+turnover\b|\bdays\s+sales\s+outstanding\b|\bDSO\b/u,
    terms: `${incomeStatement} revenues net sales ${balanceSheet} accounts receivable`,
  },
  { pattern: /\bpayables?\s+turnover\b|\bdays\s+payables?\b/iu, terms: `${incomeStatement} cost of sales ${balanceSheet} accounts payable` },
  {
    pattern: /\bcash\s+conversion\s+cycle\b/iu,
    terms: `${incomeStatement} revenues cost of sales ${balanceSheet} inventories accounts receivable accounts payable`,
  },
  {
    pattern: /\b(?:current|quick|cash)[\s_]+ratio\b|\bacid[\s-]+test\b|\bworking\s+capital\b/iu,
    terms: `${balanceSheet} cash and equivalents short-term investments accounts receivable total current assets total current liabilities`,
  },
  { pattern: /\bfixed\s+asset\s+turnover\b/iu, terms: `${incomeStatement} revenues ${balanceSheet} property plant and equipment` },
  {
    pattern: /\b(?:total\s+)?asset\s+turnover\b|\breturn\s+on\s+(?:total\s+)?assets\b|\bROA\b|\bto\s+(?:total\s+)?assets?\s+ratio\b/iu,
    terms: `${incomeStatement} revenues net income ${balanceSheet} total assets`,
  },
  {
    pattern: /\breturn\s+on\s+(?:shareholders'?|stockholders'?\s+)?equity\b|\bROE\b|\bto\s+(?:stockholders'?\s+|shareholders'?\s+)?equity\s+ratio\b/iu,
    terms: `${incomeStatement} revenues net income ${balanceSheet} total shareholders stockholders equity`,
  },
  {
    pattern: /\bdebt[\s-]+to[\s-]+equity\b|\bto\s+(?:total\s+)?debt\s+ratio\b|\bleverage\s+ratio\b/iu,
    terms: `${balanceSheet} long-term debt total shareholders stockholders equity ${cashFlows} cash provided by operating activities`,
  },
  { pattern: /\bEBITDA\b|\bEBIT\b/u, terms: `${incomeStatement} operating income ${cashFlows} depreciation and amortization` },
  { pattern: /\binterest\s+coverage\b|\btimes\s+interest\s+earned\b/iu, terms: `${incomeStatement} operating income interest expense` },
  {
    pattern: /\b(?:gross|operating|net|profit)\s+(?:profit\s+)?margin\b/iu,
    terms: `${incomeStatement} revenues cost of sales gross profit operating income net income`,
  },
  {
    pattern: /\bcapex\b|\bcapital\s+expenditures?\b|\bfree\s+cash\s+flow\b/iu,
    terms: `${cashFlows} purchases of property and equipment cash provided by operating activities`,
  },
  {
    pattern: /\boperating\s+cash\s+flow\s+ratio\b|\bcash\s+flow\s+to\b/iu,
    terms: `${cashFlows} cash provided by operating activities ${balanceSheet} total current liabilities`,
  },
  { pattern: /\bdividend\s+payout\b/iu, terms: `${cashFlows} dividends paid ${incomeStatement} net income` },
  { pattern: /\bR&D\b/u, terms: `${incomeStatement} research and development` },
  { pattern: /\bSG&A\b/u, terms: `${incomeStatement} selling general and administrative` },
  { pattern: /\bPP&E\b/u, terms: `${balanceSheet} property plant and equipment` },
  {
    pattern: /\bsales\s+to\s+(?:working\s+capital|stockholders?'?\s+equity|equity)\b/iu,
    terms: `${incomeStatement} revenues ${balanceSheet} total current assets total current liabilities stockholders equity`,
  },
];

/** The statements and line items behind the measures a question names; empty when it names none. */
export function financialStatementTerms(question: string): string {
  return measures
    .filter(measure => measure.pattern.test(question))
    .map(measure => measure.terms)
    .join(' ');
}
