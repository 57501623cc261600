import type { RankedList, RankedPage } from './types.ts';

export interface RankPagesOptions {
  /** Reciprocal rank fusion constant (60). */
  k?: number;
  /** Share of the better neighbouring page's score added (answers that run across a page break). */
  neighbourWeight?: number;
  /**
   * Documents best first, for searches over many documents: every page of the document at rank r gets
   * documentWeight / (k + r), so pages of the document the question is about rise together.
   */
  documentRanking?: string[];
  documentWeight?: number;
  /** Documents' scores (RankedDocument.score): every page also gets documentScoreWeight × score / best / k. */
  documentScores?: ReadonlyMap<string, number>;
  documentScoreWeight?: number;
}

/**
 * Reciprocal rank fusion at page level: each list is read as a ranking of distinct (document, page)
 * pairs, a page taking the rank of its first unit in that list, so a list of many small units and a
 * list of whole pages count alike. A little of the better neighbour's score is then added.
 */
export function rankPages(lists: RankedList[], options: RankPagesOptions = {}): RankedPage[] {
  const k = options.k ?? 60;
  const neighbourWeight = options.neighbourWeight ?? 0;
  const pages = new Map<string, RankedPage>();
  for (const list of lists) {
    const weight = list.weight ?? 1;
    if (weight === 0) continue;
    let rank = 0;
    const seen = new Set<string>();
    for (const { unit } of list.hits) {
      const key = pageKey(unit.documentId, unit.page);
      if (seen.has(key)) continue;
      seen.add(key);
      rank += 1;
      const entry = pages.get(key) ?? { documentId: unit.documentId, documentName: unit.documentName, page: unit.page, score: 0 };
      entry.score += weight / (k + rank);
      pages.set(key, entry);
    }
  }
  const documentWeight = options.documentWeight ?? 1;
  const documentRanks = new Map((options.documentRanking ?? []).map((documentId, index) => [documentId, index + 1]));
  if (documentRanks.size > 1) {
    for (const entry of pages.values()) {
      const rank = documentRanks.get(entry.documentId);
      if (rank !== undefined) entry.score += documentWeight / (k + rank);
    }
  }
  const documentScores = options.documentScores;
  if (documentScores && documentScores.size > 1) {
    const best = Math.max(...documentScores.values()) || 1;
    const weight = options.documentScoreWeight ?? 0;
    for (const entry of pages.values()) entry.score += (weight * (documentScores.get(entry.documentId) ?? 0)) / best / k;
  }
  const own = new Map([...pages].map(([key, entry]) => [key, entry.score]));
  const ranked = [...pages.values()].map(entry => {
    const neighbour = Math.max(own.get(pageKey(entry.documentId, entry.page - 1)) ?? 0, own.get(pageKey(entry.documentId, entry.page + 1)) ?? 0);
    return { ...entry, score: entry.score + neighbourWeight * neighbour };
  });
  return ranked.sort(
    (a, b) =>
      (Math.abs(b.score - a.score) > 1e-12 ? b.score - a.score : 0) || (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : a.page - b.page),
  );
}

function pageKey(documentId: string, page: number): string {
  return `${documentId}\n${page}`;
}
