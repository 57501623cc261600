import { TreeCache } from './answer/tree-cache.ts';
import type { Answer, AskInput } from './answer/types.ts';
import { buildFolio, type Folio, type FolioPorts } from './compose.ts';
import type { Config } from './config.ts';
import { documentIdFor } from './documents/document-id.ts';
import { cleanDocumentName } from './documents/document-name.ts';
import type { ForgetOutcome } from './documents/forget-document.ts';
import { documentNotFound } from './documents/document-not-found.ts';
import type { DocumentRecord, DocumentSource } from './documents/types.ts';
import { asFolioError, FolioError } from './errors.ts';
import { detectFileType } from './ingest/detect-file-type.ts';
import { createPageOcr } from './ingest/pdf/ocr/page-ocr.ts';
import type { DocumentTree } from './ingest/types.ts';
import type { Models } from './models/types.ts';
import { createJobQueue } from './queue/create-job-queue.ts';
import type { IngestJob, IngestJobEvent, JobQueue } from './queue/types.ts';
import { loadPageIndex } from './retrieve/load-page-index.ts';
import { PageIndex } from './retrieve/page-index.ts';
import { searchSpace } from './retrieve/search-space.ts';
import type { SearchResult } from './retrieve/types.ts';
import { teamSpaceOf, type SpaceId } from './spaces/space-id.ts';
import { createStateStore } from './state/create-state-store.ts';
import { createLogger } from './log.ts';
import { buildModels, type BuiltModels } from './models/build-models.ts';
import type { StateStore } from './state/types.ts';

export interface SubmitDocumentInput {
  space: SpaceId;
  /** A file on disk (adapters stream downloads to a temporary file first, enforcing the size limit). */
  path: string;
  /** File name as shared. */
  name: string;
  source: DocumentSource;
}

export interface SubmittedDocument {
  jobId: string;
  documentId: string;
  /** The same bytes are already ready in this space: nothing was queued. */
  duplicate: boolean;
  /** Set when `duplicate`: the existing document. */
  record?: DocumentRecord;
}

export interface Feedback {
  answerId: string;
  rating: 'up' | 'down';
  /** Platform user id of whoever clicked. */
  user?: string;
  comment?: string;
}

export interface SpaceScope {
  /** Also read the team-wide space (`slack:<team>:*`) when answering in this space. */
  includeTeam: boolean;
}

export interface FolioAppPorts extends FolioPorts {
  models: Models;
  queue: JobQueue;
  state: StateStore;
}

/**
 * Everything the adapters (web, Slack, Teams) and the CLI call: documents in, questions answered, spaces
 * configured. Built once from Config (see createFolioApp); holds no platform knowledge.
 */
export interface FolioApp {
  readonly config: Config;
  /** The parts it is built from (store, blobs, models, queue, state) and direct ingest for tests and the CLI. */
  readonly ports: Folio & FolioAppPorts;
  readonly log: FolioPorts['log'];
  /** One line on the configured models, for start-up summaries. */
  readonly modelsSummary: string;
  /**
   * Checks type and size, stores the original, records the document as queued and queues its ingest.
   * Bad input throws a FolioError with a user-facing message before anything is stored.
   */
  submitDocument(input: SubmitDocumentInput): Promise<SubmittedDocument>;
  /** Ingest progress of every job (this process's and, with Redis, every worker's). */
  onIngestEvent(listener: (event: IngestJobEvent) => void): () => void;
  /** Runs ingest workers in this process (serve without Redis; `folio worker`). */
  startWorkers(): Promise<void>;
  ask(input: AskInput): Promise<Answer>;
  search(spaces: SpaceId[], question: string, options?: { k?: number; documentIds?: string[] }): Promise<SearchResult>;
  listDocuments(space: SpaceId): Promise<DocumentRecord[]>;
  /** By id or name; throws document_not_found. */
  getDocument(space: SpaceId, idOrName: string): Promise<{ record: DocumentRecord; tree: DocumentTree | null }>;
  forget(space: SpaceId, idOrName: string): Promise<ForgetOutcome>;
  /** The spaces a question asked in `space` reads: itself, plus its team space when it opted in. */
  readableSpaces(space: SpaceId): Promise<SpaceId[]>;
  getScope(space: SpaceId): Promise<SpaceScope>;
  setScope(space: SpaceId, scope: SpaceScope): Promise<void>;
  /** Stores 👍/👎 with the question and answer it is about. */
  recordFeedback(feedback: Feedback): Promise<void>;
  /** Every backend Folio needs, checked now (for /readyz). */
  readiness(): Promise<Record<string, { ok: boolean; detail: string }>>;
  close(): Promise<void>;
}

export interface CreateFolioAppOverrides extends Partial<FolioAppPorts> {}

/** How long an answer is kept so a 👍/👎 click can refer to it. */
const answerRetentionSeconds = 90 * 24 * 3600;
/** The longest a question's reply waits for its answer to be kept for feedback. */
const answerKeepWaitMs = 1_000;

/**
 * The composition root of the service: store, blobs, models, queue and state from Config (each may be
 * replaced by a test), and the core operations on top of them.
 */
export function createFolioApp(config: Config, overrides: CreateFolioAppOverrides = {}): FolioApp {
  const log = overrides.log ?? createLogger({ level: config.logLevel });
  const state = overrides.state ?? createStateStore(config, { log });
  const built: Omit<BuiltModels, 'summary'> & { summary?: string } = overrides.models
    ? { models: overrides.models, figureDescriber: overrides.figureDescriber }
    : buildModels(config.models, { log, state });
  const models = built.models;
  const folio: Folio = buildFolio(config, {
    ...overrides,
    log,
    embeddingModel: overrides.embeddingModel ?? models.embedding,
    figureDescriber: overrides.figureDescriber ?? built.figureDescriber,
  });
  const queue = overrides.queue ?? createJobQueue(config, { state, log: log.child({ component: 'queue' }) });
  // Tesseract starts on the first scanned page, not before.
  const ocr = config.ingest.ocr.enabled ? createPageOcr({ languages: config.ingest.ocr.languages }) : undefined;
  const ports: Folio & FolioAppPorts = { ...folio, models, queue, state };
  const pageIndex = new PageIndex();
  const trees = new TreeCache();
  // One refresh at a time: loadPageIndex mutates the shared index.
  let pageIndexRefresh: Promise<unknown> = Promise.resolve();
  const refreshPageIndex = (spaces: SpaceId[]) => {
    const next = pageIndexRefresh.then(() => loadPageIndex(folio.store, spaces, undefined, pageIndex));
    pageIndexRefresh = next.catch(() => undefined);
    return next;
  };

  // A job that failed by throwing (or was given up on) never reached ingestFiles' own failure path:
  // mark its document failed so nobody waits on a "parsing" document forever.
  const stopMarkingFailures = queue.subscribe(event => {
    if (event.type !== 'finished' || event.outcome.status !== 'failed') return;
    void markFailed(event.job, event.outcome.error).catch(error => log.warn({ err: error, jobId: event.job.id }, 'could not mark a failed document'));
  });
  const markFailed = async (job: IngestJob, error: { code: string; message: string } | undefined) => {
    const record = await folio.store.getRecord(job.space, job.documentId);
    if (!record || record.status === 'ready' || record.status === 'failed') return;
    await folio.store.saveRecord({ ...record, status: 'failed', error: error ?? { code: 'internal', message: 'Reading this document failed unexpectedly.' }, updatedAt: new Date().toISOString() });
  };

  const app: FolioApp = {
    config,
    ports,
    log,
    modelsSummary: built.summary ?? `models: ${models.language?.id ?? 'offline'} (supplied by the caller)`,

    async submitDocument(shared) {
      // The name is display text only (files are stored by sha256); cleaned once, here, for every adapter.
      const input = { ...shared, name: cleanDocumentName(shared.name) };
      const detected = await detectFileType(input.path, { declaredName: input.name, maxBytes: config.ingest.maxFileBytes });
      const original = await folio.blobs.storeOriginal(input.path);
      const documentId = documentIdFor(input.space, original.sha256);
      const jobId = `${input.space}:${original.sha256}`;
      const existing = await folio.store.getRecord(input.space, documentId);
      if (existing?.status === 'ready') return { jobId, documentId, duplicate: true, record: existing };
      const timestamp = new Date().toISOString();
      const job: IngestJob = { id: jobId, space: input.space, documentId, sha256: original.sha256, name: input.name, source: input.source, queuedAt: timestamp };
      // Already on its way (shared twice while being read): the queue folds the second job into the first.
      if (existing && existing.status !== 'failed') {
        await queue.enqueue(job);
        return { jobId, documentId, duplicate: false };
      }
      const queued: DocumentRecord = {
        id: documentId,
        space: input.space,
        name: input.name,
        mime: detected.mime,
        sha256: original.sha256,
        sizeBytes: original.sizeBytes,
        pageCount: existing?.pageCount ?? 0,
        status: 'queued',
        source: input.source,
        createdAt: existing?.createdAt ?? timestamp,
        updatedAt: timestamp,
      };
      await folio.store.saveRecord(queued);
      try {
        await queue.enqueue(job);
      } catch (error) {
        // Never queued (Redis down, disk full): a record left "queued" would wait forever. Failed, with
        // the reason, it shows what happened and the same file can simply be shared again.
        const reason = asFolioError(error);
        await folio.store
          .saveRecord({ ...queued, status: 'failed', error: { code: reason.code, message: reason.userMessage }, updatedAt: new Date().toISOString() })
          .catch(saveError => log.warn({ err: saveError, documentId }, 'could not mark an unqueued document failed'));
        throw error;
      }
      return { jobId, documentId, duplicate: false };
    },

    onIngestEvent: listener => queue.subscribe(listener),

    async startWorkers() {
      await queue.work(
        async (job, report, signal) => {
          const [outcome] = await folio.ingest([{ path: folio.blobs.originalPath(job.sha256), name: job.name }], job.space, {
            source: job.source,
            ocr,
            onEvent: (_index, event) => report(event),
            signal,
          });
          return outcome;
        },
        { concurrency: config.queue.ingestConcurrency },
      );
    },

    async ask(input) {
      const { askQuestion } = await import('./answer/ask-question.ts');
      const answer = await askQuestion(input, {
        store: folio.store,
        models,
        config: config.ask,
        modelsConfig: config.models,
        log,
        pageIndex: await refreshPageIndex(input.spaces),
        trees,
      });
      // Kept only so a 👍/👎 can refer to it. Normally stored before the reply goes out (so a click right
      // after finds it), but never waited on for long: a slow, down (Redis) or full state store must not
      // delay or cost the answer.
      const kept = state
        .set(`answer:${answer.id}`, { spaces: input.spaces, question: answer.question, answer: answer.answer, citations: answer.citations, at: new Date().toISOString() }, { ttlSeconds: answerRetentionSeconds })
        .catch(error => log.warn({ err: error, answerId: answer.id, code: asFolioError(error).code }, 'could not keep the answer for feedback'));
      await Promise.race([kept, new Promise(resolve => setTimeout(resolve, answerKeepWaitMs).unref())]);
      return answer;
    },

    async search(spaces, question, options = {}) {
      return searchSpace(folio.store, question, {
        spaces,
        k: options.k ?? 10,
        documentIds: options.documentIds,
        embedder: models.embedding,
        rrfK: config.ask.rrfK,
        pageIndex: options.documentIds ? undefined : await refreshPageIndex(spaces),
      });
    },

    listDocuments: space => folio.store.listDocuments(space),

    async getDocument(space, idOrName) {
      const record = await folio.store.findDocument(space, idOrName);
      if (!record) throw documentNotFound(space, idOrName);
      return { record, tree: await folio.store.getTree(space, record.id) };
    },

    forget: (space, idOrName) => folio.forget(space, idOrName),

    async readableSpaces(space) {
      const team = teamSpaceOf(space);
      if (!team || team === space) return [space];
      return (await app.getScope(space)).includeTeam ? [space, team] : [space];
    },

    getScope: async space => (await state.get<SpaceScope>(`scope:${space}`)) ?? { includeTeam: false },
    setScope: (space, scope) => state.set(`scope:${space}`, scope),

    async recordFeedback(feedback) {
      const answer = await state.get<Record<string, unknown>>(`answer:${feedback.answerId}`);
      if (!answer) {
        throw new FolioError({ code: 'input_invalid', message: `no answer ${feedback.answerId}`, userMessage: 'That answer is too old to rate.' });
      }
      await state.set(`feedback:${feedback.answerId}:${feedback.user ?? 'anonymous'}`, { ...feedback, ...answer, ratedAt: new Date().toISOString() });
    },

    async readiness() {
      const check = async (name: string, probe: () => Promise<string>) => {
        try {
          return [name, { ok: true, detail: await probe() }] as const;
        } catch (error) {
          return [name, { ok: false, detail: error instanceof Error ? error.message : String(error) }] as const;
        }
      };
      const results = await Promise.all([
        check('store', async () => {
          await folio.store.listDocuments('web:__readyz__' as SpaceId);
          return folio.store.kind;
        }),
        check('queue', async () => {
          await queue.ping();
          return queue.kind;
        }),
        check('state', async () => {
          await state.get('readyz');
          return state.kind;
        }),
        check('models', async () => (models.language ? models.language.id : 'offline')),
      ]);
      return Object.fromEntries(results);
    },

    async close() {
      stopMarkingFailures();
      await queue.close();
      await ocr?.close();
      await state.close();
      await folio.close();
    },
  };
  return app;
}
