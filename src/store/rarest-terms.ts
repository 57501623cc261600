/**
 * The rarest of `terms` while what querying them costs adds up to at most `budget`; the rarest one
 * always. A full-text query scores every row holding any of its terms, so this bounds what a candidate
 * query costs while keeping the terms that weigh most in BM25. A term's cost is the rows it occurs in
 * unless `cost` says otherwise (a phrase walks the rows of its words, not only those holding it); a
 * term costing more than what is left is passed over for rarer-costing ones after it.
 */
export function rarestWithin(terms: string[], frequency: (term: string) => number, budget: number, cost: (term: string) => number = frequency): Set<string> {
  const chosen = new Set<string>();
  let spent = 0;
  for (const term of [...terms].sort((a, b) => frequency(a) - frequency(b))) {
    if (chosen.size > 0 && spent + cost(term) > budget) continue;
    chosen.add(term);
    spent += cost(term);
  }
  return chosen;
}
