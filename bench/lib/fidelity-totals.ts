import type { DoclingDocumentResult, FidelityResults, PageIndexDocumentResult } from './fidelity-benchmark.ts';
import { ratio } from './match-one-to-one.ts';
import { addCounts, emptyCounts, type MatchCounts } from './score-docling.ts';

/** What "good enough" means for each headline number (from the fidelity issue). */
export const fidelityTargets = {
  headingPrecision: 0.85,
  headingRecall: 0.85,
  tableRecall: 0.8,
  pageIndexTitleMatch: 0.8,
} as const;

export interface DoclingTotals {
  documents: number;
  failed: number;
  headings: MatchCounts & { precision: number | null; recall: number | null };
  tables: MatchCounts & { recall: number | null };
  figures: MatchCounts & { recall: number | null };
}

export interface PageIndexTotals {
  documents: number;
  failed: number;
  reference: number;
  matched: number;
  predicted: number;
  extra: number;
  /** matched / reference: the share of PageIndex's titles Folio also has, on the same page ±1. */
  titleMatch: number | null;
}

/**
 * Totals are pooled over all documents (matched items summed, then divided), so a document with many
 * headings weighs more than a one-heading page. A document that failed to read keeps its reference
 * items in the denominators: failing is not a way to score well.
 */
export function doclingTotals(results: DoclingDocumentResult[]): DoclingTotals {
  let headings = emptyCounts;
  let tables = emptyCounts;
  let figures = emptyCounts;
  for (const result of results) {
    const score = result.score;
    headings = addCounts(headings, score?.headings ?? { reference: result.reference.headings, predicted: 0, matched: 0 });
    tables = addCounts(tables, score?.tables ?? { reference: result.reference.tables, predicted: 0, matched: 0 });
    figures = addCounts(figures, score?.figures ?? { reference: result.reference.pictures, predicted: 0, matched: 0 });
  }
  return {
    documents: results.length,
    failed: results.filter(result => result.score === null).length,
    headings: { ...headings, precision: ratio(headings.matched, headings.predicted), recall: ratio(headings.matched, headings.reference) },
    tables: { ...tables, recall: ratio(tables.matched, tables.reference) },
    figures: { ...figures, recall: ratio(figures.matched, figures.reference) },
  };
}

export function pageIndexTotals(results: PageIndexDocumentResult[]): PageIndexTotals {
  const sum = (value: (result: PageIndexDocumentResult) => number) => results.reduce((total, result) => total + value(result), 0);
  const reference = sum(result => result.referenceNodes);
  const matched = sum(result => result.score?.matched ?? 0);
  return {
    documents: results.length,
    failed: results.filter(result => result.score === null).length,
    reference,
    matched,
    predicted: sum(result => result.score?.predicted ?? 0),
    extra: sum(result => result.score?.extra ?? 0),
    titleMatch: ratio(matched, reference),
  };
}

export function fidelityTotals(results: FidelityResults) {
  return {
    docling: results.docling && doclingTotals(results.docling),
    pageIndex: results.pageIndex && pageIndexTotals(results.pageIndex),
    daya: results.daya && pageIndexTotals(results.daya),
  };
}
