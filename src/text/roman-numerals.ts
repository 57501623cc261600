/** Well-formed roman numerals only (not "iiii", "vx"), so words like "dim" or "mild" are not numbers. */
const wellFormed = /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** True for a well-formed roman numeral in either case ("XIV", "xiv"); the empty string is none. */
export function isRomanNumeral(text: string): boolean {
  return text !== '' && wellFormed.test(text.toLowerCase());
}

/** The value of a well-formed roman numeral ("xiv" → 14), either case. */
export function romanValue(numeral: string): number {
  const lower = numeral.toLowerCase();
  let total = 0;
  for (let index = 0; index < lower.length; index++) {
    const value = values[lower[index]];
    const next = values[lower[index + 1]] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}
