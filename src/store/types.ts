import type { DocumentRecord } from '../documents/types.ts';
import type { DocumentTree, TreeNodeKind } from '../documents/document-tree.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { TreePage } from './tree-pages.ts';

/**
 * What is searched: one tree node's own text on one page (node × page), so a hit names an exact page.
 * Long node-pages are split on paragraph boundaries into parts.
 */
export interface IndexUnit {
  /** `${documentId}:${nodeId}:${page}:${part}`; unique within a space. */
  id: string;
  space: SpaceId;
  documentId: string;
  /** File name as ingested; answers cite it. */
  documentName: string;
  nodeId: string;
  /** Titles from the root to this node: ["3 Results", "3.2 Tables"]. */
  titlePath: string[];
  kind: TreeNodeKind;
  /** 1-based physical page. */
  page: number;
  /** 0 for the first (often only) part of this node on this page. */
  part: number;
  text: string;
  /** Present when an embedding model is configured; length = the model's dimensions. */
  vector?: number[];
}

/**
 * One page of a document as the store keeps it for page-level search (built from the document's units
 * at commit, page-records.ts): a whole page is a better BM25 document than its often short units.
 */
export interface PageRecord {
  space: SpaceId;
  documentId: string;
  documentName: string;
  /** 1-based physical page. */
  page: number;
  /** The page's search terms in reading order: its distinct title paths, then its units' texts. */
  terms: string[];
  /** What the page is called besides its position: the numbers printed on it (two on a spread)… */
  printedNumbers: number[];
  /** …and its PDF page label. */
  label?: string;
  /** Figures and tables captioned on the page ("figure 5", "table 2-1"). */
  captions: string[];
  /** The unit standing for the page in unit-level lists: its first in document order, without vector. */
  unit: IndexUnit;
}

export interface ScopedQuery {
  /** Every space the caller may read, explicitly; results never come from any other space. */
  spaces: SpaceId[];
  /** Restrict to these documents (ids) within those spaces. */
  documentIds?: string[];
  /** How many hits at most. */
  k: number;
}

export interface LexicalQuery extends ScopedQuery {
  /** Free text; the store tokenizes it (BM25 over unit text + title path). */
  text: string;
  /** The question's language (ISO 639-1), for a store that weighs the text's words by the page terms, stemmed by language. */
  language?: string;
}

export interface VectorQuery extends ScopedQuery {
  vector: number[];
}

export interface VectorsQuery extends ScopedQuery {
  vectors: number[][];
}

export interface PageQuery extends ScopedQuery {
  /** Search terms (as page records keep them) a page should hold. */
  terms: string[];
  /** Adjacent term pairs ("annual report"); weigh half as much as terms. */
  pairs: string[];
}

export interface PageStatisticsQuery {
  spaces: SpaceId[];
  documentIds?: string[];
  /** Terms, or pairs (two terms joined by a space). */
  terms: string[];
}

/** BM25 statistics of the pages in a scope. */
export interface PageStatistics {
  pages: number;
  /** Summed length of those pages, in terms. */
  length: number;
  /**
   * Per term asked: how many of those pages hold it. A store may estimate a pair whose words are each
   * on thousands of the pages, where counting it costs a walk of all of them.
   */
  frequencies: Map<string, number>;
}

export interface DocumentStatisticsQuery {
  spaces: SpaceId[];
  /** Terms (no pairs). */
  terms: string[];
  /** Documents whose holdings are wanted. */
  documentIds: string[];
}

/** Document-level statistics: how many documents of the spaces hold each term, and which of the asked ones do. */
export interface DocumentStatistics {
  /** Ready documents with pages in the spaces. */
  documents: number;
  /** Per term asked: documents of the spaces holding it. */
  frequencies: Map<string, number>;
  /** Per document asked about that has pages in the spaces: the asked terms it holds. */
  holdings: Map<string, Set<string>>;
}

/**
 * A search result; hits come best first. `score` is only comparable within one result list. Hits carry
 * no vectors (nothing downstream needs them, and reading them back costs more than the search).
 */
export interface UnitHit {
  unit: IndexUnit;
  score: number;
}

/**
 * How much the stores' full-text indexes weigh a word in a unit's title path and in its text: a heading
 * names what its section is about. The SQLite units table ranks with these (its schema), Weaviate's
 * BM25F asks for them, and the search module ranks candidates with them (unit-search.ts).
 */
export const unitColumnWeights = { titlePath: 1.5, text: 1 } as const;

/** The counts of the units a shard of the index holds, as FTS5 counts them for its bm25. */
export interface UnitStatistics {
  /** Units in the shard. */
  units: number;
  /** Their summed length in terms (title path and text). */
  length: number;
  /** Units holding a folded term (foldedTerm). */
  unitsHolding(term: string): number;
}

/**
 * What one shard of a store's full-text index (a Weaviate tenant; the SQLite store is one shard) finds
 * for a question's words. Either `hits`, ranked best first by the index itself: FTS5's bm25 with
 * unitColumnWeights, or a native ranking where no counts are kept (Weaviate's BM25F of CJK text or of a
 * tenant too large to count). Or, from an index that ranks otherwise, `candidates` in its own order with
 * the words asked (folded terms) and the shard's counts, which the search module ranks as FTS5 would.
 */
export type UnitMatches = { hits: UnitHit[] } | { candidates: IndexUnit[]; words: string[]; statistics: UnitStatistics };

/**
 * Documents, their trees and units, by space: what is kept. Every method names its space(s) explicitly;
 * nothing returns data of a space the caller did not name.
 */
export interface DocumentStore {
  /** Creates or updates a document's record (status changes while it is ingested); tree and units untouched. */
  saveRecord(record: DocumentRecord): Promise<void>;

  /**
   * In one atomic step: the record (status 'ready'), its tree and its units replace whatever this document
   * had, and any other document of the same space with the same name (an older version) is removed.
   * If it fails, the previous state stays searchable.
   */
  commitDocument(input: { record: DocumentRecord; tree: DocumentTree; units: IndexUnit[] }): Promise<{ replacedDocumentIds: string[] }>;

  getRecord(space: SpaceId, documentId: string): Promise<DocumentRecord | null>;
  /** By id, else by name: the ready version of that name when there is one, else the most recently updated. */
  findDocument(space: SpaceId, idOrName: string): Promise<DocumentRecord | null>;
  /** Oldest first. */
  listDocuments(space: SpaceId): Promise<DocumentRecord[]>;
  getTree(space: SpaceId, documentId: string): Promise<DocumentTree | null>;
  /**
   * The document's tree pages among `pages` (tree-pages.ts), in page order: what of the tree lies on
   * each, as in the whole tree (a page with no text may be left out). The answer step reads its
   * context's pages so, not whole trees. [] when the document has no tree or none of those pages.
   */
  getTreePages(space: SpaceId, documentId: string, pages: number[]): Promise<TreePage[]>;
  /**
   * Units of one document, optionally only of some nodes, in document order (nodeId, page, part).
   * `vectors: false` leaves vectors out (readers of text only: decoding them is most of the cost).
   */
  getUnits(space: SpaceId, documentId: string, nodeIds?: string[], options?: { vectors?: boolean }): Promise<IndexUnit[]>;

  /** Removes record, tree and units. Returns false when there was no such document. */
  deleteDocument(space: SpaceId, documentId: string): Promise<boolean>;
  /**
   * Removes every record, tree and unit of one space in one step (Folio.forgetSpace; blobs are the
   * caller's). Returns how many document records the space had; 0 for a space never written to. Other
   * spaces are untouched, and the space may be written to again afterwards.
   */
  deleteSpace(space: SpaceId): Promise<number>;
  /**
   * Documents in any space whose original has this sha256, or whose committed tree refers to a figure
   * crop with this sha256 (`TreeNode.figure.sha256`); when 0 the caller may delete those bytes.
   */
  countDocumentsWithSha(sha256: string): Promise<number>;
  /**
   * Of these sha256s, the ones some document in any space still refers to, as `countDocumentsWithSha`
   * counts them; the bytes of the others may be deleted. One pass for all of them (forgetting a space
   * asks about every original and figure crop it had).
   */
  sha256sInUse(sha256s: string[]): Promise<Set<string>>;
}

/**
 * Words: unit and page candidates for a question and the statistics ranking them needs, within the
 * spaces (and documents) a query names.
 */
export interface TermStore {
  /**
   * Units by the words of `query.text`, per shard of the index (search/unit-search.ts ranks and merges
   * them): each shard returns at most `k` hits, or more candidates than `k` to be ranked. The words
   * asked are the text's rarest within the cost bounds of unit-query-words.ts, chosen from the shard's
   * own counts. [] when nothing matches.
   */
  matchUnits(query: LexicalQuery): Promise<UnitMatches[]>;

  /**
   * Candidate pages for a page-level search: at most `k`, best first by the store's own BM25 over page
   * terms and pairs within the scope, or every page of the scope holding one of them, in any order, when
   * there are no more than `k`. The order is a first cut: callers score the candidates exactly
   * (page-search.ts).
   */
  searchPages(query: PageQuery): Promise<PageRecord[]>;
  pageStatistics(query: PageStatisticsQuery): Promise<PageStatistics>;
  documentStatistics(query: DocumentStatisticsQuery): Promise<DocumentStatistics>;
  /** A document's page records in page order; `terms: false` leaves their terms out (empty). */
  getPages(space: SpaceId, documentId: string, options?: { terms?: boolean }): Promise<PageRecord[]>;
  /** The distinct terms (no pairs) of a document's pages, for near-miss look-ups (a misspelt name). */
  documentVocabulary(space: SpaceId, documentId: string): Promise<string[]>;
}

/** Unit embeddings: nearest units by cosine similarity, within the spaces a query names. */
export interface VectorStore {
  /** Cosine similarity over unit vectors; units without vectors are never returned. */
  searchVector(query: VectorQuery): Promise<UnitHit[]>;
  /** `searchVector` for several query vectors at once (one list per vector, same order): the embedded store scores them in one pass. */
  searchVectors(query: VectorsQuery): Promise<UnitHit[][]>;
}

/**
 * Everything Folio keeps of its knowledge spaces, in one store: SQLite embedded, or Weaviate. Both pass
 * one contract test suite (test/contract/knowledge-store.contract.ts). Code that needs only part of it
 * takes that port.
 */
export interface KnowledgeStore extends DocumentStore, TermStore, VectorStore {
  readonly kind: 'sqlite' | 'weaviate';

  /**
   * Readies what searches use (search threads, a client library), so the first question is not slower
   * than the next; a server calls it before taking requests. Never throws: searches work without it.
   */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}
