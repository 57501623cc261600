import type { DocumentRow } from './document-row.ts';
import { formatMegabytes, formatTable, type Column } from './format-table.ts';
import type { ParseBenchmarkReport } from './parse-benchmark.ts';

const count = (value: number | null) => (value === null ? '–' : String(value));

const columns: Array<Column<DocumentRow>> = [
  { header: 'document', value: row => row.name, maxWidth: 44 },
  { header: 'pages', value: row => count(row.pages), align: 'right' },
  { header: 'ms', value: row => row.wallMs.toFixed(0), align: 'right' },
  { header: 'pages/s', value: row => (row.pagesPerSecond === null ? '–' : row.pagesPerSecond.toFixed(1)), align: 'right' },
  { header: 'sections', value: row => count(row.sections), align: 'right' },
  { header: 'tables', value: row => count(row.tables), align: 'right' },
  { header: 'figures', value: row => count(row.figures), align: 'right' },
  { header: 'ocr', value: row => count(row.ocrPages), align: 'right' },
  { header: 'rss MB', value: row => formatMegabytes(row.peakRssBytes), align: 'right' },
  { header: 'status', value: row => (row.error ? `${row.status}: ${row.error.code} ${row.error.message}` : row.status), maxWidth: 60 },
];

/** The human-readable report: per-document table, totals, then the full text of every error. */
export function formatParseReport(report: ParseBenchmarkReport): string {
  const { rows, totals } = report;
  const lines = [formatTable(columns, rows), ''];
  lines.push(
    `documents   ${totals.documents} (ok ${totals.ok}, rejected ${totals.rejected}, failed ${totals.failed})`,
    `pages       ${totals.pages}`,
    `wall time   ${(totals.wallMs / 1000).toFixed(2)} s (concurrency ${totals.concurrency}${totals.isolated ? ', one process per file' : ', in-process'})`,
    `throughput  ${totals.pagesPerSecond.toFixed(1)} pages/s   (target ≥ 40 pages/s for born-digital PDFs)`,
    `peak RSS    ${formatMegabytes(totals.peakRssBytes)} MB${totals.isolated ? ' (largest of the child processes and this one)' : ''}`,
  );
  if (totals.largestFile) {
    const largest = totals.largestFile;
    lines.push(
      `largest     ${largest.name}: ${formatMegabytes(largest.bytes)} MB, ${count(largest.pages)} pages, peak RSS ${formatMegabytes(largest.peakRssBytes)} MB${totals.isolated ? '' : ' (in-process approximation; use --isolate for an exact figure)'}`,
    );
  }
  const failures = rows.filter(row => row.error);
  if (failures.length > 0) {
    lines.push('', 'errors:');
    for (const row of failures) lines.push(`  ${row.name} [${row.status}, ${row.error!.code}]: ${row.error!.message}`);
  }
  return lines.join('\n');
}
