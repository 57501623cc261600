import type { IndexUnit, UnitHit } from '../index/types.ts';
import { captionKeys, type CaptionKey } from './caption-references.ts';
import { withinEdits } from './edit-distance.ts';
import { pageNameLookup, type PageNumbering } from './page-numbering.ts';
import { searchTerms } from './search-terms.ts';
import { bm25Idf, inverseFrequency, scopeStatistics, scorePages, type IndexedDocument, type IndexedPage, type ScopeStatistics } from './page-scoring.ts';
import { PostingLists } from './posting-lists.ts';

/**
 * Whole pages as BM25 documents (k1 1.2, b 0.75): every unit of a page, with its title path, as one
 * text. Complements the store's node × page units, which are often a few lines long and let one
 * matching word win; a page carries the question's other words too. Statistics are combined at query
 * time over the documents in scope, so one index serves per-document and whole-space searches.
 */
export class PageIndex {
  private readonly documents = new Map<string, IndexedDocument & { version: string }>();
  /** Per space, how many pages contain each word (not pairs): whole-space idf in one lookup. */
  private readonly spaceWordFrequencies = new Map<string, Map<string, number>>();
  /** Per space, how many documents contain each word, and how many documents there are. */
  private readonly spaceDocumentFrequencies = new Map<string, Map<string, number>>();
  private readonly spaceDocumentCounts = new Map<string, number>();
  /**
   * Results of recent searches, dropped whenever a document changes: a question's planner and its search
   * (and repeated keyword variants) ask the same thing, and a 100k-page search costs tens of ms.
   */
  private readonly recent = new Map<string, UnitHit[]>();
  private static readonly recentLimit = 64;

  has(documentId: string, version: string): boolean {
    return this.documents.get(documentId)?.version === version;
  }

  /** Replaces a document's pages; `version` (e.g. its sha256) lets callers skip unchanged documents. */
  addDocument(space: string, documentId: string, version: string, units: IndexUnit[], numbering?: PageNumbering): void {
    const byPage = new Map<number, IndexUnit[]>();
    for (const unit of units) byPage.set(unit.page, [...(byPage.get(unit.page) ?? []), unit]);
    const pages: IndexedPage[] = [];
    const postings = new Map<string, number[]>();
    // One string per distinct word of the document: the pages' token lists (kept for proximity and
    // feedback) would otherwise hold a string object per token, ~10M at 100k pages, for every major
    // GC to mark.
    const distinct = new Map<string, string>();
    const shared = (token: string) => {
      const known = distinct.get(token);
      if (known !== undefined) return known;
      distinct.set(token, token);
      return token;
    };
    let totalLength = 0;
    const captions = new Map<string, number[]>();
    for (const [page, pageUnits] of [...byPage].sort(([a], [b]) => a - b)) {
      for (const key of new Set(pageUnits.flatMap(unit => captionKeys(unit.text, unit.titlePath.at(-1))))) captions.set(key, [...(captions.get(key) ?? []), page]);
      const titles = [...new Set(pageUnits.map(unit => unit.titlePath.join(' ')))];
      const tokens = searchTerms([...titles, ...pageUnits.map(unit => unit.text)].join('\n')).map(shared);
      for (const [term, frequency] of termFrequencies([...tokens, ...pairs(tokens)])) {
        const list = postings.get(term);
        if (list) list.push(pages.length, frequency);
        else postings.set(term, [pages.length, frequency]);
      }
      totalLength += tokens.length;
      pages.push({ page, position: pages.length, length: tokens.length, unit: pageUnits[0], tokens });
    }
    this.removeDocument(documentId);
    this.recent.clear();
    const pageLengths = Float64Array.from(pages, page => page.length);
    const lists = PostingLists.from(postings);
    this.documents.set(documentId, { documentId, space, version, pages, pageLengths, postings: lists, totalLength, pageNames: pageNameLookup(numbering), captions });
    this.countWords(space, lists, 1);
  }

  /** Ids of the documents held for one space. */
  documentIds(space: string): string[] {
    return [...this.documents.values()].filter(document => document.space === space).map(document => document.documentId);
  }

  /** The unit standing for a page (its first), or undefined when the page has no text. */
  pageUnit(documentId: string, page: number): IndexUnit | undefined {
    return this.findPage(documentId, page)?.unit;
  }

  /** Physical pages that print `name` as their number or carry it as their PDF page label (case-insensitive). */
  pagesNamed(documentId: string, name: string): number[] {
    return [...(this.documents.get(documentId)?.pageNames.get(name.toLowerCase()) ?? [])];
  }

  /** Pages carrying the caption of a figure or table ("figure 5"), in page order. */
  pagesCaptioned(documentId: string, key: CaptionKey): number[] {
    return [...(this.documents.get(documentId)?.captions.get(key) ?? [])];
  }

  /**
   * Candidates re-ranked by how close together the query's words occur: the best window of `window`
   * tokens, scored by the idf of the distinct query words inside it. Bounded by the candidates given.
   */
  proximity(text: string, candidates: UnitHit[], options: { window: number }): UnitHit[] {
    const terms = [...new Set(searchTerms(text))];
    if (terms.length < 2) return [];
    const scope = [...new Set(candidates.map(hit => hit.unit.documentId))].flatMap(id => this.documents.get(id) ?? []);
    const pageCount = scope.reduce((sum, document) => sum + document.pages.length, 0);
    const statistics = scopeStatistics(scope, pageCount, 1);
    const idf = new Map(terms.map(term => [term, inverseFrequency(term, statistics)]));
    const scored = candidates.flatMap(hit => {
      const page = this.findPage(hit.unit.documentId, hit.unit.page);
      if (!page) return [];
      const score = bestWindow(page.tokens, idf, options.window);
      return score > 0 ? [{ unit: hit.unit, score }] : [];
    });
    return scored.sort((a, b) => b.score - a.score || (a.unit.id < b.unit.id ? -1 : 1));
  }

  /** Whether any page of the document holds `word` (as a search term: folded and stemmed). */
  documentMentions(documentId: string, word: string): boolean {
    const document = this.documents.get(documentId);
    const [term] = searchTerms(word);
    return document !== undefined && term !== undefined && document.postings.pageCount(term) > 0;
  }

  /**
   * Whether any page of the document holds `term`, given as the index keeps it: a search term
   * (`searchTerms`: folded, stemmed) or two adjacent ones joined by a space ("annual report").
   */
  documentHolds(documentId: string, term: string): boolean {
    return (this.documents.get(documentId)?.postings.pageCount(term) ?? 0) > 0;
  }

  /** Whether the document holds a word (a search term) at most `maxEdits` edits from `term` (a misspelt name). */
  documentHoldsLike(documentId: string, term: string, maxEdits: number): boolean {
    const document = this.documents.get(documentId);
    if (!document) return false;
    for (const [held] of document.postings.pageCounts()) {
      if (Math.abs(held.length - term.length) <= maxEdits && !held.includes(' ') && withinEdits(term, held, maxEdits)) return true;
    }
    return false;
  }

  /** The highest page with text. */
  lastPage(documentId: string): number {
    return this.documents.get(documentId)?.pages.at(-1)?.page ?? 0;
  }

  private findPage(documentId: string, page: number): IndexedPage | undefined {
    const pages = this.documents.get(documentId)?.pages ?? [];
    // Pages are sorted and mostly dense: the page number is a good first guess of the index.
    const guess = pages[page - 1];
    return guess?.page === page ? guess : pages.find(candidate => candidate.page === page);
  }

  removeDocument(documentId: string): void {
    const document = this.documents.get(documentId);
    if (!document) return;
    this.countWords(document.space, document.postings, -1);
    this.documents.delete(documentId);
    this.recent.clear();
  }

  private countWords(space: string, postings: PostingLists, sign: 1 | -1): void {
    const frequencies = this.spaceWordFrequencies.get(space) ?? new Map<string, number>();
    this.spaceWordFrequencies.set(space, frequencies);
    const documentFrequencies = this.spaceDocumentFrequencies.get(space) ?? new Map<string, number>();
    this.spaceDocumentFrequencies.set(space, documentFrequencies);
    this.spaceDocumentCounts.set(space, (this.spaceDocumentCounts.get(space) ?? 0) + sign);
    for (const [term, pages] of postings.pageCounts()) {
      if (term.includes(' ')) continue;
      const count = (frequencies.get(term) ?? 0) + sign * pages;
      if (count > 0) frequencies.set(term, count);
      else frequencies.delete(term);
      const documents = (documentFrequencies.get(term) ?? 0) + sign;
      if (documents > 0) documentFrequencies.set(term, documents);
      else documentFrequencies.delete(term);
    }
  }

  /**
   * How much of the query each document contains anywhere: the summed document-level idf (over the
   * documents of `spaces`) of the query words it holds, for the given documents only. A word in few
   * documents names its document ("Netflix", a product, a method's name) even when it is on every one
   * of its pages, where page-level idf makes it weigh little.
   */
  documentCoverage(text: string, documentIds: string[], spaces: string[]): Map<string, number> {
    const terms = [...new Set(searchTerms(text))];
    const spaceSet = [...new Set(spaces)];
    const documentCount = spaceSet.reduce((sum, space) => sum + (this.spaceDocumentCounts.get(space) ?? 0), 0);
    const idf = terms.map(term => {
      const frequency = spaceSet.reduce((sum, space) => sum + (this.spaceDocumentFrequencies.get(space)?.get(term) ?? 0), 0);
      return [term, bm25Idf(documentCount, frequency)] as const;
    });
    const coverage = new Map<string, number>();
    for (const documentId of documentIds) {
      const document = this.documents.get(documentId);
      if (!document || !spaceSet.includes(document.space)) continue;
      coverage.set(documentId, idf.reduce((sum, [term, weight]) => sum + (document.postings.pageCount(term) > 0 ? weight : 0), 0));
    }
    return coverage;
  }

  /**
   * Pages best first, each as its first unit, over the spaces' documents (only the given ones when set).
   * With `feedback`, the best pages' most distinctive terms are added to the query and the pages scored
   * again (RM3-style pseudo-relevance feedback).
   */
  search(text: string, options: PageSearchOptions): UnitHit[] {
    const key = JSON.stringify([text, options]);
    const cached = this.recent.get(key);
    if (cached) return [...cached];
    const hits = this.searchNow(text, options);
    this.recent.set(key, hits);
    if (this.recent.size > PageIndex.recentLimit) this.recent.delete(this.recent.keys().next().value!);
    return [...hits];
  }

  private searchNow(text: string, options: PageSearchOptions): UnitHit[] {
    const words = searchTerms(text);
    const pairWeight = options.pairWeight ?? 0.5;
    const terms = [...new Set(words)];
    const termWeights = new Map<string, number>(terms.map(term => [term, 1]));
    if (pairWeight > 0) for (const pair of pairs(words)) termWeights.set(pair, pairWeight);
    const scope = (options.documentIds ? options.documentIds.flatMap(id => this.documents.get(id) ?? []) : [...this.documents.values()]).filter(
      document => options.spaces.includes(document.space),
    );
    const pageCount = scope.reduce((sum, document) => sum + document.pages.length, 0);
    if (terms.length === 0 || pageCount === 0) return [];
    const averageLength = scope.reduce((sum, document) => sum + document.totalLength, 0) / pageCount || 1;
    const wholeSpaces = options.documentIds ? undefined : [...new Set(options.spaces)].flatMap(space => this.spaceWordFrequencies.get(space) ?? []);
    const statistics = scopeStatistics(scope, pageCount, averageLength, wholeSpaces);
    const feedback = options.feedback;
    const useFeedback = feedback !== undefined && feedback.weight > 0;
    let scored = scorePages(termWeights, statistics, options, useFeedback ? Math.max(options.k, feedback.pages) : options.k);
    if (useFeedback && scored.length > 0) {
      for (const [term, weight] of feedbackTerms(scored.slice(0, feedback.pages), termWeights, statistics, feedback.terms)) {
        termWeights.set(term, feedback.weight * weight);
      }
      // Re-scores only the first pass's candidates: the expanded query costs no second full scan.
      const candidates = new Set(scored.map(entry => entry.page));
      scored = scorePages(termWeights, statistics, options, options.k, candidates);
    }
    return scored.slice(0, options.k).map(({ page, score }) => ({ unit: page.unit, score }));
  }
}

export interface PageSearchOptions {
  spaces: string[];
  documentIds?: string[];
  k: number;
  pairWeight?: number;
  k1?: number;
  b?: number;
  /** Pseudo-relevance feedback: `terms` expansion terms from the top `pages`, each at most `weight`. */
  feedback?: { pages: number; terms: number; weight: number };
}

/**
 * Words (not pairs) weighted by Σ over the top pages of (share of the page) × (page score / best score)
 * × idf, the query's own terms left out; the best `count`, scaled so the best weighs 1.
 */
function feedbackTerms(
  top: Array<{ page: IndexedPage; score: number }>,
  queryTerms: Map<string, number>,
  statistics: ScopeStatistics,
  count: number,
): Array<[string, number]> {
  const best = top[0].score;
  const weights = new Map<string, number>();
  for (const { page, score } of top) {
    for (const [term, frequency] of termFrequencies(page.tokens)) {
      if (queryTerms.has(term)) continue;
      weights.set(term, (weights.get(term) ?? 0) + (frequency / Math.max(page.length, 1)) * (score / best));
    }
  }
  const ranked = [...weights]
    .map(([term, weight]) => [term, weight * inverseFrequency(term, statistics)] as [string, number])
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
  const top1 = ranked[0]?.[1] ?? 1;
  return ranked.map(([term, weight]) => [term, weight / top1]);
}

/** Sliding window over the tokens: the highest idf sum of distinct query terms within `window` tokens. */
function bestWindow(tokens: string[], idf: Map<string, number>, window: number): number {
  const counts = new Map<string, number>();
  let current = 0;
  let best = 0;
  for (let end = 0; end < tokens.length; end++) {
    const added = idf.get(tokens[end]);
    if (added !== undefined) {
      const count = counts.get(tokens[end]) ?? 0;
      if (count === 0) current += added;
      counts.set(tokens[end], count + 1);
    }
    const start = end - window;
    if (start >= 0) {
      const removed = idf.get(tokens[start]);
      if (removed !== undefined) {
        const count = counts.get(tokens[start])! - 1;
        counts.set(tokens[start], count);
        if (count === 0) current -= removed;
      }
    }
    best = Math.max(best, current);
  }
  return best;
}

/** Each term's count, in order of first occurrence. */
function termFrequencies(terms: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Adjacent word pairs ("upward mobility" → "upward mobiliti" as one term): rewards phrases. */
function pairs(words: string[]): string[] {
  const result: string[] = [];
  for (let index = 1; index < words.length; index++) result.push(`${words[index - 1]} ${words[index]}`);
  return result;
}
