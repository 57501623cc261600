/**
 * The rarest of `terms` while the rows they occur in add up to at most `budget`; the rarest one always.
 * A full-text query scores every row holding any of its terms, so this bounds what a candidate query
 * costs while keeping the terms that weigh most in BM25.
 */
export function rarestWithin(terms: string[], frequency: (term: string) => number, budget: number): Set<string> {
  const chosen = new Set<string>();
  let rows = 0;
  for (const term of [...terms].sort((a, b) => frequency(a) - frequency(b))) {
    if (chosen.size > 0 && rows + frequency(term) > budget) break;
    chosen.add(term);
    rows += frequency(term);
  }
  return chosen;
}
