import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildFolio } from '../compose.ts';
import type { Config } from '../config.ts';
import { FolioError } from '../errors.ts';
import { createLogger } from '../log.ts';
import { readEvalSet } from '../retrieve/evaluation/eval-set.ts';
import type { MetricsReport, PageHitMetrics } from '../retrieve/evaluation/page-hit-metrics.ts';
import { runEval, type EvalScope } from '../retrieve/evaluation/run-eval.ts';
import { parseSpaceId } from '../spaces/space-id.ts';

export interface EvalCommandOptions {
  json?: boolean;
  scope?: string;
  limit?: string;
  /** Keeps the ingested set here, so a second run skips parsing (same sha256 = same document). */
  dataDir?: string;
}

/**
 * Ingests an evaluation set into one space, searches every question, and prints page hit@1/3/5 and MRR
 * overall, by source and by evidence source, per document and whole-space.
 */
export async function evalCommand(config: Config, setDir: string, options: EvalCommandOptions): Promise<number> {
  const scopes = parseScopes(options.scope ?? 'both');
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  const { documentPaths, questions } = await readEvalSet(resolve(setDir), { limit });
  const dataDir = options.dataDir ? resolve(options.dataDir) : await mkdtemp(join(tmpdir(), 'folio-eval-'));
  const folio = buildFolio({ ...config, dataDir }, { log: createLogger({ level: 'warn' }) });
  const space = parseSpaceId('eval');
  try {
    const started = Date.now();
    const outcomes = await folio.ingest(documentPaths.map(path => ({ path })), space);
    const failed = outcomes.filter(outcome => outcome.status === 'failed');
    for (const outcome of failed) console.error(`✗ ${outcome.name}: ${outcome.error?.message}`);
    const ingestMs = Date.now() - started;
    const searchStarted = Date.now();
    const result = await runEval(folio.store, space, questions, scopes);
    const searchMs = Date.now() - searchStarted;
    const summary = { documents: documentPaths.length, failedDocuments: failed.length, questions: questions.length, skipped: result.skipped, ingestMs, searchMs, scopes: result.scopes };
    if (options.json) console.log(JSON.stringify(summary));
    else printReport(summary);
    return failed.length === 0 ? 0 : 1;
  } finally {
    await folio.close();
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

function parseScopes(scope: string): EvalScope[] {
  if (scope === 'both') return ['document', 'space'];
  if (scope === 'document' || scope === 'space') return [scope];
  throw new FolioError({ code: 'internal', message: `bad --scope ${scope}`, userMessage: '--scope must be document, space or both.' });
}

function printReport(summary: { documents: number; questions: number; skipped: number; ingestMs: number; searchMs: number; scopes: Partial<Record<EvalScope, MetricsReport>> }) {
  console.log(`${summary.documents} documents, ${summary.questions} questions (${summary.skipped} skipped: document not ingested)`);
  console.log(`ingest ${(summary.ingestMs / 1000).toFixed(1)} s, search ${(summary.searchMs / 1000).toFixed(1)} s`);
  for (const [scope, report] of Object.entries(summary.scopes)) {
    console.log(`\n${scope === 'document' ? 'Per document' : 'Whole space'}        n   hit@1  hit@3  hit@5  MRR`);
    console.log(row('overall', report.overall));
    for (const [name, metrics] of Object.entries(report.bySource)) console.log(row(`source ${name}`, metrics));
    for (const [name, metrics] of Object.entries(report.byEvidenceSource)) console.log(row(`evidence ${name}`, metrics));
  }
}

function row(label: string, metrics: PageHitMetrics): string {
  const cells = [metrics.hitAt1, metrics.hitAt3, metrics.hitAt5, metrics.mrr].map(value => value.toFixed(3).padStart(6));
  return `  ${label.slice(0, 34).padEnd(34)} ${String(metrics.questions).padStart(4)} ${cells.join(' ')}`;
}
