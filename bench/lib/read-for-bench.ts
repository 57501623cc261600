import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { IngestConfig } from '../../src/config.ts';
import { FolioError, type FolioErrorCode } from '../../src/errors.ts';
import { createPageOcr, type PageOcr } from '../../src/ingest/pdf/ocr/page-ocr.ts';
import type { PageWorkerPool } from '../../src/ingest/pdf/parallel/page-worker-pool.ts';
import type { ReadDocumentDependencies, ReadDocumentResult } from '../../src/ingest/read-document.ts';
import type { FigureSink } from '../../src/ingest/types.ts';

/** The pipeline entry point, as a parameter so the benchmarks stay runnable against any reader. */
export type DocumentReader = (
  input: { path: string; name?: string; documentId: string },
  dependencies: ReadDocumentDependencies,
) => Promise<ReadDocumentResult>;

/**
 * 'rejected': the pipeline refused the file for a reason about the file itself (encrypted, damaged,
 * too large): the product working as intended. 'failed': anything else, i.e. a bug or a broken setup.
 */
export type BenchStatus = 'ok' | 'rejected' | 'failed';

const rejectionCodes = new Set<FolioErrorCode>([
  'file_too_large',
  'file_empty',
  'file_unsupported',
  'file_mislabeled',
  'pdf_unreadable',
  'pdf_encrypted',
  'pdf_no_pages',
]);

export interface BenchReadOutcome {
  name: string;
  path: string;
  status: BenchStatus;
  /** Wall time of the whole readDocument call, OCR start-up included. */
  wallMs: number;
  result?: ReadDocumentResult;
  error?: { code: string; message: string };
}

/**
 * Runs the pipeline on one file the way the product would (OCR when the config enables it, no vision
 * model) and never throws: failures come back as an outcome, so one bad file does not end a run.
 */
export async function readForBench(
  path: string,
  dependencies: { reader: DocumentReader; config: IngestConfig; figureSink: FigureSink; pagePool?: PageWorkerPool; ocr?: PageOcr },
): Promise<BenchReadOutcome> {
  const name = basename(path);
  const documentId = createHash('sha256').update(path).digest('hex').slice(0, 16);
  // The run's OCR engine when given (as the service and `folio ingest` keep one), else one for this
  // file; tesseract starts lazily, so documents with a text layer pay nothing for it.
  const ownOcr = !dependencies.ocr && dependencies.config.ocr.enabled ? createPageOcr({ languages: dependencies.config.ocr.languages }) : undefined;
  const ocr = dependencies.ocr ?? ownOcr;
  const startedAt = performance.now();
  try {
    const result = await dependencies.reader(
      { path, name, documentId },
      { config: dependencies.config, figureSink: dependencies.figureSink, ocr, pagePool: dependencies.pagePool },
    );
    return { name, path, status: 'ok', wallMs: performance.now() - startedAt, result };
  } catch (error) {
    const wallMs = performance.now() - startedAt;
    const code = error instanceof FolioError ? error.code : 'exception';
    const message = error instanceof Error ? error.message : String(error);
    const status: BenchStatus = error instanceof FolioError && rejectionCodes.has(error.code) ? 'rejected' : 'failed';
    return { name, path, status, wallMs, error: { code, message } };
  } finally {
    await ownOcr?.close().catch(() => {});
  }
}
