/** Page hit@1/3/5 and MRR for one group of questions. */
export interface PageHitMetrics {
  questions: number;
  hitAt1: number;
  hitAt3: number;
  hitAt5: number;
  mrr: number;
}

/** A question's outcome: the 1-based rank of its first correct page (null when none came back), and its groups. */
export interface QuestionOutcome {
  rank: number | null;
  source: string;
  evidenceSources: string[];
}

export interface MetricsReport {
  overall: PageHitMetrics;
  bySource: Record<string, PageHitMetrics>;
  byEvidenceSource: Record<string, PageHitMetrics>;
}

/** 1-based rank of the first ranked page that counts as correct, or null. */
export function firstCorrectRank<T>(ranked: T[], isCorrect: (item: T) => boolean): number | null {
  const index = ranked.findIndex(isCorrect);
  return index < 0 ? null : index + 1;
}

export function pageHitMetrics(ranks: Array<number | null>): PageHitMetrics {
  const count = ranks.length;
  const share = (test: (rank: number) => boolean) => (count === 0 ? 0 : ranks.filter(rank => rank !== null && test(rank)).length / count);
  return {
    questions: count,
    hitAt1: share(rank => rank <= 1),
    hitAt3: share(rank => rank <= 3),
    hitAt5: share(rank => rank <= 5),
    mrr: count === 0 ? 0 : ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / count,
  };
}

/** Overall, by `source`, and by each evidence source (a question with two counts in both; none → "unspecified"). */
export function metricsReport(outcomes: QuestionOutcome[]): MetricsReport {
  const group = (keys: (outcome: QuestionOutcome) => string[]) => {
    const groups = new Map<string, Array<number | null>>();
    for (const outcome of outcomes) for (const key of keys(outcome)) groups.set(key, [...(groups.get(key) ?? []), outcome.rank]);
    return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([key, ranks]) => [key, pageHitMetrics(ranks)]));
  };
  return {
    overall: pageHitMetrics(outcomes.map(outcome => outcome.rank)),
    bySource: group(outcome => [outcome.source]),
    byEvidenceSource: group(outcome => (outcome.evidenceSources.length > 0 ? outcome.evidenceSources : ['unspecified'])),
  };
}
