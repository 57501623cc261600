import { commonShare, frequentWordLimit } from './frequent-words.ts';
import { rarestWithin } from './rarest-terms.ts';

/**
 * A query of frequent words only is ranked over the rarest two. A full-text index scores every unit
 * holding either (FTS5's OR has no early exit), so a query past this many units costs more than the
 * rest of the search: then only units holding both of the rarest two words in at most half of all
 * units are ranked; with fewer than two such words (the rest BM25 weighs ~0), the query gets no word
 * hits, nor does a one-word query of such a word. The whole-page and vector lists still rank such a
 * question.
 */
export const costlyFallbackUnits = 10_000;
/**
 * Of the words kept, the rarest are queried while the units they occur in add up to at most this many
 * per hit asked for: the index scores every unit holding any of them, and the rarest carry the most weight.
 */
export const unitsPerHit = 20;

/** The words a unit search asks; `all` when the units must hold every one of them. */
export interface UnitQueryWords {
  tokens: string[];
  all: boolean;
}

/**
 * Which of a query's words (wordTokens, as written) a unit search asks, from how many units hold each
 * (`units`) out of `totalUnits`: words found in too many units are left out (frequent-words.ts), then
 * the rarest of the rest are kept while the units holding them add up to at most `unitBudget`
 * (Infinity: a search of named documents only scores their units, so index-wide counts say nothing of
 * its cost). Both stores choose by this, from counts of the same units.
 */
export function unitQueryWords(tokens: string[], units: (token: string) => number, totalUnits: number, unitBudget: number): UnitQueryWords {
  if (tokens.length === 0) return { tokens, all: false };
  // A lone word is searched however frequent, unless it is in over half of a large index's units.
  const searchedAlone = (count: number) => !(count > costlyFallbackUnits && count > totalUnits * commonShare);
  if (tokens.length === 1) return { tokens: searchedAlone(units(tokens[0])) ? tokens : [], all: false };
  // A word no unit holds matches nothing: it must not stand in for the frequent words it would leave out.
  const kept = tokens.filter(token => units(token) > 0 && units(token) <= frequentWordLimit(totalUnits));
  if (kept.length > 0) {
    const chosen = rarestWithin(kept, units, unitBudget);
    return { tokens: kept.filter(token => chosen.has(token)), all: false };
  }
  const rarest = tokens
    .map(token => ({ token, count: units(token) }))
    .filter(entry => entry.count > 0)
    .sort((left, right) => left.count - right.count);
  if (rarest.length < 2) return { tokens: rarest.filter(entry => searchedAlone(entry.count)).map(entry => entry.token), all: false };
  const two = rarest.slice(0, 2);
  if (two[0].count + two[1].count <= costlyFallbackUnits) return { tokens: two.map(entry => entry.token), all: false };
  const uncommon = rarest.filter(entry => entry.count <= totalUnits * commonShare);
  // One such word alone would rank tens of thousands of units by a weight near nothing: no word hits.
  return uncommon.length >= 2 ? { tokens: uncommon.slice(0, 2).map(entry => entry.token), all: true } : { tokens: [], all: false };
}
