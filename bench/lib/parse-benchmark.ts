import { performance } from 'node:perf_hooks';
import type { IngestConfig } from '../../src/config.ts';
import { documentsReadAtOnce } from '../../src/ingest/ingest-files.ts';
import { createPageOcr } from '../../src/ingest/pdf/ocr/page-ocr.ts';
import { PageWorkerPool } from '../../src/ingest/pdf/parallel/page-worker-pool.ts';
import { documentRow, type DocumentRow } from './document-row.ts';
import type { DocumentFile } from './list-documents.ts';
import { mapWithConcurrency } from './map-with-concurrency.ts';
import { startMemorySampler } from './memory-sampler.ts';
import { readForBench, type DocumentReader } from './read-for-bench.ts';
import { readInChildProcess } from './run-isolated.ts';
import { createTempFigureSink } from './temp-figure-sink.ts';

export interface ParseTotals {
  documents: number;
  ok: number;
  rejected: number;
  failed: number;
  /** Pages of the documents that were read successfully. */
  pages: number;
  wallMs: number;
  /** pages / wall time: the throughput a batch ingest would see. */
  pagesPerSecond: number;
  /** Highest RSS of any one process involved (this one, or a child with --isolate), in bytes. */
  peakRssBytes: number;
  /** The largest input file by bytes and the peak RSS seen while it was read. */
  largestFile?: { name: string; bytes: number; pages: number | null; peakRssBytes?: number };
  isolated: boolean;
  concurrency: number;
}

export interface ParseBenchmarkReport {
  rows: DocumentRow[];
  totals: ParseTotals;
}

export interface ParseBenchmarkOptions {
  documents: DocumentFile[];
  /** Documents read at the same time; by default as a batch ingest reads them (documentsReadAtOnce). */
  concurrency?: number;
  isolate: boolean;
  /** Called as each document finishes (progress on stderr). */
  onDocument?: (row: DocumentRow, finished: number, total: number) => void;
}

export async function runParseBenchmark(
  options: ParseBenchmarkOptions,
  dependencies: { reader: DocumentReader; config: IngestConfig; childScript?: string },
): Promise<ParseBenchmarkReport> {
  const sampler = startMemorySampler();
  const figureSink = await createTempFigureSink();
  // One set of parse workers for the whole run, as a batch ingest keeps them: documents read at the
  // same time (--concurrency) are spread over them, and none pays the workers' start-up.
  const pagePool = !options.isolate && dependencies.config.parseWorkers > 1 ? new PageWorkerPool({ size: dependencies.config.parseWorkers }) : undefined;
  // And one OCR engine, as the service and `folio ingest` keep (with --isolate each child has its own).
  const ocr = !options.isolate && dependencies.config.ocr.enabled ? createPageOcr({ languages: dependencies.config.ocr.languages }) : undefined;
  const concurrency = options.concurrency ?? documentsReadAtOnce(dependencies.config, Boolean(pagePool));
  let finished = 0;
  const startedAt = performance.now();
  try {
    const rows = await mapWithConcurrency(options.documents, concurrency, async document => {
      let row: DocumentRow;
      if (options.isolate) {
        row = await readInChildProcess(document, dependencies.childScript);
      } else {
        const window = sampler.openWindow();
        const outcome = await readForBench(document.path, { ...dependencies, figureSink, pagePool, ocr });
        row = documentRow(outcome, document.bytes, window.close());
      }
      options.onDocument?.(row, ++finished, options.documents.length);
      return row;
    });
    const wallMs = performance.now() - startedAt;
    return { rows, totals: totalsOf(rows, wallMs, sampler.peakRssBytes(), { isolate: options.isolate, concurrency }) };
  } finally {
    sampler.stop();
    await pagePool?.close();
    await ocr?.close().catch(() => {});
    await figureSink.dispose();
  }
}

function totalsOf(rows: DocumentRow[], wallMs: number, ownPeakRssBytes: number, options: { isolate: boolean; concurrency: number }): ParseTotals {
  const pages = rows.reduce((sum, row) => sum + (row.status === 'ok' && row.pages !== null ? row.pages : 0), 0);
  const largest = rows.reduce<DocumentRow | undefined>((best, row) => (!best || row.bytes > best.bytes ? row : best), undefined);
  const childPeak = Math.max(0, ...rows.map(row => (options.isolate ? (row.peakRssBytes ?? 0) : 0)));
  return {
    documents: rows.length,
    ok: rows.filter(row => row.status === 'ok').length,
    rejected: rows.filter(row => row.status === 'rejected').length,
    failed: rows.filter(row => row.status === 'failed').length,
    pages,
    wallMs,
    pagesPerSecond: wallMs > 0 ? pages / (wallMs / 1000) : 0,
    peakRssBytes: Math.max(ownPeakRssBytes, childPeak),
    largestFile: largest && { name: largest.name, bytes: largest.bytes, pages: largest.pages, peakRssBytes: largest.peakRssBytes },
    isolated: options.isolate,
    concurrency: options.concurrency,
  };
}
