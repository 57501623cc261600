import type { FusedHit, RankedList } from './types.ts';

export interface FuseOptions {
  /** Damps the advantage of top ranks; 60 in the original paper (Cormack et al., 2009). */
  k?: number;
}

/**
 * Reciprocal rank fusion: score = Σ weight / (k + rank), rank 1-based within each list. A unit that
 * appears twice in one list counts once, at its best rank. Ties go to the unit with the better best
 * rank, then to the one more lists agree on, then to the smaller unit id, so results never depend on
 * input order.
 */
export function fuseRankings(lists: RankedList[], options: FuseOptions = {}): FusedHit[] {
  const k = options.k ?? 60;
  const fused = new Map<string, FusedHit & { bestRank: number }>();
  for (const list of lists) {
    const weight = list.weight ?? 1;
    if (weight === 0) continue;
    const seen = new Set<string>();
    list.hits.forEach((hit, index) => {
      if (seen.has(hit.unit.id)) return;
      seen.add(hit.unit.id);
      const rank = index + 1;
      const score = weight / (k + rank);
      const entry = fused.get(hit.unit.id) ?? { unit: hit.unit, score: 0, contributions: [], bestRank: Infinity };
      entry.score += score;
      entry.contributions.push({ list: list.name, rank, score });
      entry.bestRank = Math.min(entry.bestRank, rank);
      fused.set(hit.unit.id, entry);
    });
  }
  return [...fused.values()]
    .sort(
      (a, b) =>
        // Sums of the same terms added in another order may differ in the last bits; that is a tie.
        (Math.abs(b.score - a.score) > 1e-12 ? b.score - a.score : 0) ||
        a.bestRank - b.bestRank ||
        b.contributions.length - a.contributions.length ||
        (a.unit.id < b.unit.id ? -1 : a.unit.id > b.unit.id ? 1 : 0),
    )
    .map(({ bestRank: _bestRank, ...hit }) => hit);
}
