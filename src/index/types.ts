import type { DocumentRecord } from '../documents/types.ts';
import type { DocumentTree, TreeNodeKind } from '../ingest/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';

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
}

export interface VectorQuery extends ScopedQuery {
  vector: number[];
}

export interface VectorsQuery extends ScopedQuery {
  vectors: number[][];
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
 * Documents, trees and index units of every knowledge space. Two implementations (SQLite embedded,
 * Weaviate) pass one contract test suite. Every method names its space(s) explicitly; nothing returns
 * data of a space the caller did not name.
 */
export interface KnowledgeStore {
  readonly kind: 'sqlite' | 'weaviate';

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
   * Units of one document, optionally only of some nodes, in document order (nodeId, page, part).
   * `vectors: false` leaves vectors out (readers of text only: decoding them is most of the cost).
   */
  getUnits(space: SpaceId, documentId: string, nodeIds?: string[], options?: { vectors?: boolean }): Promise<IndexUnit[]>;

  /** Removes record, tree and units. Returns false when there was no such document. */
  deleteDocument(space: SpaceId, documentId: string): Promise<boolean>;
  /**
   * Documents in any space whose original has this sha256, or whose committed tree refers to a figure
   * crop with this sha256 (`TreeNode.figure.sha256`); when 0 the caller may delete those bytes.
   */
  countDocumentsWithSha(sha256: string): Promise<number>;

  searchLexical(query: LexicalQuery): Promise<UnitHit[]>;
  /** Cosine similarity over unit vectors; units without vectors are never returned. */
  searchVector(query: VectorQuery): Promise<UnitHit[]>;
  /** `searchVector` for several query vectors at once (one list per vector, same order): the embedded store scores them in one pass. */
  searchVectors(query: VectorsQuery): Promise<UnitHit[][]>;

  close(): Promise<void>;
}
