import { keepAnswerForFeedback, recordFeedback } from './answer/answer-feedback.ts';
import { TreeCache } from './answer/tree-cache.ts';
import { treeOfPages } from './store/tree-pages.ts';
import { namePage, pageNamesOf } from './documents/page-names.ts';
import type { Answer, AskInput } from './answer/types.ts';
import type { Config } from './config.ts';
import { askInConversation } from './conversation/ask-in-conversation.ts';
import { answerWithFocus, spaceWordsIn, questionFocus } from './conversation/question-focus.ts';
import { EmbeddedDocumentDescriptions } from './conversation/described-documents.ts';
import type { EvalScope } from './search/evaluation/run-eval.ts';
import { takeAnswerToShare } from './conversation/private-answers.ts';
import { sortDocuments } from './conversation/ask-outcome.ts';
import { documentNotFound } from './documents/document-not-found.ts';
import { forgetDocument } from './forget-document.ts';
import { markDocumentFailed } from './ingest/mark-document-failed.ts';
import { citedPage, highlightBoxes, invalidHighlight, parseHighlight } from './documents/page-highlight.ts';
import { PageImageCache } from './store/page-image-cache.ts';
import { signedPageLink } from './documents/page-link.ts';
import type { PageImageRenderer } from './page-images/page-image.ts';
import { BlobStore } from './store/blob-store.ts';
import { DeferredKnowledgeStore } from './store/deferred-knowledge-store.ts';
import { SqliteKnowledgeStore } from './store/sqlite/sqlite-knowledge-store.ts';
import type { KnowledgeStore } from './store/types.ts';
import type { FigureDescriber } from './models/types.ts';
import { createPageOcr, type PageOcr } from './ingest/pdf/ocr/page-ocr.ts';
import { readIngestJob } from './queue/read-ingest-job.ts';
import { submitDocument } from './queue/submit-document.ts';
import { createLogger, type Logger } from './log.ts';
import { buildModels } from './models/build-models.ts';
import type { EmbeddingModel, Models } from './models/types.ts';
import { asFolioError } from './errors.ts';
import { createJobQueue } from './queue/create-job-queue.ts';
import type { JobQueue } from './queue/types.ts';
import { checkReadiness } from './readiness.ts';
import { searchSpace } from './search/search-space.ts';
import { forgetSpace } from './forget-space.ts';
import { teamSpaceOf } from './spaces/conversation-space.ts';
import { deliveryBeforeOutcome, readSpaceSettings, settingsForAnswering, writeSpaceSettings } from './spaces/space-settings.ts';
import { createStateStore } from './state/create-state-store.ts';
import { LazyStateStore } from './state/lazy-state-store.ts';
import type { StateStore } from './state/types.ts';

import type { Folio, SpaceScope } from './folio-api.ts';

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

  // Questions that describe a document rather than name it find it through the embedding model, when there is one.
  const descriptions = models.embedding ? new EmbeddedDocumentDescriptions(models.embedding, log) : undefined;

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
        descriptions,
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
        const { PageImageRenderer } = await import('./page-images/page-image.ts');
        pageImages ??= new PageImageRenderer({ dataDir: config.dataDir, blobs, ingest: config.ingest });
      }
      const tree = treeOfPages(record.id, await store.getTreePages(space, record.id, [page]));
      const pageSize = tree?.pageSizes?.[page - 1];
      // A tree read before line boxes were kept has no page sizes (and no lines): the page unmarked.
      if (!spans || !tree || !pageSize) return pageImages.pagePath(record, page, pageSize?.turn);
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
      const ready = (await store.listDocuments(space)).filter(record => record.status === 'ready');
      // Focused as Folio.ask focuses a question: in a document's thread on that document; over the whole
      // space on the documents the question names, if any. Widened when the focus does not answer.
      const ask = async (input: AskInput, scope: EvalScope, documentId: string) => {
        const focus =
          scope === 'thread'
            ? ({ documents: ready.filter(record => record.id === documentId), reason: 'thread' } as const)
            : scope === 'space'
              ? await questionFocus({ question: input.question }, ready, space, spaceWordsIn(store, [space]), descriptions)
              : undefined;
        return focus ? answerWithFocus({ ...input, readyDocuments: ready }, focus, ready, answerQuestion) : answerQuestion(input);
      };
      return runAnswerEval(ask, store, space, set, scopes, onProgress, options);
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
