import { describe, expect, it } from 'vitest';
import type { DoclingDocumentResult, PageIndexDocumentResult } from '../../bench/lib/fidelity-benchmark.ts';
import { formatFidelityReport } from '../../bench/lib/fidelity-report.ts';
import { doclingTotals, pageIndexTotals } from '../../bench/lib/fidelity-totals.ts';

const readDocument = { status: 'ok' as const, pages: 2, wallMs: 10 };

const doclingResults: DoclingDocumentResult[] = [
  {
    ...readDocument,
    name: 'paper.pdf',
    reference: { headings: 4, tables: 2, pictures: 1 },
    score: {
      headings: { reference: 4, predicted: 5, matched: 3 },
      tables: { reference: 2, predicted: 1, matched: 1 },
      figures: { reference: 1, predicted: 3, matched: 1 },
      missedHeadings: [{ text: 'Related Work', page: 2 }],
      extraHeadings: [],
    },
  },
  {
    name: 'broken.pdf',
    status: 'failed',
    pages: null,
    wallMs: 1,
    error: { code: 'exception', message: 'boom' },
    reference: { headings: 4, tables: 0, pictures: 0 },
    score: null,
  },
];

describe('doclingTotals', () => {
  it('pools counts over documents and keeps the references of unreadable documents as missed', () => {
    const totals = doclingTotals(doclingResults);
    expect(totals.failed).toBe(1);
    expect(totals.headings).toMatchObject({ reference: 8, predicted: 5, matched: 3 });
    expect(totals.headings.precision).toBeCloseTo(3 / 5);
    expect(totals.headings.recall).toBeCloseTo(3 / 8);
    expect(totals.tables.recall).toBeCloseTo(1 / 2);
    expect(totals.figures.recall).toBe(1);
  });
});

describe('pageIndexTotals', () => {
  it('gives the share of reference titles found, and null when there were none', () => {
    const results: PageIndexDocumentResult[] = [
      {
        ...readDocument,
        name: 'report.pdf',
        referenceNodes: 10,
        skippedPrefaces: 1,
        score: { reference: 10, matched: 7, predicted: 12, extra: 5, missed: [] },
      },
    ];
    expect(pageIndexTotals(results)).toMatchObject({ reference: 10, matched: 7, extra: 5, titleMatch: 0.7 });
    expect(pageIndexTotals([]).titleMatch).toBeNull();
  });
});

describe('formatFidelityReport', () => {
  it('prints totals against their targets and lists missed titles when verbose', () => {
    const text = formatFidelityReport({ docling: doclingResults, skipped: { docling: ['no-truth.pdf'] } }, { verbose: true });
    expect(text).toContain('heading precision  0.60  (target ≥ 0.85 ✗)');
    expect(text).toContain('missed  p.2  Related Work');
    expect(text).toContain('failed: exception boom');
    expect(text).toContain('no reference, skipped: no-truth.pdf');
  });
});
