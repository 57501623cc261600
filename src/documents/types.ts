import type { SpaceId } from '../spaces/space-id.ts';

/** Where a document is in being read: the stages of ingestion, then ready or failed. */
export type IngestStage = 'queued' | 'converting' | 'parsing' | 'describing' | 'indexing' | 'ready' | 'failed';

export type DocumentStatus = IngestStage;

/** What reading a document found and how long each stage took. */
export interface IngestStats {
  pages: number;
  /**
   * A deck's slides: how many it has, hidden ones included, and the numbers of the hidden ones (which
   * have no page). Absent for documents that are not decks.
   */
  slides?: { count: number; hidden: number[] };
  sections: number;
  tables: number;
  figures: number;
  figuresDescribed: number;
  ocrPages: number;
  /**
   * Scanned pages OCR could not read (many words, none legible any way round): their script or language
   * is not among the OCR languages, or the scan is too poor. Absent when there are none.
   */
  ocrIllegiblePages?: number[];
  /** Milliseconds per stage and in total. */
  ms: { convert: number; parse: number; describe: number; tree: number; total: number };
}

/** Where a document came from: the platform and who shared it. */
export interface DocumentSource {
  platform: 'cli' | 'web' | 'slack' | 'teams';
  fileId?: string;
  sharedBy?: string;
  /** Chat message/thread the file arrived in, so replies can go back there. */
  messageRef?: string;
}

export interface DocumentRecord {
  /** Stable for (space, sha256): sharing the same bytes again names the same document. */
  id: string;
  space: SpaceId;
  /** File name as shared. */
  name: string;
  /** The title printed on its first page, when it has one (document-title.ts); questions may name the document by it. */
  title?: string;
  /**
   * The words its first pages open with, about 400 characters (document-opening.ts): a question may name
   * the document by a run of them when no title is printed large ("the hearing on commodity distribution").
   */
  opening?: string;
  /**
   * ISO 639-1 code of the language its text is written in, read from the whole text at ingest
   * (documentLanguage); records made before it was kept have none (record-language.ts).
   */
  language?: string;
  mime: string;
  /** sha256 hex of the original bytes. */
  sha256: string;
  sizeBytes: number;
  pageCount: number;
  status: DocumentStatus;
  error?: { code: string; message: string };
  source: DocumentSource;
  createdAt: string;
  updatedAt: string;
  stats?: IngestStats;
}
