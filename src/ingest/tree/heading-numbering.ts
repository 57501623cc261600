import { isRomanNumeral } from '../../text/roman-numerals.ts';

/**
 * Section numbering at the start of a heading: "3", "3.2", "3.2.1", "A.", "A.1", "IV.", "Chapter 4",
 * "Section 2.1", "Appendix B". Depth is how deep the number nests (1 for "3", 2 for "3.2").
 */
export interface HeadingNumber {
  /** The numbering as written, without trailing punctuation: "3.2", "IV", "A.1". */
  label: string;
  /** 1 for "3" or "IV", 2 for "3.2" or "A.1". */
  depth: number;
  style: 'decimal' | 'roman' | 'letter' | 'word';
}

const wordPrefix = /^(chapter|part|section|appendix|annex|article|schedule|item)\s+([0-9]+[A-Z]?(?:\.[0-9A-Z]+)*|[IVXLC]+|[A-Z])\b[.:]?\s*/i;
const decimal = /^([0-9]{1,3}(?:\.[0-9]{1,3}){0,5})(\.|\)|\s|:)\s*(?=\S)/;
const letterDecimal = /^([A-Z](?:\.[0-9]{1,3}){1,4})\.?\s+(?=\S)/;
const roman = /^([IVXLC]{1,6})[.)]\s+(?=\S)/;
const letter = /^([A-Z])[.)]\s+(?=\S)/;

export function parseHeadingNumber(title: string): HeadingNumber | null {
  const text = title.trim();
  const word = wordPrefix.exec(text);
  if (word) return { label: `${word[1]} ${word[2]}`, depth: word[2].split('.').length, style: 'word' };
  const decimalMatch = decimal.exec(text);
  if (decimalMatch) {
    const label = decimalMatch[1];
    // "2023 Annual Report" or "10 000 units" are not section numbers.
    if (!label.includes('.') && Number(label) > 60) return null;
    return { label, depth: label.split('.').length, style: 'decimal' };
  }
  const letterDecimalMatch = letterDecimal.exec(text);
  if (letterDecimalMatch) return { label: letterDecimalMatch[1], depth: letterDecimalMatch[1].split('.').length, style: 'letter' };
  const romanMatch = roman.exec(text);
  if (romanMatch && isRomanNumeral(romanMatch[1])) return { label: romanMatch[1], depth: 1, style: 'roman' };
  const letterMatch = letter.exec(text);
  if (letterMatch) return { label: letterMatch[1], depth: 1, style: 'letter' };
  return null;
}
