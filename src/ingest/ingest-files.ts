import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { IngestConfig } from '../config.ts';
import { cleanDocumentName } from '../documents/document-name.ts';
import type { PageImageCache } from '../store/page-image-cache.ts';
import { markDocumentFailed } from './mark-document-failed.ts';
import { releaseBlobs } from '../store/release-blobs.ts';
import type { DocumentRecord, DocumentSource } from '../documents/types.ts';
import { asFolioError, type FolioError } from '../errors.ts';
import type { BlobStore } from '../store/blob-store.ts';
import { buildUnits } from '../store/build-units.ts';
import { embedUnits } from '../store/embed-units.ts';
import { figureSha256s } from '../store/figure-sha256s.ts';
import type { KnowledgeStore } from '../store/types.ts';
import type { Logger } from '../log.ts';
import type { EmbeddingModel } from '../models/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { convertToPdf } from './convert/libreoffice.ts';
import { recordSubmission, type PreparedDocument } from './record-submission.ts';
import { noReadableText } from './no-readable-text.ts';
import type { FigureDescriber } from '../models/types.ts';
import type { PageOcr } from './pdf/ocr/page-ocr.ts';
import { PageWorkerPool } from './pdf/parallel/page-worker-pool.ts';
import { readDocument } from './read-document.ts';
import type { IngestEvent } from './types.ts';
import type { DocumentTree } from '../documents/document-tree.ts';
import type { IngestStage, IngestStats } from '../documents/types.ts';

export interface IngestFileInput {
  path: string;
  /** Name as shared; defaults to the path's base name. */
  name?: string;
}

export interface IngestOutcome {
  documentId: string;
  name: string;
  pages: number;
  status: 'ready' | 'failed';
  /** True when the same bytes were already ready in this space (nothing was parsed again). */
  duplicate: boolean;
  /** `retryable`: the failure was transient (FolioError.retryable), so a queue may run the job again. */
  error?: { code: string; message: string; retryable?: boolean };
  stats?: IngestStats;
}

export interface IngestFilesDependencies {
  store: KnowledgeStore;
  blobs: BlobStore;
  /** When set, every unit gets a vector (task 'document') before it is committed. */
  embeddingModel?: EmbeddingModel;
  /** Rendered pages of replaced originals are removed with them (the web console's page images). */
  pageImages?: PageImageCache;
  /** Vision model for figure descriptions; without one, figures keep their caption and inner text. */
  figureDescriber?: FigureDescriber;
  config: IngestConfig;
  log: Logger;
  ocr?: PageOcr;
  /** `index` is the document's position in the input list. */
  onEvent?: (index: number, event: IngestEvent) => void;
  signal?: AbortSignal;
}

/**
 * Files on disk into one space, read in this process (`folio ingest`, `folio eval`): each file is
 * submitted (recordSubmission), then every recorded one is read in one batch. Outcomes come in the
 * order of `files`; a file that cannot be submitted fails alone.
 */
export async function ingestFiles(
  files: IngestFileInput[],
  space: SpaceId,
  dependencies: IngestFilesDependencies & { source?: DocumentSource },
): Promise<IngestOutcome[]> {
  const outcomes: Array<IngestOutcome | undefined> = [];
  const toRead: Array<{ index: number; prepared: PreparedDocument }> = [];
  for (const [index, file] of files.entries()) {
    try {
      const submission = await recordSubmission(
        { space, path: file.path, name: file.name, source: dependencies.source ?? { platform: 'cli' } },
        { ...dependencies, maxFileBytes: dependencies.config.maxFileBytes },
      );
      if (submission.status === 'duplicate') {
        const { record } = submission;
        dependencies.onEvent?.(index, { type: 'stage', stage: 'ready' });
        outcomes.push({ documentId: record.id, name: record.name, pages: record.pageCount, status: 'ready', duplicate: true, stats: record.stats });
        continue;
      }
      // A document left half-read (a stopped earlier run) is read again here.
      dependencies.onEvent?.(index, { type: 'stage', stage: 'queued' });
      toRead.push({ index, prepared: submission.prepared });
      outcomes.push(undefined);
    } catch (error) {
      const folioError = asFolioError(error);
      dependencies.onEvent?.(index, { type: 'stage', stage: 'failed' });
      outcomes.push({
        documentId: '',
        name: cleanDocumentName(file.name ?? basename(file.path)),
        pages: 0,
        status: 'failed',
        duplicate: false,
        error: { code: folioError.code, message: folioError.userMessage, retryable: folioError.retryable },
      });
    }
  }
  return readInto(outcomes, toRead, dependencies);
}

/**
 * Reads `toRead` in one batch (readDocuments) and puts each outcome at its `index` in `outcomes`, which
 * holds those of the inputs not read; progress is reported by that index. All outcomes, in input order.
 */
export async function readInto(
  outcomes: Array<IngestOutcome | undefined>,
  toRead: Array<{ index: number; prepared: PreparedDocument }>,
  dependencies: IngestFilesDependencies,
): Promise<IngestOutcome[]> {
  const read = await readDocuments(
    toRead.map(item => item.prepared),
    { ...dependencies, onEvent: (position, event) => dependencies.onEvent?.(toRead[position].index, event) },
  );
  read.forEach((outcome, position) => {
    outcomes[toRead[position].index] = outcome;
  });
  return outcomes.map(outcome => outcome!);
}

/**
 * Reads submitted documents (recordSubmission) of one space and commits them. A failed document never
 * stops the others; office files are converted in one LibreOffice batch first (its start-up
 * dominates). The record's status follows the stages (queued → converting → parsing → describing →
 * indexing → ready | failed); tree and units are committed in one step, replacing an older version of
 * the same name, so a failure at any point leaves the previous version searchable.
 */
export async function readDocuments(prepared: PreparedDocument[], dependencies: IngestFilesDependencies): Promise<IngestOutcome[]> {
  const { config, log } = dependencies;

  const scratchDir = await mkdtemp(join(tmpdir(), 'folio-ingest-'));
  // Parse workers for the whole batch: each one pays its costly start (tsx, pdf.js, fonts) once instead
  // of once per long document, and then also reads the short ones.
  const pagePool = config.parseWorkers > 1 && prepared.length > 1 && !config.docling ? new PageWorkerPool({ size: config.parseWorkers }) : undefined;
  // Reads started, by input index: the record's status writer and the read's outcome (never rejects).
  const reads = new Map<number, { status: ReturnType<typeof statusWriter>; outcome: Promise<ReadOutcome> }>();
  try {
    const pdfPaths = await convertOfficeBatch(prepared, config, scratchDir, dependencies);
    const startRead = (index: number, { record, file }: PreparedDocument) => {
      const onEvent = (event: IngestEvent) => dependencies.onEvent?.(index, event);
      const status = statusWriter(record, dependencies);
      const conversionError = pdfPaths.errors.get(index);
      const reading = conversionError
        ? Promise.reject(conversionError)
        : readDocument(
            { path: dependencies.blobs.originalPath(record.sha256), name: record.name, documentId: record.id, file, pdfPath: pdfPaths.paths.get(index) },
            {
              config,
              figureSink: dependencies.blobs.figureSink(),
              figures: dependencies.figureDescriber
                ? { describer: dependencies.figureDescriber, loadPng: sha256 => dependencies.blobs.readFigure(sha256) }
                : undefined,
              ocr: dependencies.ocr,
              pagePool,
              log,
              onEvent: event => {
                if (event.type === 'stage') status.set(event.stage);
                onEvent(event);
              },
              signal: dependencies.signal,
            },
          );
      reads.set(index, {
        status,
        outcome: reading.then(
          result => ({ result }),
          (error: unknown) => ({ error }),
        ),
      });
    };
    const readAhead = documentsReadAtOnce(config, Boolean(pagePool));
    const outcomes: IngestOutcome[] = [];
    for (const [index, item] of prepared.entries()) {
      // This document and the next ones up to `readAhead` are read while the previous one commits:
      // each parse worker then has a document of its own instead of idling at a document's last pages
      // or opening another worker's document a second time.
      for (let next = index; next < prepared.length && next < index + readAhead; next++) {
        if (!reads.has(next)) startRead(next, prepared[next]);
      }
      const { record } = item;
      const onEvent = (event: IngestEvent) => dependencies.onEvent?.(index, event);
      const { status, outcome } = reads.get(index)!;
      try {
        const read = await outcome;
        if ('error' in read) throw read.error;
        const { result } = read;
        status.set('indexing');
        onEvent({ type: 'stage', stage: 'indexing' });
        await status.flush();
        const { title: _previousTitle, opening: _previousOpening, language: _previousLanguage, ...submitted } = record;
        const ready: DocumentRecord = {
          ...submitted,
          ...(result.title ? { title: result.title } : {}),
          ...(result.opening ? { opening: result.opening } : {}),
          language: result.language,
          mime: result.mime,
          pageCount: result.parsed.pageCount,
          status: 'ready',
          stats: result.stats,
          updatedAt: now(),
        };
        await commit(ready, result.tree, dependencies);
        onEvent({ type: 'stage', stage: 'ready' });
        outcomes.push({ documentId: record.id, name: record.name, pages: ready.pageCount, status: 'ready', duplicate: false, stats: result.stats });
      } catch (error) {
        await status.flush().catch(() => undefined);
        outcomes.push(await fail(record, asFolioError(error), dependencies, onEvent));
      }
    }
    return outcomes;
  } finally {
    await pagePool?.close();
    // Reads started ahead of a failure that ended the batch stop with the pool; nothing outlives the call.
    await Promise.all([...reads.values()].map(read => read.outcome));
    await rm(scratchDir, { recursive: true, force: true });
  }
}

type ReadOutcome = { result: Awaited<ReturnType<typeof readDocument>> } | { error: unknown };

/**
 * How many documents of a batch are read at the same time: one per parse worker plus one when the
 * batch has a worker pool (bench:parse reads the same way by default), else one. Each worker that
 * opens a document parses its fonts and structure again, so a worker per document costs less CPU than
 * two workers splitting one. The extra document is there for the worker that finishes first: with
 * only one per worker, the next document would not start until the finished one is committed, and
 * meanwhile that worker would open its neighbour's document a second time, parsing its fonts and
 * structure once more. A document alone in the batch still gets every worker.
 */
export function documentsReadAtOnce(config: Pick<IngestConfig, 'parseWorkers'>, hasPool: boolean): number {
  return hasPool ? Math.max(1, config.parseWorkers) + 1 : 1;
}

/** Units (and vectors) for the tree, then one atomic commit; blobs only the replaced version used go last. */
async function commit(record: DocumentRecord, tree: DocumentTree, dependencies: IngestFilesDependencies): Promise<void> {
  const { store, embeddingModel, signal } = dependencies;
  const units = buildUnits(tree, record);
  if (!units.some(unit => unit.text.trim())) throw noReadableText(record.name, { ocrEnabled: dependencies.config.ocr.enabled && Boolean(dependencies.ocr) });
  const embedded = embeddingModel ? await embedUnits(units, embeddingModel, { signal }) : units;
  const previous = (await store.listDocuments(record.space)).filter(other => other.name === record.name && other.id !== record.id);
  const previousSha256s: string[] = [];
  for (const other of previous) {
    const previousTree = await store.getTree(record.space, other.id);
    previousSha256s.push(other.sha256, ...(previousTree ? figureSha256s(previousTree) : []));
  }
  await store.commitDocument({ record, tree, units: embedded });
  await releaseBlobs(previousSha256s, dependencies);
}

/** Saves status changes in order without making the (synchronous) progress callback wait for them. */
function statusWriter(record: DocumentRecord, dependencies: IngestFilesDependencies) {
  let pending: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  let current: IngestStage = record.status;
  return {
    set(stage: IngestStage) {
      if (stage === current || stage === 'ready' || stage === 'failed') return;
      current = stage;
      // Caught here and reported by flush(): a store that is down (or a full disk) must fail this ingest,
      // not become an unhandled rejection that ends the process.
      pending = pending
        .then(() => (failure ? undefined : dependencies.store.saveRecord({ ...record, status: stage, updatedAt: now() })))
        .catch(error => {
          failure ??= { error };
        });
    },
    async flush() {
      await pending;
      if (failure) throw failure.error;
    },
  };
}

async function convertOfficeBatch(prepared: PreparedDocument[], config: IngestConfig, outputDir: string, dependencies: IngestFilesDependencies) {
  const paths = new Map<number, string>();
  const errors = new Map<number, FolioError>();
  const office = prepared.flatMap((item, index) => (item.file.kind === 'office' ? [{ item, index }] : []));
  if (office.length === 0) return { paths, errors };
  for (const { item, index } of office) {
    await dependencies.store.saveRecord({ ...item.record, status: 'converting', updatedAt: now() });
    dependencies.onEvent?.(index, { type: 'stage', stage: 'converting' });
  }
  try {
    const results = await convertToPdf(
      office.map(({ item }) => ({ path: dependencies.blobs.originalPath(item.record.sha256), extension: item.file.extension, name: item.record.name })),
      { sofficePath: config.sofficePath, timeoutMs: config.convertTimeoutMs, outputDir, signal: dependencies.signal },
    );
    results.forEach((result, position) => {
      const { index } = office[position];
      if (result.pdfPath) paths.set(index, result.pdfPath);
      else errors.set(index, result.error ?? asFolioError(new Error('conversion produced no PDF')));
    });
  } catch (error) {
    office.forEach(({ index }) => errors.set(index, asFolioError(error)));
  }
  return { paths, errors };
}

async function fail(
  record: DocumentRecord,
  error: FolioError,
  dependencies: IngestFilesDependencies,
  onEvent: (event: IngestEvent) => void,
): Promise<IngestOutcome> {
  dependencies.log.warn({ documentId: record.id, code: error.code, message: error.message }, 'ingest failed');
  await markDocumentFailed(dependencies.store, record, { code: error.code, message: error.userMessage });
  onEvent({ type: 'stage', stage: 'failed' });
  return {
    documentId: record.id,
    name: record.name,
    pages: 0,
    status: 'failed',
    duplicate: false,
    error: { code: error.code, message: error.userMessage, retryable: error.retryable },
  };
}

const now = () => new Date().toISOString();
