/**
 * What a cell's text looks like, for telling financial columns (numbers, currency, percentages,
 * parenthesised negatives, dashes for nil) from prose.
 */
export type CellKind = 'empty' | 'numeric' | 'symbol' | 'text';

const symbolOnly = /^[$€£¥%()]+$/;
const dashOnly = /^[-‐‒–—−]+$/;
const notApplicable = /^(n\/?a|n\/?m|nil|nm)$/i;
/**
 * Signs, currency, brackets, percent and footnote marks around a number; removed before the digits are
 * checked. "!" too: fonts whose dollar sign maps to it ("Net income ! 24,160", Apple's statements) are
 * common enough.
 */
const decoration = /[\s$€£¥()[\]%*†‡+\-−–!]/g;
const unitSuffix = /(?:x|bps|pts|pp|p\.p\.|bn|mn|m|k)$/i;
const currencyPrefix = /^(?:US|USD|EUR|RMB)/;
const plainNumber = /^(?:\d{1,3}(?:[,.\u00a0]\d{3})+|\d+)(?:[.,]\d+)?$/;
/** A score or a ratio, "11 / 14", "7/9": one slash between two numbers (a date has two). */
const ratio = /^\d+(?:[.,]\d+)?\/\d+(?:[.,]\d+)?$/;

export function classifyCellText(text: string): CellKind {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (symbolOnly.test(trimmed)) return 'symbol';
  if (dashOnly.test(trimmed) || notApplicable.test(trimmed)) return 'numeric';
  // Cheap exits first: most segments on a page are prose, and the decoration patterns below are not free.
  if (trimmed.length > 32 || !/\d/.test(trimmed)) return 'text';
  const core = trimmed.replace(decoration, '').replace(currencyPrefix, '').replace(unitSuffix, '');
  return plainNumber.test(core) || ratio.test(core) ? 'numeric' : 'text';
}

/** Quick test used to skip pages that cannot hold a numeric table. */
export function looksNumeric(text: string): boolean {
  return classifyCellText(text) === 'numeric';
}
