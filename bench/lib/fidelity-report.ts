import type { DoclingDocumentResult, FidelityResults, PageIndexDocumentResult } from './fidelity-benchmark.ts';
import { fidelityTargets, fidelityTotals, type DoclingTotals, type PageIndexTotals } from './fidelity-totals.ts';
import { formatRatio, formatTable, type Column } from './format-table.ts';
import { ratio } from './match-one-to-one.ts';
import type { MatchCounts } from './score-docling.ts';

const status = (result: { status: string; error?: { code: string; message: string } }) =>
  result.error ? `${result.status}: ${result.error.code} ${result.error.message}` : result.status;
const counts = (value: MatchCounts | undefined) => (value ? `${value.matched}/${value.reference}/${value.predicted}` : '–');

const doclingColumns: Array<Column<DoclingDocumentResult>> = [
  { header: 'document', value: result => result.name, maxWidth: 34 },
  { header: 'pages', value: result => String(result.pages ?? '–'), align: 'right' },
  { header: 'ms', value: result => result.wallMs.toFixed(0), align: 'right' },
  { header: 'headings m/ref/pred', value: result => counts(result.score?.headings), align: 'right' },
  { header: 'P', value: result => formatRatio(result.score ? ratio(result.score.headings.matched, result.score.headings.predicted) : null), align: 'right' },
  { header: 'R', value: result => formatRatio(result.score ? ratio(result.score.headings.matched, result.score.headings.reference) : null), align: 'right' },
  { header: 'tables m/ref/pred', value: result => counts(result.score?.tables), align: 'right' },
  { header: 'figures m/ref/pred', value: result => counts(result.score?.figures), align: 'right' },
  { header: 'status', value: status, maxWidth: 40 },
];

const pageIndexColumns: Array<Column<PageIndexDocumentResult>> = [
  { header: 'document', value: result => result.name, maxWidth: 44 },
  { header: 'pages', value: result => String(result.pages ?? '–'), align: 'right' },
  { header: 'ms', value: result => result.wallMs.toFixed(0), align: 'right' },
  { header: 'titles', value: result => String(result.referenceNodes), align: 'right' },
  { header: 'found', value: result => String(result.score?.matched ?? '–'), align: 'right' },
  { header: 'share', value: result => formatRatio(result.score ? ratio(result.score.matched, result.referenceNodes) : null), align: 'right' },
  { header: 'folio nodes', value: result => String(result.score?.predicted ?? '–'), align: 'right' },
  { header: 'extra', value: result => String(result.score?.extra ?? '–'), align: 'right' },
  { header: 'status', value: status, maxWidth: 40 },
];

/** "0.91  (target ≥ 0.85 ✓)" */
function againstTarget(value: number | null, target: number): string {
  if (value === null) return `–     (target ≥ ${target.toFixed(2)})`;
  return `${value.toFixed(2)}  (target ≥ ${target.toFixed(2)} ${value >= target ? '✓' : '✗'})`;
}

function doclingSummary(totals: DoclingTotals): string[] {
  return [
    `documents          ${totals.documents}${totals.failed ? ` (${totals.failed} failed to read; their references count as missed)` : ''}`,
    `heading precision  ${againstTarget(totals.headings.precision, fidelityTargets.headingPrecision)}   ${totals.headings.matched} of ${totals.headings.predicted} predicted`,
    `heading recall     ${againstTarget(totals.headings.recall, fidelityTargets.headingRecall)}   ${totals.headings.matched} of ${totals.headings.reference} reference`,
    `table recall       ${againstTarget(totals.tables.recall, fidelityTargets.tableRecall)}   ${totals.tables.matched} of ${totals.tables.reference}; ${totals.tables.predicted} predicted`,
    `figure recall      ${formatRatio(totals.figures.recall)}   ${totals.figures.matched} of ${totals.figures.reference}; ${totals.figures.predicted} predicted`,
  ];
}

function pageIndexSummary(totals: PageIndexTotals): string[] {
  return [
    `documents          ${totals.documents}${totals.failed ? ` (${totals.failed} failed to read)` : ''}`,
    `title match        ${againstTarget(totals.titleMatch, fidelityTargets.pageIndexTitleMatch)}   ${totals.matched} of ${totals.reference} PageIndex titles, start page ±1`,
    `extra nodes        ${totals.extra} of ${totals.predicted} Folio section/slide nodes have no PageIndex counterpart (information)`,
  ];
}

/** The human-readable report; `verbose` adds the missed and extra titles of every document. */
export function formatFidelityReport(results: FidelityResults, options: { verbose?: boolean } = {}): string {
  const totals = fidelityTotals(results);
  const lines: string[] = [];
  const skippedLine = (names: string[] | undefined) => (names?.length ? [`no reference, skipped: ${names.join(', ')}`] : []);
  if (results.docling && totals.docling) {
    lines.push('Docling ground truth (headings by title + same page; tables/figures by page; m = matched)', '');
    lines.push(formatTable(doclingColumns, results.docling), '', ...doclingSummary(totals.docling));
    lines.push(...skippedLine(results.skipped.docling), '');
    if (options.verbose) lines.push(...doclingDetails(results.docling));
  }
  for (const [title, section, sectionTotals, skipped] of [
    ['PageIndex trees (titles + start page ±1)', results.pageIndex, totals.pageIndex, results.skipped.pageindex],
    ['DAYA corpus, PageIndex trees (titles + start page ±1)', results.daya, totals.daya, results.skipped.daya],
  ] as const) {
    if (!section || !sectionTotals) continue;
    lines.push(title, '', formatTable(pageIndexColumns, section), '', ...pageIndexSummary(sectionTotals));
    lines.push(...skippedLine(skipped), '');
    if (options.verbose) lines.push(...pageIndexDetails(section));
  }
  return lines.join('\n').trimEnd();
}

function doclingDetails(results: DoclingDocumentResult[]): string[] {
  return results
    .flatMap(result => [
      `${result.name}:`,
      ...(result.score?.missedHeadings ?? []).map(heading => `  missed  p.${heading.page}  ${heading.text}`),
      ...(result.score?.extraHeadings ?? []).map(heading => `  extra   p.${heading.page}  ${heading.text}`),
    ])
    .concat('');
}

function pageIndexDetails(results: PageIndexDocumentResult[]): string[] {
  return results.flatMap(result => [`${result.name}:`, ...(result.score?.missed ?? []).map(node => `  missed  p.${node.page}  ${node.title}`)]).concat('');
}
