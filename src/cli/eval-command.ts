import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createFolio,
  createLogger,
  FolioError,
  parseSpaceId,
  readEvalSet,
  type AnswerMetrics,
  type AnswerReport,
  type Config,
  type EvalScope,
  type MetricsReport,
  type PageHitMetrics,
} from '../index.ts';

export interface EvalCommandOptions {
  json?: boolean;
  scope?: string;
  limit?: string;
  /** Keeps the ingested set here, so a second run skips parsing (same sha256 = same document). */
  dataDir?: string;
  /** Answer every question through the ask pipeline and score the answers, not only the page ranking. */
  answers?: boolean;
  /** With `answers`: every k-th question (and unanswerable question) only. */
  sample?: string;
}

/**
 * Ingests an evaluation set into one space, then either searches every question and prints page
 * hit@1/3/5 and MRR, or (`answers`) asks every question and prints context recall, cited gold, false
 * not-found, answer shown and abstention; overall, by source and by evidence source, per scope.
 */
export async function evalCommand(config: Config, setDir: string, options: EvalCommandOptions): Promise<number> {
  const scopes = parseScopes(options.scope ?? 'both');
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  const set = await readEvalSet(resolve(setDir), { limit });
  const dataDir = options.dataDir ? resolve(options.dataDir) : await mkdtemp(join(tmpdir(), 'folio-eval-'));
  const sample = options.sample === undefined ? undefined : Number(options.sample);
  if (sample !== undefined && !(Number.isInteger(sample) && sample >= 1)) {
    throw new FolioError({
      code: 'internal',
      message: `bad --sample ${options.sample}`,
      userMessage: '--sample takes a whole number k ≥ 1: every k-th question is asked.',
    });
  }
  const log = createLogger({ level: 'warn' });
  // The configured models: the retrieval eval searches with the embedding model (vectors) when there is
  // one; it plans with the rules, so the chat model is never called there.
  const folio = createFolio({ ...config, dataDir }, { log });
  const space = parseSpaceId('eval');
  try {
    const started = Date.now();
    const outcomes = await folio.ingestFiles(
      set.documentPaths.map(path => ({ path })),
      space,
    );
    const failed = outcomes.filter(outcome => outcome.status === 'failed');
    for (const outcome of failed) console.error(`✗ ${outcome.name}: ${outcome.error?.message}`);
    const ingestMs = Date.now() - started;
    const runStarted = Date.now();
    const counts = { documents: set.documentPaths.length, failedDocuments: failed.length, questions: set.questions.length, ingestMs };
    if (options.answers) {
      const progress = !options.json && process.stderr.isTTY ? (done: number, total: number) => process.stderr.write(`\rasked ${done} of ${total}`) : undefined;
      const result = await folio.evaluateAnswers(space, set, scopes, progress, { sample });
      if (progress) process.stderr.write('\n');
      const summary = {
        ...counts,
        unanswerable: set.unanswerable.length,
        sample: sample ?? 1,
        skipped: result.skipped,
        askMs: Date.now() - runStarted,
        models: folio.models.language ?? 'offline',
        embeddings: folio.models.embedding ?? 'none',
        scopes: result.scopes,
      };
      if (options.json) console.log(JSON.stringify(summary));
      else printAnswerReport(summary);
    } else {
      const result = await folio.evaluateRetrieval(space, set, scopes);
      const summary = {
        ...counts,
        skipped: result.skipped,
        searchMs: Date.now() - runStarted,
        embeddings: folio.models.embedding ?? 'none',
        scopes: result.scopes,
      };
      if (options.json) console.log(JSON.stringify(summary));
      else printReport(summary);
    }
    return failed.length === 0 ? 0 : 1;
  } finally {
    await folio.close();
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

function parseScopes(scope: string): EvalScope[] {
  if (scope === 'both') return ['document', 'space'];
  if (scope === 'all') return ['document', 'space', 'thread'];
  if (scope === 'document' || scope === 'doc') return ['document'];
  if (scope === 'space') return ['space'];
  if (scope === 'thread') return ['thread'];
  throw new FolioError({
    code: 'internal',
    message: `bad --scope ${scope}`,
    userMessage: '--scope must be doc (document), space, thread, both (doc and space) or all.',
  });
}

function printReport(summary: {
  documents: number;
  questions: number;
  skipped: number;
  ingestMs: number;
  searchMs: number;
  embeddings: string;
  scopes: Partial<Record<EvalScope, MetricsReport>>;
}) {
  console.log(
    `${summary.documents} documents, ${summary.questions} questions (${summary.skipped} skipped: document not ingested); vectors: ${summary.embeddings}`,
  );
  console.log(`ingest ${(summary.ingestMs / 1000).toFixed(1)} s, search ${(summary.searchMs / 1000).toFixed(1)} s`);
  for (const [scope, report] of Object.entries(summary.scopes)) {
    console.log(`\n${scopeTitle(scope)}        n   hit@1  hit@3  hit@5  MRR`);
    console.log(row('overall', report.overall));
    for (const [name, metrics] of Object.entries(report.bySource)) console.log(row(`source ${name}`, metrics));
    for (const [name, metrics] of Object.entries(report.byEvidenceSource)) console.log(row(`evidence ${name}`, metrics));
  }
}

function row(label: string, metrics: PageHitMetrics): string {
  const cells = [metrics.hitAt1, metrics.hitAt3, metrics.hitAt5, metrics.mrr].map(value => value.toFixed(3).padStart(6));
  return `  ${label.slice(0, 34).padEnd(34)} ${String(metrics.questions).padStart(4)} ${cells.join(' ')}`;
}

function printAnswerReport(summary: {
  documents: number;
  questions: number;
  unanswerable: number;
  skipped: number;
  ingestMs: number;
  askMs: number;
  sample: number;
  models: string;
  embeddings: string;
  scopes: Partial<Record<EvalScope, AnswerReport>>;
}) {
  const sampled = summary.sample > 1 ? `, every ${summary.sample}th asked` : '';
  console.log(
    `${summary.documents} documents, ${summary.questions} answerable and ${summary.unanswerable} unanswerable questions${sampled} (${summary.skipped} skipped: document not ingested); answers: ${summary.models}, vectors: ${summary.embeddings}`,
  );
  console.log(`ingest ${(summary.ingestMs / 1000).toFixed(1)} s, asking ${(summary.askMs / 1000).toFixed(1)} s`);
  for (const [scope, report] of Object.entries(summary.scopes)) {
    console.log(`\n${scopeTitle(scope).padEnd(36)}    n  context  cited  false-NF  not-found  shown (n)`);
    console.log(answerRow('overall', report.overall));
    for (const [name, metrics] of Object.entries(report.bySource)) console.log(answerRow(`source ${name}`, metrics));
    for (const [name, metrics] of Object.entries(report.byEvidenceSource)) console.log(answerRow(`evidence ${name}`, metrics));
    for (const [name, metrics] of Object.entries(report.byLanguage)) console.log(answerRow(`language ${name}`, metrics));
    console.log(`  ${'abstention on unanswerable'.padEnd(34)} ${String(report.unanswerable).padStart(4)}  ${report.abstention.toFixed(3)}`);
    const { timings } = report;
    const firstToken = timings.firstTokenP50 === undefined ? '–' : `${timings.firstTokenP50.toFixed(1)} s`;
    console.log(
      `  plan by the model ${timings.planCompleted.toFixed(3)}; s/question p50 ${timings.secondsP50.toFixed(2)}, p95 ${timings.secondsP95.toFixed(2)}; first token p50 ${firstToken} (${timings.questions} questions)`,
    );
  }
}

function answerRow(label: string, metrics: AnswerMetrics): string {
  const cells = [metrics.contextRecall, metrics.citedGold, metrics.falseNotFound, metrics.notFound].map((value, index) =>
    value.toFixed(3).padStart([7, 6, 9, 10][index]),
  );
  return `  ${label.slice(0, 34).padEnd(34)} ${String(metrics.questions).padStart(4)} ${cells.join(' ')}  ${metrics.answerShown.toFixed(3)} (${metrics.shortAnswers})`;
}

function scopeTitle(scope: string): string {
  return scope === 'document' ? 'Per document' : scope === 'thread' ? 'In its thread' : 'Whole space';
}
