import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { IngestConfig } from '../config.ts';
import { LocalDocumentStore } from '../documents/local-document-store.ts';
import type { DocumentRecord, DocumentSource } from '../documents/types.ts';
import { asFolioError, type FolioError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { convertToPdf } from './convert/libreoffice.ts';
import { detectFileType, type DetectedFile } from './detect-file-type.ts';
import type { PageOcr } from './pdf/ocr/page-ocr.ts';
import { readDocument } from './read-document.ts';
import type { IngestEvent, IngestStats } from './types.ts';

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
  error?: { code: string; message: string };
  stats?: IngestStats;
}

export interface IngestFilesDependencies {
  store: LocalDocumentStore;
  config: IngestConfig;
  log: Logger;
  ocr?: PageOcr;
  source?: DocumentSource;
  /** `index` is the file's position in the input list. */
  onEvent?: (index: number, event: IngestEvent) => void;
  signal?: AbortSignal;
}

/**
 * Ingests files into one space. A failed file never stops the others; office files are converted in
 * one LibreOffice batch first (its start-up dominates). The same bytes shared again into the same
 * space are recognised and not parsed twice.
 */
export async function ingestFiles(files: IngestFileInput[], space: SpaceId, dependencies: IngestFilesDependencies): Promise<IngestOutcome[]> {
  const { store, config, log } = dependencies;
  const prepared = await Promise.all(files.map((file, index) => prepare(file, index, space, dependencies)));

  const scratchDir = await mkdtemp(join(tmpdir(), 'folio-ingest-'));
  try {
    const pdfPaths = await convertOfficeBatch(prepared, config, scratchDir, dependencies);
    const outcomes: IngestOutcome[] = [];
    for (const [index, item] of prepared.entries()) {
      if ('outcome' in item) {
        outcomes.push(item.outcome);
        continue;
      }
      const { record } = item;
      const onEvent = (event: IngestEvent) => dependencies.onEvent?.(index, event);
      try {
        const conversionError = pdfPaths.errors.get(index);
        if (conversionError) throw conversionError;
        const result = await readDocument(
          { path: store.originalPath(record.sha256), name: record.name, documentId: record.id, pdfPath: pdfPaths.paths.get(index) },
          { config, figureSink: store.figureSink(), ocr: dependencies.ocr, log, onEvent, signal: dependencies.signal },
        );
        const ready: DocumentRecord = { ...record, mime: result.mime, pageCount: result.parsed.pageCount, status: 'ready', stats: result.stats, updatedAt: now() };
        await store.saveDocument({ record: ready, tree: result.tree });
        onEvent({ type: 'stage', stage: 'ready' });
        outcomes.push({ documentId: record.id, name: record.name, pages: ready.pageCount, status: 'ready', duplicate: false, stats: result.stats });
      } catch (error) {
        outcomes.push(await fail(record, asFolioError(error), dependencies, onEvent));
      }
    }
    return outcomes;
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
}

type Prepared = { record: DocumentRecord; detected: DetectedFile } | { outcome: IngestOutcome };

async function prepare(file: IngestFileInput, index: number, space: SpaceId, dependencies: IngestFilesDependencies): Promise<Prepared> {
  const { store, config } = dependencies;
  const name = file.name ?? basename(file.path);
  try {
    // Type and size first: an oversized or unsupported file is never copied into the data dir.
    const detected = await detectFileType(file.path, { declaredName: name, maxBytes: config.maxFileBytes });
    const original = await store.storeOriginal(file.path);
    const documentId = LocalDocumentStore.documentId(space, original.sha256);
    const existing = await store.getDocument(space, documentId).catch(() => null);
    if (existing?.record.status === 'ready' && existing.record.sha256 === original.sha256) {
      dependencies.onEvent?.(index, { type: 'stage', stage: 'ready' });
      return {
        outcome: { documentId, name, pages: existing.record.pageCount, status: 'ready', duplicate: true, stats: existing.record.stats },
      };
    }
    const timestamp = now();
    const record: DocumentRecord = {
      id: documentId,
      space,
      name,
      mime: detected.mime,
      sha256: original.sha256,
      sizeBytes: original.sizeBytes,
      pageCount: 0,
      status: 'queued',
      source: dependencies.source ?? { platform: 'cli' },
      createdAt: existing?.record.createdAt ?? timestamp,
      updatedAt: timestamp,
    };
    await store.saveDocument({ record });
    dependencies.onEvent?.(index, { type: 'stage', stage: 'queued' });
    return { record, detected };
  } catch (error) {
    const folioError = asFolioError(error);
    dependencies.onEvent?.(index, { type: 'stage', stage: 'failed' });
    return { outcome: { documentId: '', name, pages: 0, status: 'failed', duplicate: false, error: { code: folioError.code, message: folioError.userMessage } } };
  }
}

async function convertOfficeBatch(prepared: Prepared[], config: IngestConfig, outputDir: string, dependencies: IngestFilesDependencies) {
  const paths = new Map<number, string>();
  const errors = new Map<number, FolioError>();
  const office = prepared.flatMap((item, index) => ('record' in item && item.detected.kind === 'office' ? [{ item, index }] : []));
  if (office.length === 0) return { paths, errors };
  office.forEach(({ index }) => dependencies.onEvent?.(index, { type: 'stage', stage: 'converting' }));
  try {
    const results = await convertToPdf(
      office.map(({ item }) => ({ path: dependencies.store.originalPath(item.record.sha256), extension: item.detected.extension, name: item.record.name })),
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

async function fail(record: DocumentRecord, error: FolioError, dependencies: IngestFilesDependencies, onEvent: (event: IngestEvent) => void): Promise<IngestOutcome> {
  dependencies.log.warn({ documentId: record.id, code: error.code, message: error.message }, 'ingest failed');
  const failed: DocumentRecord = { ...record, status: 'failed', error: { code: error.code, message: error.userMessage }, updatedAt: now() };
  await dependencies.store.saveDocument({ record: failed });
  onEvent({ type: 'stage', stage: 'failed' });
  return { documentId: record.id, name: record.name, pages: 0, status: 'failed', duplicate: false, error: failed.error };
}

const now = () => new Date().toISOString();
