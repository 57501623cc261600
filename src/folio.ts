import { keepAnswerForFeedback, recordFeedback, type Feedback } from './answer/answer-feedback.ts';
import type { AnswerReport } from './answer/evaluation/answer-metrics.ts';
import { TreeCache } from './answer/tree-cache.ts';
import { treeOfPages } from './store/tree-pages.ts';
import { namePage, pageNamesOf } from './documents/page-names.ts';
import type { Answer, AskInput, Citation } from './answer/types.ts';
import type { Config } from './config.ts';
import { askInConversation, type ConversationAskInput } from './conversation/ask-in-conversation.ts';
import { takeAnswerToShare } from './conversation/private-answers.ts';
import { sortDocuments, type AskOutcome, type ConversationDocuments } from './conversation/ask-outcome.ts';
import { documentNotFound } from './documents/document-not-found.ts';
import { forgetDocument, type ForgetOutcome } from './documents/forget-document.ts';
import { markDocumentFailed } from './documents/mark-document-failed.ts';
import { citedPage, highlightBoxes, invalidHighlight, parseHighlight } from './documents/page-highlight.ts';
import { PageImageCache } from './documents/page-image-cache.ts';
import { signedPageLink } from './documents/page-link.ts';
import type { PageImageRenderer } from './documents/page-image.ts';
import type { DocumentRecord, DocumentSource } from './documents/types.ts';
import { BlobStore } from './store/blob-store.ts';
import { DeferredKnowledgeStore } from './store/deferred-knowledge-store.ts';
import { SqliteKnowledgeStore } from './store/sqlite/sqlite-knowledge-store.ts';
import type { KnowledgeStore } from './store/types.ts';
import type { FigureDescriber } from './ingest/figures/describe-figures.ts';
import type { IngestFileInput, IngestOutcome } from './ingest/ingest-files.ts';
import { createPageOcr, type PageOcr } from './ingest/pdf/ocr/page-ocr.ts';
import { readIngestJob } from './ingest/read-ingest-job.ts';
import { submitDocument, type SubmitDocumentInput, type SubmittedDocument } from './ingest/submit-document.ts';
import type { DocumentTree, IngestEvent } from './ingest/types.ts';
import { createLogger, type Logger } from './log.ts';
import { buildModels } from './models/build-models.ts';
import type { EmbeddingModel, Models, ModelSpeed } from './models/types.ts';
import { asFolioError } from './errors.ts';
import { createJobQueue } from './queue/create-job-queue.ts';
import type { IngestJobEvent, JobQueue, QueueCounts } from './queue/types.ts';
import { checkReadiness, type Readiness } from './readiness.ts';
import type { EvalSet } from './search/evaluation/eval-set.ts';
import type { MetricsReport } from './search/evaluation/page-hit-metrics.ts';
import type { EvalScope } from './search/evaluation/run-eval.ts';
import { searchSpace } from './search/search-space.ts';
import type { SearchResult } from './search/types.ts';
import { forgetSpace, type ForgetSpaceOutcome } from './spaces/forget-space.ts';
import { teamSpaceOf } from './spaces/conversation-space.ts';
import type { SpaceId } from './spaces/space-id.ts';
import {
  deliveryBeforeOutcome,
  readSpaceSettings,
  settingsForAnswering,
  writeSpaceSettings,
  type AnswerDelivery,
  type SpaceSettings,
} from './spaces/space-settings.ts';
import { createStateStore } from './state/create-state-store.ts';
import { LazyStateStore } from './state/lazy-state-store.ts';
import type { StateStore } from './state/types.ts';

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

/** Parts a test (or a benchmark) supplies instead of the ones Config names. */
export interface FolioOverrides {
  store?: KnowledgeStore;
  blobs?: BlobStore;
  models?: Models;
  embeddingModel?: EmbeddingModel;
  figureDescriber?: FigureDescriber;
  queue?: JobQueue;
  state?: StateStore;
  log?: Logger;
}

/**
 * The composition root: the only place that picks concrete classes. The store is Weaviate when
 * WEAVIATE_URL is set (its client is loaded on first use), else the embedded SQLite file in the data
 * dir; originals and figure crops are files in the data dir either way. State (SQLite or Redis) and the
 * queue (in-process or BullMQ) are opened on first use, so commands that only read documents open neither.
 */
export function createFolio(config: Config, overrides: FolioOverrides = {}): Folio {
  const log = overrides.log ?? createLogger({ level: config.logLevel });
  const state = overrides.state ?? new LazyStateStore(config.queue.redisUrl ? 'redis' : 'sqlite', () => createStateStore(config, { log }));
  const built = overrides.models
    ? {
        models: overrides.models,
        figureDescriber: overrides.figureDescriber,
        summary: `models: ${overrides.models.language?.id ?? 'offline'} (supplied by the caller)`,
      }
    : buildModels(config.models, { log, state });
  const models: Models = { ...built.models, embedding: overrides.embeddingModel ?? built.models.embedding };
  const figureDescriber = overrides.figureDescriber ?? built.figureDescriber;
  const weaviate = config.weaviate;
  const store =
    overrides.store ??
    (weaviate
      ? new DeferredKnowledgeStore('weaviate', async () => {
          const { failFastWeaviateStore } = await import('./store/weaviate/fail-fast-knowledge-store.ts');
          return failFastWeaviateStore(weaviate);
        })
      : new SqliteKnowledgeStore({ dataDir: config.dataDir }));
  const blobs = overrides.blobs ?? new BlobStore(config.dataDir);
  const pageImageCache = new PageImageCache(config.dataDir);
  let pageImages: PageImageRenderer | undefined;
  const trees = new TreeCache();
  // Tesseract starts on the first scanned page, not before.
  let ocr: PageOcr | undefined;
  const pageOcr = () => {
    if (config.ingest.ocr.enabled) ocr ??= createPageOcr({ languages: config.ingest.ocr.languages });
    return ocr;
  };

  let queue: JobQueue | undefined;
  let stopMarkingFailures: (() => void) | undefined;
  const jobQueue = (): JobQueue => {
    if (queue) return queue;
    queue = overrides.queue ?? createJobQueue(config, { state, log: log.child({ component: 'queue' }) });
    // A job that failed by throwing (or was given up on) never reached the reader's own failure path:
    // mark its document failed so nobody waits on a "parsing" document forever.
    stopMarkingFailures = queue.subscribe(event => {
      if (event.type !== 'finished' || event.outcome.status !== 'failed') return;
      markDocumentFailed(store, { space: event.job.space, id: event.job.documentId }, event.outcome.error).catch(error =>
        log.warn({ err: error, jobId: event.job.id }, 'could not mark a failed document'),
      );
    });
    return queue;
  };

  const ingestDependencies = () => ({
    store,
    blobs,
    embeddingModel: models.embedding,
    figureDescriber,
    pageImages: pageImageCache,
    config: config.ingest,
    log,
    ocr: pageOcr(),
  });

  const folio: Folio = {
    config,
    log,
    models: { language: models.language?.id, embedding: models.embedding?.id, vision: models.vision?.id, summary: built.summary },
    surfaceState: state,

    submitDocument: input => submitDocument(input, { store, blobs, queue: jobQueue, maxFileBytes: config.ingest.maxFileBytes, log }),

    async ingestFiles(files, space, options = {}) {
      // Imported on first use: parsing pulls in pdf.js, which most commands do not need.
      const { ingestFiles } = await import('./ingest/ingest-files.ts');
      return ingestFiles(files, space, { ...ingestDependencies(), ...options });
    },

    async rereadDocuments(records, options = {}) {
      const { rereadDocuments } = await import('./ingest/reread-documents.ts');
      return rereadDocuments(records, { ...ingestDependencies(), ...options });
    },

    async checkDataFormat() {
      if (!weaviate || overrides.store) return;
      const [{ checkDataFormat }, { WeaviateRest }] = await Promise.all([import('./store/weaviate/schema.ts'), import('./store/weaviate/weaviate-rest.ts')]);
      await checkDataFormat(new WeaviateRest({ url: weaviate.url, apiKey: weaviate.apiKey, timeoutMs: 5_000 }));
    },

    onIngestEvent: listener => jobQueue().subscribe(listener),

    async startWorkers() {
      // Throws queue_unavailable when Redis cannot be reached, before any worker starts.
      await jobQueue().ping();
      await jobQueue().work((job, report, signal) => readIngestJob(job, report, signal, ingestDependencies()), { concurrency: config.queue.ingestConcurrency });
    },

    ask: input =>
      askInConversation(input, {
        store,
        state,
        log,
        maxQuestionChars: config.ask.maxQuestionChars,
        answer: async question => {
          const answer = await answerQuestion(question);
          await keepAnswerForFeedback(answer, question.spaces, { state, log });
          return answer;
        },
      }),

    async search(spaces, question, options = {}) {
      return searchSpace(store, question, {
        spaces,
        k: options.k ?? 10,
        documentIds: options.documentIds,
        embedder: models.embedding,
        rrfK: config.ask.rrfK,
      });
    },

    listDocuments: space => store.listDocuments(space),

    spaceStatus: async spaces => sortDocuments((await Promise.all(spaces.map(space => store.listDocuments(space)))).flat()),

    async findDocument(space, idOrName) {
      const record = await store.findDocument(space, idOrName);
      if (!record) throw documentNotFound(space, idOrName);
      return record;
    },

    getTree: (space, documentId) => store.getTree(space, documentId),

    forget: (space, idOrName) => forgetDocument(space, idOrName, { store, blobs, pageImages: pageImageCache }),

    async forgetSpace(space, options = {}) {
      const outcome = await forgetSpace(space, {
        store,
        blobs,
        pageImages: pageImageCache,
        state,
        log,
        dropCaches: forgotten => trees.dropSpace(forgotten),
        stateKeys: forgotten => [`scope:${forgotten}`],
      });
      log.info(
        {
          space,
          forgottenBy: options.forgottenBy ?? 'unknown',
          documents: outcome.documents,
          deletedBlobs: outcome.deletedBlobs,
          leftovers: outcome.leftovers,
        },
        'space forgotten',
      );
      return outcome;
    },

    async pageImagePath(space, idOrName, page, options = {}) {
      const record = await folio.findDocument(space, idOrName);
      const spans = options.highlight === undefined ? undefined : parseHighlight(options.highlight);
      if (options.highlight !== undefined && !spans) throw invalidHighlight(options.highlight);
      // Imported on first use: rendering pulls in pdf.js.
      if (!pageImages) {
        const { PageImageRenderer } = await import('./documents/page-image.ts');
        pageImages ??= new PageImageRenderer({ dataDir: config.dataDir, blobs, ingest: config.ingest });
      }
      if (!spans) return pageImages.pagePath(record, page);
      const tree = treeOfPages(record.id, await store.getTreePages(space, record.id, [page]));
      const pageSize = tree?.pageSizes?.[page - 1];
      // A tree read before line boxes were kept has no page sizes (and no lines): the page unmarked.
      if (!tree || !pageSize) return pageImages.pagePath(record, page);
      return pageImages.highlightedPagePath(record, page, { boxes: highlightBoxes(tree, page, spans), pageSize });
    },

    async pageName(space, idOrName, page, language) {
      const record = await folio.findDocument(space, idOrName);
      const tree = treeOfPages(record.id, await store.getTreePages(space, record.id, [page]));
      return namePage(pageNamesOf(record.mime, tree ?? undefined), page, language);
    },

    pageLink: (space, documentId, page, highlight) =>
      config.server.publicUrl
        ? signedPageLink({ space, documentId, page }, { publicUrl: config.server.publicUrl, apiKey: config.server.apiKey }, { highlight })
        : undefined,

    citationLink(citation) {
      const { page, highlight } = citedPage(citation);
      return folio.pageLink(citation.space, citation.documentId, page, highlight);
    },

    async readableSpaces(space) {
      const team = teamSpaceOf(space);
      if (!team || team === space) return [space];
      return (await folio.getScope(space)).includeTeam ? [space, team] : [space];
    },

    getScope: async space => (await state.get<SpaceScope>(`scope:${space}`)) ?? { includeTeam: false },
    setScope: (space, scope) => state.set(`scope:${space}`, scope),

    getSettings: space => readSpaceSettings(state, space),

    draftDelivery: async space => deliveryBeforeOutcome(await settingsForAnswering(state, space, log), space),

    async setSettings(space, patch, options = {}) {
      const settings = await writeSpaceSettings(state, space, patch);
      log.info({ space, changedBy: options.changedBy ?? 'unknown', change: patch, settings }, 'space settings changed');
      return settings;
    },

    async shareAnswer(answerId, by) {
      const answer = await takeAnswerToShare(state, answerId, by);
      log.info({ space: by.space, answerId, sharedBy: by.asker }, 'a private answer was shared in its conversation');
      return answer;
    },

    recordFeedback: feedback => recordFeedback(feedback, state),

    queueCounts: () => jobQueue().counts(),

    readiness: () => checkReadiness({ store, queue: jobQueue, state, models }),

    async evaluateRetrieval(space, set, scopes) {
      const { runEval } = await import('./search/evaluation/run-eval.ts');
      return runEval(store, space, set.questions, scopes, models.embedding);
    },

    async evaluateAnswers(space, set, scopes, onProgress, options) {
      const { runAnswerEval } = await import('./answer/evaluation/run-answer-eval.ts');
      return runAnswerEval(input => answerQuestion(input), store, space, set, scopes, onProgress, options);
    },

    async warmUp() {
      const measuring = models.language?.speed?.().then(
        speed => void (folio.models.speed = speed),
        error => {
          folio.models.loadError = asFolioError(error).userMessage;
          log.warn({ err: asFolioError(error).message }, 'the chat model could not be loaded or measured');
        },
      );
      await Promise.all([store.warmUp(), measuring]);
    },
    async close() {
      stopMarkingFailures?.();
      await queue?.close();
      await ocr?.close();
      await state.close();
      await store.close();
    },
  };

  async function answerQuestion(input: AskInput): Promise<Answer> {
    const { askQuestion } = await import('./answer/ask-question.ts');
    return askQuestion(input, { store, models, config: config.ask, modelsConfig: config.models, log, trees });
  }

  return folio;
}
