import type { UnitHit } from '../store/types.ts';
import { foldWord } from '../text/stopwords.ts';

/**
 * Lists computed from the lexical candidates rather than asked of the store: they re-rank the same
 * units by another signal, so fusion can reward units that several signals agree on.
 */

/** Units sharing a page pool their evidence: a page whose several units match beats one lucky unit. */
export function pageList(lists: UnitHit[][], options: { sumWeight: number }): UnitHit[] {
  const pages = new Map<string, { best: UnitHit; max: number; sum: number }>();
  for (const hits of lists) {
    const top = hits[0]?.score ?? 0;
    if (top <= 0) continue;
    for (const hit of hits) {
      const normalized = hit.score / top;
      const key = `${hit.unit.documentId}\n${hit.unit.page}`;
      const entry = pages.get(key) ?? { best: hit, max: 0, sum: 0 };
      if (normalized > entry.max) {
        entry.max = normalized;
        entry.best = hit;
      }
      entry.sum += normalized;
      pages.set(key, entry);
    }
  }
  return [...pages.values()]
    .map(entry => ({ unit: entry.best.unit, score: entry.max + options.sumWeight * (entry.sum - entry.max) }))
    .sort((a, b) => b.score - a.score || compareIds(a, b));
}

/**
 * Candidates ranked by how much of the query their title path (section headings, table and figure
 * captions) covers, each word weighted by how rare it is among the candidates' titles.
 */
export function titleList(candidates: UnitHit[], queryWords: string[]): UnitHit[] {
  const words = [...new Set(queryWords.map(foldWord))];
  if (words.length === 0) return [];
  const titleWords = new Map<string, Set<string>>();
  for (const { unit } of candidates) {
    if (!titleWords.has(unit.id)) titleWords.set(unit.id, new Set(wordsOf(unit.titlePath.join(' '))));
  }
  const frequency = new Map(words.map(word => [word, [...titleWords.values()].filter(set => set.has(word)).length]));
  const total = titleWords.size;
  const seen = new Set<string>();
  const scored: UnitHit[] = [];
  for (const hit of candidates) {
    if (seen.has(hit.unit.id)) continue;
    seen.add(hit.unit.id);
    const set = titleWords.get(hit.unit.id)!;
    let score = 0;
    for (const word of words) if (set.has(word)) score += Math.log(1 + total / frequency.get(word)!);
    if (score > 0) scored.push({ unit: hit.unit, score });
  }
  return scored.sort((a, b) => b.score - a.score || compareIds(a, b));
}

export interface RankedDocument {
  documentId: string;
  /** Best page scores' share of the best document's, plus coverageWeight × coverage's share of the best coverage. */
  score: number;
}

/**
 * For searches over many documents: documents ranked by the summed scores of their best few pages
 * (one strong page plus supporting ones), each as a share of the best document's; with `coverage`
 * (PageIndex.documentCoverage), plus `coverageWeight` × its share of the best. Questions are usually
 * about one document; this keeps a stray page of another from winning.
 */
export function rankDocuments(
  pageHits: UnitHit[],
  options: { topPages: number; coverage?: ReadonlyMap<string, number>; coverageWeight?: number },
): RankedDocument[] {
  const scores = new Map<string, number[]>();
  for (const hit of pageHits) scores.set(hit.unit.documentId, [...(scores.get(hit.unit.documentId) ?? []), hit.score]);
  const pageScores = new Map([...scores].map(([documentId, list]) => [documentId, list.slice(0, options.topPages).reduce((sum, score) => sum + score, 0)]));
  const bestPages = Math.max(0, ...pageScores.values()) || 1;
  const coverage = options.coverage ?? new Map<string, number>();
  const bestCoverage = Math.max(0, ...coverage.values()) || 1;
  const weight = options.coverageWeight ?? 0;
  return [...pageScores.keys()]
    .map(documentId => ({ documentId, score: pageScores.get(documentId)! / bestPages + (weight * (coverage.get(documentId) ?? 0)) / bestCoverage }))
    .sort((a, b) => b.score - a.score || (a.documentId < b.documentId ? -1 : 1));
}

function wordsOf(text: string): string[] {
  return (foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter(word => word.length > 1 || /\d/u.test(word));
}

function compareIds(a: UnitHit, b: UnitHit): number {
  return a.unit.id < b.unit.id ? -1 : a.unit.id > b.unit.id ? 1 : 0;
}
