import { kthLargest } from '../index/kth-largest.ts';
import type { IndexUnit } from '../index/types.ts';
import type { PageNameLookup } from './page-numbering.ts';
import type { PostingLists } from './posting-lists.ts';

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
  /** For each term (word or word pair), the pages containing it: page index and term frequency. */
  postings: PostingLists;
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
  /** Pages in scope containing each term (as far as computed): how long its posting lists are in all. */
  frequencies: Map<string, number>;
}

export function scopeStatistics(
  scope: IndexedDocument[],
  pageCount: number,
  averageLength: number,
  spaceWordFrequencies?: Array<Map<string, number>>,
): ScopeStatistics {
  return { scope, pageCount, averageLength, spaceWordFrequencies, inverseFrequencies: new Map(), frequencies: new Map() };
}

/** BM25's idf of a term found in `frequency` of `count` items (pages, or documents for document coverage). */
export function bm25Idf(count: number, frequency: number): number {
  return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
}

export function inverseFrequency(term: string, statistics: ScopeStatistics): number {
  const known = statistics.inverseFrequencies.get(term);
  if (known !== undefined) return known;
  let frequency = 0;
  if (statistics.spaceWordFrequencies && !term.includes(' ')) {
    for (const frequencies of statistics.spaceWordFrequencies) frequency += frequencies.get(term) ?? 0;
  } else {
    for (const document of statistics.scope) frequency += document.postings.pageCount(term);
  }
  const inverse = bm25Idf(statistics.pageCount, frequency);
  statistics.inverseFrequencies.set(term, inverse);
  statistics.frequencies.set(term, frequency);
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
  if (only) return scoreCandidates(inverse, statistics, k1, b, limit, positionsByDocument(only));
  if (k1 < 0 || inverse.some(([, idf]) => !(idf >= 0))) return scoreCandidates(inverse, statistics, k1, b, limit);
  return scoreCandidates(inverse, statistics, k1, b, limit, candidatePages(inverse, statistics, k1, b, limit));
}

/**
 * Pages that can be among the best `limit` (MaxScore pruning): terms are walked rarest first (by their
 * most a page can get from them, idf × (k1 + 1)), adding up partial scores; once the terms left could
 * not lift an untouched page to the `limit`-th best partial score, their (long, low-idf) lists are not
 * walked. A page stays a candidate while its partial score plus what is left can reach that score.
 * The partial sums are added in another order than the query's; they only choose, `scoreCandidates`
 * gives the exact scores.
 */
function candidatePages(
  inverse: ReadonlyArray<readonly [string, number]>,
  statistics: ScopeStatistics,
  k1: number,
  b: number,
  limit: number,
): Map<string, number[]> {
  const order = inverse.map(([term, idf]) => ({ term, bound: idf * (k1 + 1), frequency: statistics.frequencies.get(term) ?? 0 }))
    // A term of weight 0 adds nothing to any page (and would break the first-touch test below).
    .filter(entry => entry.frequency > 0 && entry.bound > 0);
  order.sort((left, right) => right.bound - left.bound);
  // Pages of the scope numbered one after the other: document i's pages start at bases[i].
  const bases = new Int32Array(statistics.scope.length + 1);
  statistics.scope.forEach((document, index) => (bases[index + 1] = bases[index] + document.pages.length));
  // Buffers kept between searches: 100k-page arrays allocated per search are large objects, and
  // their garbage made V8 mark the page index's big heap every few questions.
  const { partial, touched: touchedPages } = scratch.reserve(bases[statistics.scope.length]);
  let touchedCount = 0;
  let left = order.reduce((sum, entry) => sum + entry.bound, 0);
  let leftPostings = order.reduce((sum, entry) => sum + entry.frequency, 0);
  let threshold = 0;
  for (const { term, bound, frequency } of order) {
    // Choosing the threshold costs about one pass over the touched pages: worth it when more is left to walk.
    if (touchedCount >= limit && leftPostings > touchedCount) {
      const touched = touchedPages.subarray(0, touchedCount);
      threshold = limitthLargest(partial, touched, limit);
      // Stopping pays when the pages still in the running, each scored exactly by a binary search per
      // term, cost less than walking the lists left.
      if (left < threshold * (1 - 1e-9) && countAtLeast(partial, touched, threshold - left) * inverse.length * 8 < leftPostings) break;
    }
    const idf = bound / (k1 + 1);
    statistics.scope.forEach((document, documentIndex) => {
      const offset = document.postings.offset(term);
      if (offset < 0) return;
      const postings = document.postings.data;
      const base = bases[documentIndex];
      const norms = lengthNorms(document, k1, b, statistics.averageLength);
      const end = offset + 1 + 2 * postings[offset];
      for (let entry = offset + 1; entry < end; entry += 2) {
        const position = postings[entry];
        const frequency = postings[entry + 1];
        if (partial[base + position] === 0) touchedPages[touchedCount++] = base + position;
        partial[base + position] += (idf * frequency * (k1 + 1)) / (frequency + norms[position]);
      }
    });
    left -= bound;
    leftPostings -= frequency;
  }
  const touched = touchedPages.subarray(0, touchedCount);
  threshold = touched.length >= limit ? limitthLargest(partial, touched, limit) : 0;
  // Rounding: partial sums may differ from the exact ones in the last bits; keep a little more.
  const floor = threshold * (1 - 1e-9) - Math.max(left, 0) - 1e-12;
  const candidates = new Map<string, number[]>();
  for (const index of touched) {
    if (partial[index] < floor) continue;
    const documentIndex = documentAt(bases, index);
    const { documentId } = statistics.scope[documentIndex];
    const positions = candidates.get(documentId);
    if (positions) positions.push(index - bases[documentIndex]);
    else candidates.set(documentId, [index - bases[documentIndex]]);
  }
  return candidates;
}

/** Work buffers of `candidatePages`, grown as needed (a search is synchronous: one user at a time). */
const scratch = {
  partialScores: new Float64Array(0),
  touchedPages: new Int32Array(0),
  selection: new Float64Array(0),
  reserve(pages: number): { partial: Float64Array; touched: Int32Array } {
    if (this.partialScores.length < pages) {
      this.partialScores = new Float64Array(pages);
      this.touchedPages = new Int32Array(pages);
    }
    // Zeroing 100k doubles is a memset (well under a millisecond).
    this.partialScores.fill(0, 0, pages);
    return { partial: this.partialScores, touched: this.touchedPages };
  },
  values(count: number): Float64Array {
    if (this.selection.length < count) this.selection = new Float64Array(count);
    return this.selection.subarray(0, count);
  },
};

/** The document holding page `index` of the numbering (binary search of the first pages). */
function documentAt(bases: Int32Array, index: number): number {
  let low = 0;
  let high = bases.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (bases[middle] <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}

function countAtLeast(partial: Float64Array, touched: Int32Array, floor: number): number {
  let count = 0;
  for (const index of touched) if (partial[index] >= floor) count++;
  return count;
}

/** The `limit`-th largest partial score among the touched pages. */
function limitthLargest(partial: Float64Array, touched: Int32Array, limit: number): number {
  const values = scratch.values(touched.length);
  for (let index = 0; index < touched.length; index++) values[index] = partial[touched[index]];
  return kthLargest(values, limit);
}

/** k1 × (1 − b + b × length / average) per page: kept per document while k1, b and the scope's average length stay. */
const lengthNormCache = new WeakMap<IndexedDocument, { k1: number; b: number; averageLength: number; norms: Float64Array }>();

function lengthNorms(document: IndexedDocument, k1: number, b: number, averageLength: number): Float64Array {
  const cached = lengthNormCache.get(document);
  if (cached && cached.k1 === k1 && cached.b === b && cached.averageLength === averageLength) return cached.norms;
  const norms = document.pageLengths.map(length => k1 * (1 - b + (b * length) / averageLength));
  lengthNormCache.set(document, { k1, b, averageLength, norms });
  return norms;
}

/**
 * Exact BM25 of the scope's pages (only `candidates`, by document and page index, when given): per page,
 * terms added in the query's order.
 */
function scoreCandidates(
  inverse: ReadonlyArray<readonly [string, number]>,
  statistics: ScopeStatistics,
  k1: number,
  b: number,
  limit: number,
  candidates?: Map<string, number[]>,
): ScoredPage[] {
  const scored: Array<{ document: IndexedDocument; scores: Float64Array }> = [];
  for (const document of statistics.scope) {
    const positions = candidates?.get(document.documentId);
    if (candidates && !positions) continue;
    let scores: Float64Array | undefined;
    let norms: Float64Array | undefined;
    for (const [term, idf] of inverse) {
      const offset = document.postings.offset(term);
      if (offset < 0) continue;
      const postings = document.postings.data;
      scores ??= new Float64Array(document.pages.length);
      norms ??= lengthNorms(document, k1, b, statistics.averageLength);
      if (positions) {
        // A few candidates: look each up in the (page-ordered) list rather than walk it.
        for (const position of positions) {
          const entry = document.postings.find(offset, position);
          if (entry >= 0) scores[position] += (idf * postings[entry + 1] * (k1 + 1)) / (postings[entry + 1] + norms[position]);
        }
      } else {
        const end = offset + 1 + 2 * postings[offset];
        for (let entry = offset + 1; entry < end; entry += 2) {
          const frequency = postings[entry + 1];
          scores[postings[entry]] += (idf * frequency * (k1 + 1)) / (frequency + norms[postings[entry]]);
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
