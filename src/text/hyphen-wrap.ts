/**
 * Whether `text` ends a line in a hyphen right after a letter or digit and `next` goes on with a letter
 * or digit: a compound or code wrapped after its own hyphen ("49e168b7-" / "d2ae-407f", "Engels-" /
 * "Nederlandse", "COVID-" / "19"), which reads whole again without a space.
 */
export function wrapsAfterOwnHyphen(text: string, next: string): boolean {
  return /[\p{L}\p{N}]-\s*$/u.test(text) && /^\s*[\p{L}\p{N}]/u.test(next);
}
