import type { KnowledgeStore, UnitHit } from '../store/types.ts';
import { isSlideDeckMime } from '../documents/page-names.ts';
import type { EmbeddingModel } from '../models/types.ts';
import { embedInBatches } from '../models/embed-in-batches.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { detectLanguage, documentLanguage } from '../text/detect-language.ts';
import { captionReferenceList } from './caption-reference-list.ts';
import { captionReferences } from '../text/caption-references.ts';
import { pageReferenceList } from './page-reference-list.ts';
import { pageReferences, pointsAtSlides } from './page-references.ts';
import { pageList, rankDocuments, titleList, type RankedDocument } from './derived-lists.ts';
import { contentWords, offlinePlan } from './offline-plan.ts';
import { PageSearch, type DocumentPages, type PageSearchOptions } from './page-search.ts';
import { rankPages } from './rank-pages.ts';
import { fuseRankings } from './reciprocal-rank-fusion.ts';
import type { FusedHit, QueryPlan, RankedList, RankedPage, SearchResult } from './types.ts';
import { searchUnits } from './unit-search.ts';

export interface SearchSpaceOptions {
  /** Every space the caller may read; nothing else is searched. */
  spaces: SpaceId[];
  /** Restrict to these documents. */
  documentIds?: string[];
  /** The question's language (ISO 639-1), which its terms are stemmed in too; told from the plan's first sub-question when absent. */
  language?: string;
  /** How many fused units to return. */
  k: number;
  /** Adds a vector list per sub-question and HyDE passage; search works without it. */
  embedder?: EmbeddingModel;
  /** Reciprocal rank fusion constant (60). */
  rrfK?: number;
  /** How many candidates each list asks the store for. */
  depth?: number;
  /**
   * Whole-page BM25 over the store's page records. A question's steps share one (its planner and its
   * search ask the same whole-page queries); without it, this search gets its own.
   */
  pageSearch?: PageSearch;
  /** List weights and page scoring; the defaults were measured on a real question set (docs/retrieval.md). */
  tuning?: Partial<SearchTuning>;
  signal?: AbortSignal;
  /** Lists already under way for this search (see prefetchSearch); searched again when absent. */
  prefetched?: SearchPrefetch;
}

/**
 * Lists of a search started before its plan is known: BM25 queries by text, vector lists by sub-question.
 * Each answers exactly what searchSpace would have searched for that text with the same options.
 */
export interface SearchPrefetch {
  lexical: Map<string, Promise<UnitHit[]>>;
  subQuestionVectors: Map<string, Promise<UnitHit[]>>;
}

/**
 * Starts the lists a coming search will need whatever its plan says, e.g. while the planner's model
 * call is under way: BM25 for `keywordQueries`, and the vector list of each of `subQuestions` (its
 * embedding call, then the vector search). Failures surface when searchSpace awaits them; lists it
 * never asks for are dropped quietly.
 */
export function prefetchSearch(
  store: KnowledgeStore,
  texts: { keywordQueries: string[]; subQuestions: string[] },
  options: SearchSpaceOptions,
): SearchPrefetch {
  const scope = searchScope(options);
  const language = options.language ?? detectLanguage(texts.subQuestions[0] ?? '');
  const lexical = new Map(texts.keywordQueries.slice(0, maxKeywordQueries).map(text => [text, awaitedLater(searchUnits(store, { ...scope, text, language }))]));
  const subQuestionVectors = new Map<string, Promise<UnitHit[]>>();
  const embedder = options.embedder;
  if (embedder) {
    for (const text of texts.subQuestions) {
      const hits = embedder
        .embed([text], { task: 'query', signal: options.signal })
        .then(async ([vector]) => (await store.searchVectors({ ...scope, vectors: [vector] }))[0]);
      subQuestionVectors.set(text, awaitedLater(hits));
    }
  }
  return { lexical, subQuestionVectors };
}

/**
 * `promise`, with a handler attached now: it is awaited later (or never), and a rejection meanwhile
 * must not count as unhandled. Awaiting it still throws.
 */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

function searchScope(options: SearchSpaceOptions): { spaces: SpaceId[]; documentIds?: string[]; k: number } {
  return { spaces: options.spaces, documentIds: options.documentIds, k: options.depth ?? searchDepth(options.k) };
}

export interface SearchTuning {
  lexicalWeight: number;
  pageWeight: number;
  wholePageWeight: number;
  pairWeight: number;
  k1: number;
  b: number;
  titleWeight: number;
  vectorWeight: number;
  /**
   * The vector lists' weight is multiplied by this when the question is in another language than the
   * best pages they find (their language read from their text): its words do not meet the pages'.
   */
  vectorAcrossLanguagesFactor: number;
  nodePickWeight: number;
  /** Only used when the search spans several documents. */
  documentWeight: number;
  pageSumWeight: number;
  documentTopPages: number;
  /** Document ranking: weight of the query's document-level coverage next to the best pages' scores. */
  documentCoverageWeight: number;
  /** Pages get documentScoreWeight × (their document's score / the best document's) / k. */
  documentScoreWeight: number;
  rankNeighbourWeight: number;
  /** Pages the question points at ("page 17", "the cover"): printed number or page label, else physical. */
  pageReferenceWeight: number;
  /** The physical page of the number asked for when the document prints or labels another page so. */
  physicalPageReferenceWeight: number;
  /** Pages with the caption of a figure or table the question names ("in Figure 5"). */
  captionReferenceWeight: number;
  /** Pseudo-relevance feedback on the whole-page lists (weight 0: off). */
  feedbackPages: number;
  feedbackTerms: number;
  feedbackWeight: number;
  /** The top whole-page candidates re-ranked by the best window of query words. */
  proximityWeight: number;
  proximityWindow: number;
  proximityCandidates: number;
}

export const defaultTuning: SearchTuning = {
  lexicalWeight: 1,
  pageWeight: 1,
  wholePageWeight: 3,
  pairWeight: 0.5,
  k1: 1.2,
  b: 0.75,
  titleWeight: 0,
  vectorWeight: 1,
  vectorAcrossLanguagesFactor: 3,
  nodePickWeight: 1,
  documentWeight: 1,
  pageSumWeight: 0.3,
  documentTopPages: 3,
  documentCoverageWeight: 1,
  documentScoreWeight: 2,
  rankNeighbourWeight: 0.05,
  pageReferenceWeight: 4,
  physicalPageReferenceWeight: 1,
  captionReferenceWeight: 4,
  feedbackPages: 3,
  feedbackTerms: 20,
  feedbackWeight: 0.3,
  proximityWeight: 1,
  proximityWindow: 6,
  proximityCandidates: 30,
};

/**
 * One question (or a plan) → ranked units and ranked distinct pages. BM25 per keyword variant, vector
 * search per sub-question and HyDE passage when an embedder is given, node picks, plus lists derived
 * from the lexical candidates (pages, titles, documents), all fused with reciprocal rank fusion.
 */
export async function searchSpace(store: KnowledgeStore, query: string | QueryPlan, options: SearchSpaceOptions): Promise<SearchResult> {
  const plan = typeof query === 'string' ? offlinePlan(query) : query;
  const tuning = { ...defaultTuning, ...options.tuning };
  const scope = searchScope(options);
  const depth = scope.k;

  // Each keyword query costs a BM25 list and a whole-page list (tens of ms each at 100k units): the
  // question's own keywords come first in every plan, then the planner's best variants.
  const lexicalQueries = (plan.variants.length > 0 ? plan.variants : plan.subQuestions).slice(0, maxKeywordQueries);
  const question = plan.subQuestions[0] ?? '';
  // Keyword queries drop the words that tell a language: the question's own is the one to go by.
  const language = options.language ?? detectLanguage(question);
  const pageSearch = options.pageSearch ?? new PageSearch(store);
  // Whole-page lists for the first few keyword queries only.
  const [lexical, vector, picked, wholePages] = await Promise.all([
    Promise.all(lexicalQueries.map(text => options.prefetched?.lexical.get(text) ?? searchUnits(store, { ...scope, text, language }))),
    vectorLists(store, plan, scope, options),
    nodePickHits(store, plan, options),
    Promise.all(
      lexicalQueries
        .slice(0, maxWholePageQueries)
        .map(text => pageSearch.search(text, wholePageOptions({ spaces: options.spaces, documentIds: options.documentIds, k: depth, language }, tuning))),
    ),
  ]);

  const lists: RankedList[] = lexical.map((hits, index) => ({ name: `bm25:${index}`, hits, weight: tuning.lexicalWeight }));
  lists.push({ name: 'pages', hits: pageList(lexical, { sumWeight: tuning.pageSumWeight }), weight: tuning.pageWeight });
  wholePages.forEach((hits, index) => lists.push({ name: `whole-page:${index}`, hits, weight: tuning.wholePageWeight }));
  const queryWords = [...new Set(plan.subQuestions.flatMap(contentWords))];
  lists.push({ name: 'titles', hits: titleList(lexical.flat(), queryWords), weight: tuning.titleWeight });
  // A question in another language than the pages the vectors find best: only the vectors cross it.
  const vectorWeight = tuning.vectorWeight * (acrossLanguages(vector, language) ? tuning.vectorAcrossLanguagesFactor : 1);
  vector.forEach((hits, index) => lists.push({ name: `vector:${index}`, hits, weight: vectorWeight }));
  if (picked.length > 0) lists.push({ name: 'picks', hits: picked, weight: tuning.nodePickWeight });

  const rankedDocuments = await documentRanking(wholePages[0] ?? [], lexicalQueries[0] ?? question, language, pageSearch, tuning, options);
  const documents = rankedDocuments.map(document => document.documentId);
  const pointedAt = await referencedDocuments(question, await referenceCandidates(question, documents, store, options), pageSearch, options.spaces);
  const referenced = pageReferenceList(question, pointedAt);
  lists.push({ name: 'page-references', hits: referenced.named, weight: tuning.pageReferenceWeight });
  lists.push({ name: 'page-references:physical', hits: referenced.fallback, weight: tuning.physicalPageReferenceWeight });
  lists.push({ name: 'caption-references', hits: captionReferenceList(question, pointedAt), weight: tuning.captionReferenceWeight });
  if (tuning.proximityWeight > 0) {
    const candidates = (wholePages[0] ?? []).slice(0, tuning.proximityCandidates);
    const hits = await pageSearch.proximity(lexicalQueries[0] ?? question, candidates, { spaces: options.spaces, window: tuning.proximityWindow, language });
    lists.push({ name: 'proximity', hits, weight: tuning.proximityWeight });
  }

  const fused = fuseRankings(lists, { k: options.rrfK });
  const pages = rankPages(lists, {
    k: options.rrfK,
    neighbourWeight: tuning.rankNeighbourWeight,
    documentRanking: documents,
    documentWeight: tuning.documentWeight,
    documentScores: tuning.documentScoreWeight > 0 ? new Map(rankedDocuments.map(document => [document.documentId, document.score])) : undefined,
    documentScoreWeight: tuning.documentScoreWeight,
  });
  return { plan, hits: orderByPages(fused, pages).slice(0, options.k), pages };
}

/** Hits grouped by their page's rank (best page first), by fused score within a page. */
function orderByPages(hits: FusedHit[], pages: RankedPage[]): FusedHit[] {
  const ranks = new Map(pages.map((page, index) => [`${page.documentId}\n${page.page}`, index]));
  const rankOf = (hit: FusedHit) => ranks.get(`${hit.unit.documentId}\n${hit.unit.page}`) ?? Number.MAX_SAFE_INTEGER;
  return hits
    .map((hit, index) => ({ hit, index, rank: rankOf(hit) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(entry => entry.hit);
}

/** Page and caption references are looked for in this many of the best documents (whole-space searches). */
const maxReferencedDocuments = 3;

/**
 * The documents a question's page or caption reference may point into: the best-ranked ones, and when
 * fewer rank (a bare "what is on slide 4?" shares no word with any page), the newest documents in
 * reach, decks first for a question that names slides.
 */
async function referenceCandidates(question: string, ranked: string[], store: KnowledgeStore, options: SearchSpaceOptions): Promise<string[]> {
  const candidates = ranked.slice(0, maxReferencedDocuments);
  if (candidates.length >= maxReferencedDocuments || pageReferences(question).length === 0) return candidates;
  const only = options.documentIds ? new Set(options.documentIds) : undefined;
  const records = (await Promise.all(options.spaces.map(space => store.listDocuments(space))))
    .flat()
    .filter(record => record.status === 'ready' && (!only || only.has(record.id)));
  const slides = pointsAtSlides(question);
  records.sort((a, b) => Number(slides && isSlideDeckMime(b.mime)) - Number(slides && isSlideDeckMime(a.mime)) || b.updatedAt.localeCompare(a.updatedAt));
  for (const record of records) {
    if (candidates.length >= maxReferencedDocuments) break;
    if (!candidates.includes(record.id)) candidates.push(record.id);
  }
  return candidates;
}

/**
 * The pages of the documents a question may point into ("page 17", "Figure 5"), best document first;
 * read only when the question names a page or caption.
 */
async function referencedDocuments(question: string, documentIds: string[], pageSearch: PageSearch, spaces: SpaceId[]): Promise<Map<string, DocumentPages>> {
  const documents = new Map<string, DocumentPages>();
  if (pageReferences(question).length === 0 && captionReferences(question).length === 0) return documents;
  const pages = await Promise.all(documentIds.map(documentId => pageSearch.documentPages(documentId, spaces)));
  documentIds.forEach((documentId, index) => pages[index] && documents.set(documentId, pages[index]));
  return documents;
}

/** Keyword queries searched (BM25 units and whole pages); the rest of a long plan is left out. */
const maxKeywordQueries = 3;
/** Keyword queries that also get a whole-page list. */
const maxWholePageQueries = 3;

/** How many candidates each list asks for when the caller wants `k` fused units. */
export function searchDepth(k: number): number {
  return Math.max(100, k * 4);
}

/**
 * The whole-page search options searchSpace uses; a caller that ranks pages or documents before the
 * search (the planner's table of contents) uses the same, so the page index answers both from one scoring.
 */
export function wholePageOptions(
  scope: { spaces: SpaceId[]; documentIds?: string[]; k: number; language: string },
  tuning: SearchTuning = defaultTuning,
): PageSearchOptions {
  return {
    spaces: scope.spaces,
    documentIds: scope.documentIds,
    k: scope.k,
    language: scope.language,
    pairWeight: tuning.pairWeight,
    k1: tuning.k1,
    b: tuning.b,
    feedback: { pages: tuning.feedbackPages, terms: tuning.feedbackTerms, weight: tuning.feedbackWeight },
  };
}

/** Documents best first by their best pages and query coverage; a search of one document needs no ranking. */
async function documentRanking(
  pageHits: UnitHit[],
  question: string,
  language: string,
  pageSearch: PageSearch,
  tuning: SearchTuning,
  options: SearchSpaceOptions,
): Promise<RankedDocument[]> {
  if (options.documentIds?.length === 1) return [{ documentId: options.documentIds[0], score: 1 }];
  const candidates = [...new Set(pageHits.map(hit => hit.unit.documentId))];
  const coverage = tuning.documentCoverageWeight > 0 ? await pageSearch.documentCoverage(question, candidates, options.spaces, language) : undefined;
  return rankDocuments(pageHits, { topPages: tuning.documentTopPages, coverage, coverageWeight: tuning.documentCoverageWeight });
}

async function vectorLists(
  store: KnowledgeStore,
  plan: QueryPlan,
  scope: { spaces: SpaceId[]; documentIds?: string[]; k: number },
  options: SearchSpaceOptions,
): Promise<UnitHit[][]> {
  const embedder = options.embedder;
  if (!embedder) return [];
  const embedAll = (texts: string[], task: 'query' | 'document') => embedInBatches(embedder, texts, { task, signal: options.signal });
  // One list per sub-question, then per HyDE passage, all from one pass over the vectors. Prefetched
  // sub-questions are not embedded again, unless their early call failed (it may have met a passing
  // fault: one more try, like any call).
  const prefetched = plan.subQuestions.map(text => options.prefetched?.subQuestionVectors.get(text));
  const rest = plan.subQuestions.filter((_, index) => !prefetched[index]);
  const embedding = awaitedLater(Promise.all([rest.length > 0 ? embedAll(rest, 'query') : [], plan.hyde.length > 0 ? embedAll(plan.hyde, 'document') : []]));
  const early = await Promise.allSettled(prefetched.map(list => list ?? Promise.resolve([])));
  const failed = plan.subQuestions.filter((_, index) => prefetched[index] && early[index].status === 'rejected');
  const retried = failed.length > 0 ? await embedAll(failed, 'query') : [];
  const [restVectors, hydeVectors] = await embedding;
  const vectors = [...restVectors, ...retried, ...hydeVectors];
  const lists = vectors.length > 0 ? await store.searchVectors({ ...scope, vectors }) : [];
  const restLists = lists.slice(0, restVectors.length);
  const retriedLists = lists.slice(restVectors.length, restVectors.length + retried.length);
  return [
    ...plan.subQuestions.map((_, index) => {
      const outcome = early[index];
      if (!prefetched[index]) return restLists.shift()!;
      return outcome.status === 'fulfilled' ? outcome.value : retriedLists.shift()!;
    }),
    ...lists.slice(restVectors.length + retried.length),
  ];
}

/** A planner's node picks as one list: the picked nodes' units, in pick order. */
async function nodePickHits(store: KnowledgeStore, plan: QueryPlan, options: SearchSpaceOptions): Promise<UnitHit[]> {
  const picks = plan.nodePicks.filter(pick => !options.documentIds || options.documentIds.includes(pick.documentId));
  const hits: UnitHit[] = [];
  for (const pick of picks) {
    for (const space of options.spaces) {
      const units = await store.getUnits(space, pick.documentId, [pick.nodeId], { vectors: false });
      units.forEach(unit => hits.push({ unit, score: 1 / (1 + hits.length) }));
      if (units.length > 0) break;
    }
  }
  return hits;
}

/** The best hits of the first vector list are in another language than the question (`language`). */
function acrossLanguages(vector: UnitHit[][], language: string): boolean {
  const best = (vector[0] ?? []).slice(0, 5).map(hit => hit.unit.text);
  return best.length > 0 && documentLanguage(best) !== language;
}
