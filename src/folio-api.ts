import type { Feedback } from './answer/answer-feedback.ts';
import type { AnswerReport } from './answer/evaluation/answer-metrics.ts';
import type { Answer, Citation } from './answer/types.ts';
import type { Config } from './config.ts';
import type { ConversationAskInput } from './conversation/ask-in-conversation.ts';
import type { AskOutcome, ConversationDocuments } from './conversation/ask-outcome.ts';
import type { ForgetOutcome } from './forget-document.ts';
import type { DocumentRecord, DocumentSource } from './documents/types.ts';
import type { IngestFileInput, IngestOutcome } from './ingest/ingest-files.ts';
import type { SubmitDocumentInput, SubmittedDocument } from './queue/submit-document.ts';
import type { IngestEvent } from './ingest/types.ts';
import type { DocumentTree } from './documents/document-tree.ts';
import type { Logger } from './log.ts';
import type { ModelSpeed } from './models/types.ts';
import type { IngestJobEvent, QueueCounts } from './queue/types.ts';
import type { Readiness } from './readiness.ts';
import type { EvalSet } from './search/evaluation/eval-set.ts';
import type { MetricsReport } from './search/evaluation/page-hit-metrics.ts';
import type { EvalScope } from './search/evaluation/run-eval.ts';
import type { SearchResult } from './search/types.ts';
import type { ForgetSpaceOutcome } from './forget-space.ts';
import type { SpaceId } from './spaces/space-id.ts';
import type { AnswerDelivery, SpaceSettings } from './spaces/space-settings.ts';
import type { StateStore } from './state/types.ts';

/**
 * What Folio offers every surface: the `Folio` object createFolio (folio.ts) returns, and the types its
 * methods take and give. Surfaces reach it through src/index.ts.
 */
export type { Feedback, SubmitDocumentInput, SubmittedDocument };

export interface IngestFilesOptions {
  source?: DocumentSource;
  /** `index` is the file's position in the input list. */
  onEvent?: (index: number, event: IngestEvent) => void;
  signal?: AbortSignal;
}

export interface SpaceScope {
  /** Also read the team-wide space (`slack:<team>:*`) when answering in this space. */
  includeTeam: boolean;
}

/** The configured models, by id; absent ones are not configured. */
export interface ModelsInUse {
  language?: string;
  embedding?: string;
  vision?: string;
  /** One line for start-up summaries. */
  summary: string;
  /** The chat model's measured speed (a local model, or a server with OPENAI_MEASURE_SPEED, once warmUp measured it). */
  speed?: ModelSpeed;
  /** Why warmUp could not load the chat model (a local model whose files or runtime are missing or broken). */
  loadError?: string;
}

/**
 * Small JSON state a surface keeps for itself (delivery dedupe keys, installations, remembered
 * conversations), shared by every process when REDIS_URL is set. Keys should start with the surface's name.
 */
export type SurfaceState = Pick<StateStore, 'get' | 'set' | 'claim' | 'delete' | 'list'>;

/**
 * Folio's whole API: documents in, questions answered, spaces configured. Built once by createFolio;
 * every surface (web, Slack, Teams, CLI) calls only this and holds no store, queue or model of its own.
 */
export interface Folio {
  readonly config: Config;
  readonly log: Logger;
  readonly models: ModelsInUse;
  /**
   * Checks type and size, stores the original, records the document as queued and queues its ingest.
   * Bad input throws a FolioError with a user-facing message before anything is stored.
   */
  submitDocument(input: SubmitDocumentInput): Promise<SubmittedDocument>;
  /** Reads files into a space in this process and returns when every one is ready or failed (CLI, eval). */
  ingestFiles(files: IngestFileInput[], space: SpaceId, options?: IngestFilesOptions): Promise<IngestOutcome[]>;
  /**
   * Reads documents again from their stored originals in this process, keeping their ids, names,
   * spaces and sources (`folio reindex`, reindex-data.ts). Outcomes come in the order of `records`.
   */
  rereadDocuments(records: DocumentRecord[], options?: IngestFilesOptions): Promise<IngestOutcome[]>;
  /**
   * Throws data_format_outdated when the store holds data of an older Folio (`folio reindex` rebuilds
   * it). The SQLite store refuses such data when it opens; Weaviate's collections are checked here.
   */
  checkDataFormat(): Promise<void>;
  /** Ingest progress of every job (this process's and, with Redis, every worker's). */
  onIngestEvent(listener: (event: IngestJobEvent) => void): () => void;
  /** Runs ingest workers in this process (serve without Redis; `folio worker`); throws queue_unavailable when the queue cannot be reached. */
  startWorkers(): Promise<void>;
  /**
   * Readies searching (the store's search threads) and a chat model that measures its speed (a local
   * model loaded, in `models.speed`), so the first question is as fast as later ones; never throws.
   */
  warmUp(): Promise<void>;
  /**
   * A question asked in a conversation that reads `input.spaces`: an answer, or why there is none yet
   * (no documents, still reading, the asker's question limit), with its delivery (thread or private)
   * from the settings of `input.spaces[0]`. Throws a FolioError for a question that cannot be asked
   * (empty, too long).
   */
  ask(input: ConversationAskInput): Promise<AskOutcome>;
  search(spaces: SpaceId[], question: string, options?: { k?: number; documentIds?: string[] }): Promise<SearchResult>;
  listDocuments(space: SpaceId): Promise<DocumentRecord[]>;
  /** The documents of these spaces by what they can contribute now: ready, still being read, unreadable. */
  spaceStatus(spaces: SpaceId[]): Promise<ConversationDocuments>;
  /** By id or name, the record only; throws document_not_found. */
  findDocument(space: SpaceId, idOrName: string): Promise<DocumentRecord>;
  /** The document's heading tree; null while it is being read or when it failed. */
  getTree(space: SpaceId, documentId: string): Promise<DocumentTree | null>;
  /** Deletes a document (by id or name) and the files only it used; throws document_not_found. */
  forget(space: SpaceId, idOrName: string): Promise<ForgetOutcome>;
  /**
   * Forgets a whole space: every document (records, trees, units, and in Weaviate the space's tenants),
   * the files no other space uses, the space's settings, scope and kept answers. Irreversible; surfaces
   * ask for confirmation first. `forgottenBy` (a platform user id, "cli" or "api") is logged. A space
   * with no documents is forgotten too (its settings go): `documents` is 0 then.
   */
  forgetSpace(space: SpaceId, options?: { forgottenBy?: string }): Promise<ForgetSpaceOutcome>;
  /**
   * A PNG of one page (1-based) of a document, rendered once and cached; throws document_not_found for a
   * page it lacks. `highlight` (a `CitedQuote.highlight`, several joined by commas) marks the quoted lines
   * on it; input_invalid when it is not one; lines the document's tree does not place leave the page unmarked.
   */
  pageImagePath(space: SpaceId, idOrName: string, page: number, options?: { highlight?: string }): Promise<string>;
  /**
   * How a person names one page (1-based) of a document (id or name): "slide 4", "p. iv", "p. 45"
   * (page-names.ts), in `language` (default English).
   */
  pageName(space: SpaceId, idOrName: string, page: number, language?: string): Promise<string>;
  /**
   * A link that opens one page image without the API key, for chat citations (valid for a week; see
   * page-link.ts), with the quoted lines marked when `highlight` is given; undefined when FOLIO_PUBLIC_URL
   * is not set, since chat users could not reach the server.
   */
  pageLink(space: SpaceId, documentId: string, page: number, highlight?: string): string | undefined;
  /** `pageLink` for a citation: the page its first quote is on (else its first page), the quotes marked. */
  citationLink(citation: Citation): string | undefined;
  /** The spaces a question asked in `space` reads: itself, plus its team space when it opted in. */
  readableSpaces(space: SpaceId): Promise<SpaceId[]>;
  getScope(space: SpaceId): Promise<SpaceScope>;
  setScope(space: SpaceId, scope: SpaceScope): Promise<void>;
  /** How answers are given in `space` (visibility, cited only, question limit); the defaults when never set. */
  getSettings(space: SpaceId): Promise<SpaceSettings>;
  /**
   * How what a surface shows before a question's outcome is known (a streamed draft, a failure) is
   * delivered in `space`: `thread` only when every outcome there goes to the thread. With the state
   * store down, the default settings apply, as they do for `ask`.
   */
  draftDelivery(space: SpaceId): Promise<AnswerDelivery>;
  /**
   * Changes some settings of `space` and resolves with all of them. Refuses unknown names and wrong
   * values with a FolioError (input_invalid) saying what each takes. `changedBy` (a platform user id,
   * or "api") is logged with the change: anyone in a conversation may change its settings.
   */
  setSettings(space: SpaceId, patch: Partial<SpaceSettings>, options?: { changedBy?: string }): Promise<SpaceSettings>;
  /**
   * The answer a person received privately in `by.space`, now to be posted for everyone there: only
   * by its asker, once, and only when the space would post it (see private-answers.ts); refusals are
   * FolioErrors with a message for the person.
   */
  shareAnswer(answerId: string, by: { space: SpaceId; asker: string }): Promise<Answer>;
  /** Stores 👍/👎 with the question and answer it is about. */
  recordFeedback(feedback: Feedback): Promise<void>;
  queueCounts(): Promise<QueueCounts>;
  /** Every backend Folio needs, checked now (for /readyz). */
  readiness(): Promise<Readiness>;
  /** Page hit@k and MRR of an evaluation set already ingested into `space`. */
  evaluateRetrieval(space: SpaceId, set: EvalSet, scopes: EvalScope[]): Promise<{ scopes: Partial<Record<EvalScope, MetricsReport>>; skipped: number }>;
  /** Every question of the set asked through the answer pipeline (answers not kept for feedback), scored. */
  /** `sample` k: every k-th answerable and every k-th unanswerable question only. */
  evaluateAnswers(
    space: SpaceId,
    set: EvalSet,
    scopes: EvalScope[],
    onProgress?: (done: number, total: number) => void,
    options?: { sample?: number },
  ): Promise<{ scopes: Partial<Record<EvalScope, AnswerReport>>; skipped: number }>;
  readonly surfaceState: SurfaceState;
  /** Stops the queue (running jobs finish or go back), then closes OCR, state and the store. */
  close(): Promise<void>;
}
