import type { IndexUnit, UnitHit } from '../store/types.ts';

/**
 * What to search for. The offline planner fills it by rules; a language model can fill the same shape
 * (plan-question.ts), so nothing downstream knows which one made it.
 */
export interface QueryPlan {
  /** The question itself first, then any parts it was split into. */
  subQuestions: string[];
  /** Keyword forms of the sub-questions (BM25 query strings). */
  variants: string[];
  /** Hypothetical answer passages, embedded like documents (empty offline). */
  hyde: string[];
  /** Tree nodes a planner picked from the table of contents, best first (empty offline). */
  nodePicks: Array<{ documentId: string; nodeId: string }>;
}

/** One ranked list that goes into fusion. */
export interface RankedList {
  /** "bm25:0", "vector:1", "titles", ...: kept on each fused hit to explain where it came from. */
  name: string;
  hits: UnitHit[];
  /** Multiplies this list's reciprocal-rank contributions; 1 when absent. */
  weight?: number;
}

/** A unit after reciprocal rank fusion, with the lists that ranked it. */
export interface FusedHit {
  unit: IndexUnit;
  score: number;
  contributions: Array<{ list: string; rank: number; score: number }>;
}

/** A distinct page of the fused ranking, best first. */
export interface RankedPage {
  documentId: string;
  documentName: string;
  /** 1-based physical page. */
  page: number;
  score: number;
}

export interface SearchResult {
  plan: QueryPlan;
  /**
   * Fused units for display: grouped by their page's place in `pages` (best page first), then by
   * fused score, so hits and pages never disagree about what ranks first.
   */
  hits: FusedHit[];
  /** Distinct (document, page) pairs, best first: the one ranking that answers are built from. */
  pages: RankedPage[];
}

/** One labelled block of context for an answer: a section's text on the ranked pages it has. */
export interface Passage {
  documentId: string;
  documentName: string;
  nodeId: string;
  titlePath: string[];
  /** 1-based pages the text comes from, ascending. */
  pages: number[];
  /** The pages' texts joined in page order. */
  text: string;
  /**
   * The text page by page (same order as `pages`), so a citation can name the page a claim is on.
   * `rank`: the page's 0-based place among the ranked pages the context took; a neighbour pulled in
   * after them ranks after all of them.
   */
  pageTexts: Array<{ page: number; text: string; rank: number }>;
  /** Described figures in the text, with their page. */
  figures: Array<{ nodeId: string; page: number; title: string; description: string }>;
}
