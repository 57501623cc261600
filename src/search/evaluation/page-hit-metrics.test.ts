import { describe, expect, it } from 'vitest';
import { firstCorrectRank, metricsReport, pageHitMetrics } from './page-hit-metrics.ts';

describe('page hit metrics', () => {
  it('finds the first correct rank, 1-based', () => {
    expect(firstCorrectRank([7, 3, 9], page => page === 9)).toBe(3);
    expect(firstCorrectRank([7, 3], page => page === 1)).toBeNull();
  });

  it('computes hit@k and MRR', () => {
    const metrics = pageHitMetrics([1, 2, 4, null]);
    expect(metrics).toEqual({ questions: 4, hitAt1: 0.25, hitAt3: 0.5, hitAt5: 0.75, mrr: (1 + 1 / 2 + 1 / 4) / 4 });
    expect(pageHitMetrics([]).hitAt3).toBe(0);
  });

  it('groups by source and by every evidence source of a question', () => {
    const report = metricsReport([
      { rank: 1, source: 'a', evidenceSources: ['Table', 'Chart'] },
      { rank: null, source: 'b', evidenceSources: ['Table'] },
      { rank: 3, source: 'a', evidenceSources: [] },
    ]);
    expect(report.overall.questions).toBe(3);
    expect(report.bySource.a.hitAt3).toBe(1);
    expect(report.bySource.b.hitAt5).toBe(0);
    expect(report.byEvidenceSource.Table).toMatchObject({ questions: 2, hitAt1: 0.5 });
    expect(report.byEvidenceSource.Chart.questions).toBe(1);
    expect(report.byEvidenceSource.unspecified.hitAt3).toBe(1);
  });
});
