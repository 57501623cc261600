/**
 * Whether two words are at most `maxEdits` apart: insertions, deletions, substitutions and swaps of
 * two neighbouring letters each count one ("Neflix" → "netflix", "Netfilx" → "netflix"). Stops as soon
 * as every alignment is over the limit, so comparing a word with a whole vocabulary stays cheap.
 */
export function withinEdits(a: string, b: string, maxEdits: number): boolean {
  if (Math.abs(a.length - b.length) > maxEdits) return false;
  if (a === b) return true;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1);
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > maxEdits) return false;
    before = previous;
    previous = current;
  }
  return previous[b.length] <= maxEdits;
}
