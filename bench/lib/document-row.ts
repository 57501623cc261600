import type { BenchReadOutcome, BenchStatus } from './read-for-bench.ts';

/** One line of the parse benchmark: what reading one file cost and what it found. */
export interface DocumentRow {
  name: string;
  path: string;
  bytes: number;
  status: BenchStatus;
  /** Physical pages read; null when the document failed before its page count was known. */
  pages: number | null;
  wallMs: number;
  pagesPerSecond: number | null;
  sections: number | null;
  tables: number | null;
  figures: number | null;
  ocrPages: number | null;
  /** Per-stage times from IngestStats.ms, when the pipeline reported them. */
  stageMs?: { convert: number; parse: number; describe: number; tree: number; total: number };
  /** Peak RSS while this document was read: exact with --isolate, an approximation in-process. */
  peakRssBytes?: number;
  error?: { code: string; message: string };
}

export function documentRow(outcome: BenchReadOutcome, bytes: number, peakRssBytes?: number): DocumentRow {
  const stats = outcome.result?.stats;
  const pages = stats ? stats.pages : null;
  return {
    name: outcome.name,
    path: outcome.path,
    bytes,
    status: outcome.status,
    pages,
    wallMs: outcome.wallMs,
    pagesPerSecond: pages !== null && outcome.wallMs > 0 ? pages / (outcome.wallMs / 1000) : null,
    sections: stats ? stats.sections : null,
    tables: stats ? stats.tables : null,
    figures: stats ? stats.figures : null,
    ocrPages: stats ? stats.ocrPages : null,
    stageMs: stats?.ms,
    peakRssBytes,
    error: outcome.error,
  };
}
