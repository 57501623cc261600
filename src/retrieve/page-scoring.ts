import type { IndexUnit } from '../index/types.ts';
import type { PageNameLookup } from './page-numbering.ts';

/**
 * BM25 over the page index's posting lists. A search walks the lists of its terms only, so its cost
 * follows the pages that contain a query term, not the number of pages in scope.
 */

export interface IndexedPage {
  page: number;
  /** Index in its document's `pages`. */
  position: number;
  length: number;
  /** Stands for the page in unit-level lists: its first unit in document order. */
  unit: IndexUnit;
  /** The page's search terms in reading order, for proximity and feedback. */
  tokens: string[];
}

export interface IndexedDocument {
  documentId: string;
  space: string;
  pages: IndexedPage[];
  /** Page lengths in terms, by page index (read in the scoring loop). */
  pageLengths: Float64Array;
  /** For each term (word or word pair), the pages containing it: page index and term frequency, interleaved. */
  postings: Map<string, number[]>;
  totalLength: number;
  /** What the pages are called besides their position: printed numbers and PDF page labels. */
  pageNames: PageNameLookup;
  /** Figure and table captions ("figure 5") → the pages they are on. */
  captions: ReadonlyMap<string, number[]>;
}

export interface ScopeStatistics {
  scope: IndexedDocument[];
  pageCount: number;
  averageLength: number;
  /**
   * Pages per word summed over whole spaces, when the scope is whole spaces: one lookup instead of one
   * per document (feedback asks for hundreds of words).
   */
  spaceWordFrequencies?: Array<Map<string, number>>;
  /** Inverse document frequencies already computed for this search. */
  inverseFrequencies: Map<string, number>;
}

export function scopeStatistics(
  scope: IndexedDocument[],
  pageCount: number,
  averageLength: number,
  spaceWordFrequencies?: Array<Map<string, number>>,
): ScopeStatistics {
  return { scope, pageCount, averageLength, spaceWordFrequencies, inverseFrequencies: new Map() };
}

export function inverseFrequency(term: string, statistics: ScopeStatistics): number {
  const known = statistics.inverseFrequencies.get(term);
  if (known !== undefined) return known;
  let frequency = 0;
  if (statistics.spaceWordFrequencies && !term.includes(' ')) {
    for (const frequencies of statistics.spaceWordFrequencies) frequency += frequencies.get(term) ?? 0;
  } else {
    for (const document of statistics.scope) frequency += (document.postings.get(term)?.length ?? 0) / 2;
  }
  const inverse = Math.log(1 + (statistics.pageCount - frequency + 0.5) / (frequency + 0.5));
  statistics.inverseFrequencies.set(term, inverse);
  return inverse;
}

export interface ScoredPage {
  page: IndexedPage;
  score: number;
}

/**
 * The best `limit` pages by BM25 (k1, b), only among `only` when given. Per page, terms are added in
 * the query's order, so scores are exactly those of a scan over every page.
 */
export function scorePages(
  termWeights: Map<string, number>,
  statistics: ScopeStatistics,
  options: { k1?: number; b?: number },
  limit: number,
  only?: Set<IndexedPage>,
): ScoredPage[] {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const inverse = [...termWeights].map(([term, weight]) => [term, weight * inverseFrequency(term, statistics)] as const);
  const candidates = only ? positionsByDocument(only) : undefined;
  const scored: Array<{ document: IndexedDocument; scores: Float64Array }> = [];
  for (const document of statistics.scope) {
    const positions = candidates?.get(document.documentId);
    if (candidates && !positions) continue;
    let scores: Float64Array | undefined;
    let lengthNorms: Float64Array | undefined;
    for (const [term, idf] of inverse) {
      const postings = document.postings.get(term);
      if (!postings) continue;
      scores ??= new Float64Array(document.pages.length);
      // k1 × (1 − b + b × length / average) per page, once per search: the same value the formula gives.
      lengthNorms ??= document.pageLengths.map(length => k1 * (1 - b + (b * length) / statistics.averageLength));
      if (positions) {
        // A few candidates: look each up in the (page-ordered) list rather than walk it.
        for (const position of positions) {
          const entry = findEntry(postings, position);
          if (entry >= 0) scores[position] += (idf * postings[entry + 1] * (k1 + 1)) / (postings[entry + 1] + lengthNorms[position]);
        }
      } else {
        for (let entry = 0; entry < postings.length; entry += 2) {
          const frequency = postings[entry + 1];
          scores[postings[entry]] += (idf * frequency * (k1 + 1)) / (frequency + lengthNorms[postings[entry]]);
        }
      }
    }
    if (scores) scored.push({ document, scores });
  }
  return topPages(scored, limit);
}

function positionsByDocument(pages: Set<IndexedPage>): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  for (const page of pages) positions.set(page.unit.documentId, [...(positions.get(page.unit.documentId) ?? []), page.position]);
  return positions;
}

/** Binary search of a posting list (page index, frequency pairs in page order): the entry's offset, or -1. */
function findEntry(postings: number[], pageIndex: number): number {
  let low = 0;
  let high = postings.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = postings[middle * 2];
    if (found === pageIndex) return middle * 2;
    if (found < pageIndex) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The first `limit` pages by score (ties: smaller unit id), creating hits only for the few that can win. */
function topPages(scored: Array<{ document: IndexedDocument; scores: Float64Array }>, limit: number): ScoredPage[] {
  if (limit <= 0) return [];
  const positive: number[] = [];
  for (const { scores } of scored) for (const score of scores) if (score > 0) positive.push(score);
  // Every page scoring at least the limit-th best score, then an exact sort of those few.
  const threshold = positive.length > limit ? kthLargest(Float64Array.from(positive), limit) : Number.MIN_VALUE;
  const hits: ScoredPage[] = [];
  for (const { document, scores } of scored) {
    for (let index = 0; index < scores.length; index++) {
      if (scores[index] > 0 && scores[index] >= threshold) hits.push({ page: document.pages[index], score: scores[index] });
    }
  }
  return hits.sort((a, b) => b.score - a.score || (a.page.unit.id < b.page.unit.id ? -1 : 1)).slice(0, limit);
}

/** Quickselect (Hoare partition, descending): the `rank`-th largest value, 1-based; reorders `values`. */
function kthLargest(values: Float64Array, rank: number): number {
  let low = 0;
  let high = values.length - 1;
  const wanted = rank - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let left = low;
    let right = high;
    while (left <= right) {
      while (values[left] > pivot) left++;
      while (values[right] < pivot) right--;
      if (left <= right) {
        const swap = values[left];
        values[left] = values[right];
        values[right] = swap;
        left++;
        right--;
      }
    }
    if (wanted <= right) high = right;
    else if (wanted >= left) low = left;
    else break;
  }
  return values[wanted];
}
