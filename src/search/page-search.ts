import { bm25Idf, bm25Score, defaultBm25, type Bm25Parameters } from './bm25.ts';
import { termPairs } from '../store/page-records.ts';
import { rarestWithin } from '../store/rarest-terms.ts';
import type { DocumentStore, IndexUnit, PageRecord, TermStore, UnitHit } from '../store/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { CaptionKey } from '../text/caption-references.ts';
import { queryLanguages, searchTerms } from '../text/search-terms.ts';

export interface PageSearchOptions {
  spaces: SpaceId[];
  documentIds?: string[];
  k: number;
  /** The question's language: its terms are made in it as well as in English (queryLanguages). */
  language?: string;
  pairWeight?: number;
  k1?: number;
  b?: number;
  /** Pseudo-relevance feedback: `terms` expansion terms from the top `pages`, each at most `weight`. */
  feedback?: { pages: number; terms: number; weight: number };
}

/** What a question can ask of one document's pages: their names, captions and stand-in units. */
export interface DocumentPages {
  /** Physical pages printing `name` as their number, then those labelled so (case-insensitive). */
  pagesNamed(name: string): number[];
  /** Pages carrying the caption of a figure or table ("figure 5"), in page order. */
  pagesCaptioned(key: CaptionKey): number[];
  /** The highest page with text (0 when none). */
  lastPage: number;
  /** The unit standing for a page (its first), or undefined when the page has no text. */
  pageUnit(page: number): IndexUnit | undefined;
}

/**
 * Whole pages as BM25 documents (k1 1.2, b 0.75, adjacent term pairs at half weight), searched in the
 * store's page records: the store's own full-text index gives candidates, and they are scored here
 * exactly, with the statistics of the documents in scope (a per-document search weighs words by that
 * document's pages, a whole-space search by the space's). Complements the store's node × page units,
 * often a few lines long, where one matching word can win; a page carries the question's other words too.
 *
 * Holds nothing about a space beyond what one question read: create one per question (searches of the
 * same text are answered once, and the candidates' terms serve the proximity list).
 */
export class PageSearch {
  private readonly recent = new Map<string, Promise<UnitHit[]>>();
  /** Terms of the pages read as candidates, by document and page. */
  private readonly pageTerms = new Map<string, string[]>();
  private readonly spaceOf = new Map<string, SpaceId>();
  private readonly documentPagesCache = new Map<string, Promise<DocumentPages | undefined>>();

  constructor(private readonly store: TermStore & Pick<DocumentStore, 'getRecord'>) {}

  /**
   * Pages best first, each as its first unit. With `feedback`, the best pages' most distinctive terms
   * are added to the query and the first pass's pages scored again (RM3-style pseudo-relevance feedback).
   */
  search(text: string, options: PageSearchOptions): Promise<UnitHit[]> {
    const key = JSON.stringify([text, options]);
    let hits = this.recent.get(key);
    if (!hits) {
      hits = this.searchNow(text, options);
      this.recent.set(key, hits);
      hits.catch(() => this.recent.delete(key));
    }
    return hits.then(list => [...list]);
  }

  private async searchNow(text: string, options: PageSearchOptions): Promise<UnitHit[]> {
    const analyses = queryAnalyses(text, options.language);
    const terms = [...new Set(analyses.flat())];
    if (terms.length === 0 || options.k <= 0) return [];
    const pairWeight = options.pairWeight ?? 0.5;
    const pairs = pairWeight > 0 ? [...new Set(analyses.flatMap(termPairs))] : [];
    const weights = new Map<string, number>(terms.map(term => [term, 1]));
    for (const pair of pairs) weights.set(pair, pairWeight);
    const scope = { spaces: options.spaces, documentIds: options.documentIds };
    const feedback = options.feedback;
    const useFeedback = feedback !== undefined && feedback.weight > 0;
    const firstPass = useFeedback ? Math.max(options.k, feedback.pages) : options.k;
    const statistics = await this.store.pageStatistics({ ...scope, terms: [...weights.keys()] });
    if (statistics.pages === 0) return [];
    const wanted = candidateCount(firstPass);
    const candidates = await this.store.searchPages({ ...scope, ...selective(terms, pairs, statistics, wanted), k: wanted });
    if (candidates.length === 0) return [];
    for (const page of candidates) this.remember(page);
    const scoring = new Bm25(statistics.pages, statistics.length / statistics.pages || 1, { k1: options.k1 ?? defaultBm25.k1, b: options.b ?? defaultBm25.b });
    scoring.addFrequencies(statistics.frequencies);
    let scored = scoring.top(candidates, weights, firstPass);
    if (useFeedback && scored.length > 0) {
      const top = scored.slice(0, feedback.pages);
      const shares = feedbackShares(top, weights);
      const expansion = await this.store.pageStatistics({ ...scope, terms: [...shares.keys()] });
      scoring.addFrequencies(expansion.frequencies);
      for (const [term, weight] of feedbackTerms(shares, scoring, feedback.terms)) weights.set(term, feedback.weight * weight);
      scored = scoring.top(
        scored.map(entry => entry.page),
        weights,
        options.k,
      );
    }
    return scored.slice(0, options.k).map(({ page, score }) => ({ unit: page.unit, score }));
  }

  /**
   * Candidates re-ranked by how close together the query's words occur: the best window of `window`
   * terms, scored by the idf (over the candidates' documents) of the distinct query words inside it.
   * Only pages this search read as candidates can be scored.
   */
  async proximity(text: string, candidates: UnitHit[], options: { spaces: SpaceId[]; window: number; language?: string }): Promise<UnitHit[]> {
    const terms = [...new Set(queryAnalyses(text, options.language).flat())];
    if (terms.length < 2 || candidates.length === 0) return [];
    const documentIds = [...new Set(candidates.map(hit => hit.unit.documentId))];
    const statistics = await this.store.pageStatistics({ spaces: options.spaces, documentIds, terms });
    const idf = new Map(terms.map(term => [term, bm25Idf(statistics.pages, statistics.frequencies.get(term) ?? 0)]));
    const scored = candidates.flatMap(hit => {
      const tokens = this.pageTerms.get(pageKey(hit.unit.documentId, hit.unit.page));
      if (!tokens) return [];
      const score = bestWindow(tokens, idf, options.window);
      return score > 0 ? [{ unit: hit.unit, score }] : [];
    });
    return scored.sort((a, b) => b.score - a.score || (a.unit.id < b.unit.id ? -1 : 1));
  }

  /**
   * How much of the query each document contains anywhere: the summed document-level idf (over the
   * documents of `spaces`) of the query words it holds, for the given documents only. A word in few
   * documents names its document ("Netflix", a product, a method's name) even when it is on every one
   * of its pages, where page-level idf makes it weigh little.
   */
  async documentCoverage(text: string, documentIds: string[], spaces: SpaceId[], language?: string): Promise<Map<string, number>> {
    const terms = [...new Set(queryAnalyses(text, language).flat())];
    const statistics = await this.store.documentStatistics({ spaces, terms, documentIds });
    const idf = terms.map(term => [term, bm25Idf(statistics.documents, statistics.frequencies.get(term) ?? 0)] as const);
    const coverage = new Map<string, number>();
    for (const [documentId, held] of statistics.holdings) {
      coverage.set(
        documentId,
        idf.reduce((sum, [term, weight]) => sum + (held.has(term) ? weight : 0), 0),
      );
    }
    return coverage;
  }

  /** One document's page names, captions and stand-in units, read once per question; undefined when it has no pages. */
  documentPages(documentId: string, spaces: SpaceId[]): Promise<DocumentPages | undefined> {
    let pages = this.documentPagesCache.get(documentId);
    if (!pages) {
      pages = this.readDocumentPages(documentId, spaces);
      this.documentPagesCache.set(documentId, pages);
      pages.catch(() => this.documentPagesCache.delete(documentId));
    }
    return pages;
  }

  /** The space a document was seen in, else the first of `spaces` holding it. */
  async documentSpace(documentId: string, spaces: SpaceId[]): Promise<SpaceId | undefined> {
    const known = this.spaceOf.get(documentId);
    if (known && spaces.includes(known)) return known;
    for (const space of spaces) if (await this.store.getRecord(space, documentId)) return space;
    return undefined;
  }

  private async readDocumentPages(documentId: string, spaces: SpaceId[]): Promise<DocumentPages | undefined> {
    const space = await this.documentSpace(documentId, spaces);
    if (!space) return undefined;
    const records = await this.store.getPages(space, documentId, { terms: false });
    if (records.length === 0) return undefined;
    const byPage = new Map(records.map(record => [record.page, record]));
    return {
      pagesNamed(name) {
        const wanted = name.toLowerCase();
        const printed = records.filter(record => record.printedNumbers.some(number => String(number) === wanted)).map(record => record.page);
        const labelled = records.filter(record => record.label?.toLowerCase() === wanted).map(record => record.page);
        return [...new Set([...printed, ...labelled])];
      },
      pagesCaptioned: key => records.filter(record => record.captions.includes(key)).map(record => record.page),
      lastPage: records.at(-1)!.page,
      pageUnit: page => byPage.get(page)?.unit,
    };
  }

  private remember(page: PageRecord): void {
    this.pageTerms.set(pageKey(page.documentId, page.page), page.terms);
    this.spaceOf.set(page.documentId, page.space);
  }
}

/**
 * A query's terms in order, once per language its words are stemmed in: pages hold the terms of their
 * document's language (page-records.ts), so a German question meets German pages by its German stems
 * and any page by the English terms of its names and numbers.
 */
function queryAnalyses(text: string, language = 'en'): string[][] {
  return queryLanguages(language).map(each => searchTerms(text, each));
}

/**
 * How many candidates the store is asked for when `k` pages are wanted: its ranking is only a first cut
 * (whole-store statistics, pairs as phrases), so half as many again as `k`: on the mmlongbench set that
 * gives the same top 5 as scoring every page in scope.
 */
function candidateCount(k: number): number {
  return Math.ceil(k * 1.5);
}

/**
 * The terms and pairs the store's candidate query uses. In a scope of more pages than candidates, terms
 * on over a tenth of its pages (once that is 1,000 pages or more) are left out: they decide little in
 * BM25 (the exact scoring still counts them), but would make the store score most of the scope's pages.
 * When only such terms are left, the two rarest stay. Of the rest, the rarest are kept while the pages
 * FTS5 reads for them add up to at most `pagesPerCandidate` × `candidates` (see there).
 */
function selective(
  terms: string[],
  pairs: string[],
  statistics: { pages: number; frequencies: Map<string, number> },
  candidates: number,
): { terms: string[]; pairs: string[] } {
  if (statistics.pages <= candidates) return { terms, pairs };
  const limit = Math.max(statistics.pages * 0.1, Math.min(statistics.pages * 0.5, 1_000));
  const frequency = (term: string) => statistics.frequencies.get(term) ?? 0;
  const keep = (list: string[]) => list.filter(term => frequency(term) > 0 && frequency(term) <= limit);
  const kept = { terms: keep(terms), pairs: keep(pairs) };
  if (kept.terms.length + kept.pairs.length === 0) {
    return {
      terms: terms
        .filter(term => frequency(term) > 0)
        .sort((a, b) => frequency(a) - frequency(b))
        .slice(0, 2),
      pairs: [],
    };
  }
  // FTS5 finds a pair's pages by walking its words' pages: a rare pair of two frequent words costs as
  // much as its rarer word, not as its own few pages.
  const cost = (term: string) => (term.includes(' ') ? Math.max(frequency(term), Math.min(...term.split(' ').map(frequency))) : frequency(term));
  const chosen = rarestWithin([...kept.terms, ...kept.pairs], frequency, pagesPerCandidate * candidates, cost);
  return { terms: kept.terms.filter(term => chosen.has(term)), pairs: kept.pairs.filter(pair => chosen.has(pair)) };
}

/**
 * The store scores every page holding a candidate term (FTS5's OR has no early exit): at 100k pages a
 * question's terms can be on 20k of them. The candidates come from the rarest terms, which carry most
 * of a page's score; on the mmlongbench set 20 pages per candidate give the same page hit@k as no
 * bound, and 5 or 10 the same hit@3 (docs/benchmarks.md, Scale).
 */
const pagesPerCandidate = 20;

/** BM25 of candidate pages with the statistics of a scope; terms and pairs counted from each page's terms. */
class Bm25 {
  private readonly frequencies = new Map<string, number>();

  constructor(
    private readonly pages: number,
    private readonly averageLength: number,
    private readonly parameters: Bm25Parameters,
  ) {}

  addFrequencies(frequencies: Map<string, number>): void {
    for (const [term, frequency] of frequencies) this.frequencies.set(term, frequency);
  }

  idf(term: string): number {
    return bm25Idf(this.pages, this.frequencies.get(term) ?? 0);
  }

  /** The best `limit` pages by score (ties: smaller unit id); terms are added in the weights' order. */
  top(pages: PageRecord[], weights: Map<string, number>, limit: number): Array<{ page: PageRecord; score: number }> {
    const inverse = new Map([...weights].map(([term, weight]) => [term, weight * this.idf(term)]));
    const weighted = (term: string) => inverse.get(term)!;
    const order = [...weights.keys()];
    const pairStarts = new Set(order.filter(term => term.includes(' ')).map(pair => pair.slice(0, pair.indexOf(' '))));
    const scored: Array<{ page: PageRecord; score: number }> = [];
    for (const page of pages) {
      const counts = termCounts(page.terms, weights, pairStarts);
      if (counts.size === 0) continue;
      const score = bm25Score(order, term => counts.get(term) ?? 0, weighted, page.terms.length, this.averageLength, this.parameters);
      if (score > 0) scored.push({ page, score });
    }
    return scored.sort((a, b) => b.score - a.score || (a.page.unit.id < b.page.unit.id ? -1 : 1)).slice(0, limit);
  }
}

/** How often each wanted term or pair occurs in a page's terms (`pairStarts`: the first terms of the wanted pairs). */
function termCounts(terms: string[], wanted: Map<string, number>, pairStarts: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (let index = 0; index < terms.length; index++) {
    if (wanted.has(terms[index])) counts.set(terms[index], (counts.get(terms[index]) ?? 0) + 1);
    if (index > 0 && pairStarts.has(terms[index - 1])) {
      const pair = `${terms[index - 1]} ${terms[index]}`;
      if (wanted.has(pair)) counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
  }
  return counts;
}

/** Per term (not pair) of the top pages, the query's own left out: Σ (share of the page) × (page score / best). */
function feedbackShares(top: Array<{ page: PageRecord; score: number }>, queryTerms: Map<string, number>): Map<string, number> {
  const best = top[0].score;
  const shares = new Map<string, number>();
  for (const { page, score } of top) {
    const counts = new Map<string, number>();
    for (const term of page.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, frequency] of counts) {
      if (queryTerms.has(term)) continue;
      shares.set(term, (shares.get(term) ?? 0) + (frequency / Math.max(page.terms.length, 1)) * (score / best));
    }
  }
  return shares;
}

/** The best `count` expansion terms by share × idf, scaled so the best weighs 1. */
function feedbackTerms(shares: Map<string, number>, scoring: Bm25, count: number): Array<[string, number]> {
  const ranked = [...shares]
    .map(([term, share]) => [term, share * scoring.idf(term)] as [string, number])
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
  const best = ranked[0]?.[1] ?? 1;
  return ranked.map(([term, weight]) => [term, weight / best]);
}

/** Sliding window over the terms: the highest idf sum of distinct query terms within `window` terms. */
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

function pageKey(documentId: string, page: number): string {
  return `${documentId}\n${page}`;
}
