/** What a letter after a round amount multiplies it by, as chat writes them ("40k", "1.5m", "3bn", "2Mio"). */
const multipliers: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, mio: 1e6, b: 1e9, bn: 1e9, mrd: 1e9 };

const shortened = /^(\d{1,3}(?:[.,]\d{1,2})?)(k|m|mn|mio|b|bn|mrd)$/iu;

/**
 * A round amount written with its order of magnitude: "40k" is 40 thousands (40000), "1,5 Mio" 1.5
 * millions. Undefined for any other word. A bare "m" or "b" may as well be metres or a code ("5m",
 * "2B"): callers that cannot keep the word as written too leave them out (`bareLetters: false`).
 */
export function shortenedNumber(word: string, options: { bareLetters?: boolean } = {}): { amount: string; value: number } | undefined {
  const match = word.match(shortened);
  if (!match) return undefined;
  const suffix = match[2].toLowerCase();
  if (options.bareLetters === false && suffix.length === 1 && suffix !== 'k') return undefined;
  return { amount: match[1], value: Math.round(Number(match[1].replace(',', '.')) * multipliers[suffix]) };
}
