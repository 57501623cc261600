// `npm run bench:scale [-- --spaces 2000 --units 1000000 --store sqlite|weaviate --data-dir DIR --json]`
// Folio at scale (issue 20): many spaces of synthetic documents written through the real KnowledgeStore
// (ingest rate), then the real API process (`folio serve`, loopback, offline) answering questions: the
// first question in a 100k-unit space (fresh processes), later questions there and in a 50-unit space,
// and the process's RSS before and after one question in each of 500 other spaces.
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '../src/config.ts';
import { SqliteKnowledgeStore } from '../src/store/sqlite/sqlite-knowledge-store.ts';
import type { KnowledgeStore } from '../src/store/types.ts';
import { WeaviateKnowledgeStore } from '../src/store/weaviate/weaviate-knowledge-store.ts';
import { pickSpreadSpaces, planSpaces, ScaleCorpus, type ScaleSettings, type ScaleSpace } from './lib/scale-corpus.ts';
import { ingestCorpus, readProgress, sameCorpus, startProgress, type ScaleProgress } from './lib/scale-ingest.ts';
import { runQuestionPhases } from './lib/scale-questions.ts';
import { formatScaleReport, type ScaleReport } from './lib/scale-report.ts';
import { positiveInteger } from './lib/search-benchmark.ts';

const storeKind = (value: string): KnowledgeStore['kind'] => {
  if (value !== 'sqlite' && value !== 'weaviate') throw new InvalidArgumentError('sqlite or weaviate');
  return value;
};
const program = new Command('bench:scale')
  .option('--store <kind>', 'sqlite (embedded, in the data dir) or weaviate (WEAVIATE_URL)', storeKind, 'sqlite' as KnowledgeStore['kind'])
  .option('--spaces <count>', 'spaces in all', positiveInteger, 2000)
  .option('--units <count>', 'units in all spaces together', positiveInteger, 1_000_000)
  .option('--large-units <count>', 'units of the large space', positiveInteger, 100_000)
  .option('--small-units <count>', 'units of the small space', positiveInteger, 50)
  .option('--pages-per-document <count>', 'pages (one unit each) per document', positiveInteger, 250)
  .option('--question-spaces <count>', 'other spaces asked one question each while RSS is read', positiveInteger, 500)
  .option('--questions <count>', 'later questions per phase (large space, small space)', positiveInteger, 100)
  .option('--first-runs <count>', 'fresh API processes whose first question in the large space is timed', positiveInteger, 5)
  .option('--ingest-concurrency <count>', 'spaces written at once (default 1 on SQLite, 4 on Weaviate)', positiveInteger)
  .option('--seed <number>', 'seed of the corpus and the questions', positiveInteger, 7)
  .option('--data-dir <dir>', 'kept between runs: generation resumes or is skipped when it holds the same corpus')
  .option('--time-limit <minutes>', 'no new space is written and no new question asked after this', positiveInteger, 60)
  .option('--generate-only', 'stop after writing the corpus')
  .option('--json', 'print JSON')
  .parse();
const options = program.opts<{
  store: KnowledgeStore['kind'];
  spaces: number;
  units: number;
  largeUnits: number;
  smallUnits: number;
  pagesPerDocument: number;
  questionSpaces: number;
  questions: number;
  firstRuns: number;
  ingestConcurrency?: number;
  seed: number;
  dataDir?: string;
  timeLimit: number;
  generateOnly?: boolean;
  json?: boolean;
}>();
const log = (line: string) => process.stderr.write(`${line}\n`);
const deadline = Date.now() + options.timeLimit * 60_000;
const loadAtStart = loadavg().map(value => Math.round(value * 100) / 100);

const settings: ScaleSettings = {
  spaces: options.spaces,
  units: options.units,
  largeUnits: options.largeUnits,
  smallUnits: options.smallUnits,
  pagesPerDocument: options.pagesPerDocument,
  seed: options.seed,
};
// The service's own Weaviate settings (URL, gRPC port, key, replication factor, consistency level).
const weaviate = options.store === 'weaviate' ? loadConfig(process.env).weaviate : undefined;
const weaviateUrl = weaviate?.url;
if (options.store === 'weaviate' && !weaviateUrl) {
  log('--store weaviate needs WEAVIATE_URL (and WEAVIATE_GRPC_PORT when it is not 50051).');
  process.exit(2);
}
// Weaviate's tenants outlive a data dir: spaces there carry a hash of the settings, so two corpora never mix.
const prefix = options.store === 'weaviate' ? `scale-${createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 8)}` : 'scale';
let spaces: ScaleSpace[];
try {
  spaces = planSpaces(settings, prefix);
} catch (error) {
  log((error as Error).message);
  process.exit(2);
}
const spread = pickSpreadSpaces(spaces, options.questionSpaces);
const dataDir = options.dataDir ?? join(tmpdir(), `folio-bench-scale-${options.store}-${options.spaces}x${options.units}`);
// The progress file lives here with either store (the SQLite store would create it, Weaviate does not).
mkdirSync(dataDir, { recursive: true });
const serveEnvironment: Record<string, string> = {};
if (options.store === 'weaviate') {
  for (const name of ['WEAVIATE_URL', 'WEAVIATE_GRPC_PORT', 'WEAVIATE_API_KEY', 'WEAVIATE_REPLICATION_FACTOR', 'WEAVIATE_CONSISTENCY_LEVEL']) {
    if (process.env[name]) serveEnvironment[name] = process.env[name]!;
  }
}

// 1. The corpus, through the real store; the bench's store is closed before the API process starts.
const corpus = new ScaleCorpus(options.seed);
const fresh = { generator: 1 as const, store: options.store, storeUrl: options.store === 'weaviate' ? weaviateUrl : undefined, settings };
const store: KnowledgeStore =
  options.store === 'weaviate'
    ? // No idle-tenant timer in the writer: it would deactivate spaces written earlier while later ones are written.
      new WeaviateKnowledgeStore({ ...weaviate!, tenantIdleMs: undefined })
    : new SqliteKnowledgeStore({ dataDir });
let progress: ScaleProgress;
let thisRun: ScaleProgress['ingest'];
let complete: boolean;
// A data dir that holds something else is refused with a plain message (exit 2), not a stack trace.
class RefusedDataDir extends Error {}
try {
  const kept = readProgress(dataDir);
  if (kept && !sameCorpus(kept, fresh))
    throw new RefusedDataDir(`${dataDir} holds another corpus (${JSON.stringify(kept.settings)} on ${kept.store}): use another --data-dir`);
  if (!kept && (await store.listDocuments(spaces[0].space)).length > 0)
    throw new RefusedDataDir(`${dataDir} holds documents but no bench:scale progress file: use another --data-dir`);
  progress = kept ?? startProgress(dataDir, fresh);
  // A kept progress file must still describe the store (a Weaviate may have been reset meanwhile).
  for (const space of [spaces[0], spaces[1], spaces.at(-1)!]) {
    if (!progress.completeSpaces.includes(space.index)) continue;
    const found = (await store.listDocuments(space.space)).length;
    if (found !== space.documentPages.length)
      throw new RefusedDataDir(`${space.name} has ${found} documents, the progress file says ${space.documentPages.length}: use another --data-dir`);
  }
  log(`[bench:scale] ${dataDir}: ${progress.completeSpaces.length}/${spaces.length} spaces already stored`);
  ({ progress, thisRun, complete } = await ingestCorpus(store, corpus, spaces, {
    dataDir,
    progress,
    concurrency: options.ingestConcurrency ?? (options.store === 'weaviate' ? 4 : 1),
    deadline,
    log,
  }));
} catch (error) {
  if (!(error instanceof RefusedDataDir)) throw error;
  log(error.message);
  await store.close();
  process.exit(2);
} finally {
  await store.close();
}

// 2. Questions through the real API process.
const questions =
  complete && !options.generateOnly
    ? await runQuestionPhases(corpus, {
        dataDir,
        environment: serveEnvironment,
        large: spaces[0],
        small: spaces[1],
        spread,
        questions: options.questions,
        firstRuns: Math.max(1, options.firstRuns),
        seed: options.seed,
        deadline,
        log,
      })
    : undefined;

const perSecond = (count: number, ms: number) => (ms > 0 ? Math.round((count / ms) * 1000 * 10) / 10 : 0);
const report: ScaleReport = {
  store: options.store,
  settings,
  dataDir,
  ingest: {
    ...progress.ingest,
    unitsPerSecond: Math.round(perSecond(progress.ingest.units, progress.ingest.wallMs)),
    documentsPerSecond: perSecond(progress.ingest.documents, progress.ingest.wallMs),
    commitUnitsPerSecond: Math.round(perSecond(progress.ingest.units, progress.ingest.commitMs)),
    thisRun,
  },
  generationComplete: complete,
  questions,
  questionSpaces: spread.length,
  loadAverage: { atStart: loadAtStart, atEnd: loadavg().map(value => Math.round(value * 100) / 100) },
  cores: availableParallelism(),
  date: new Date().toISOString(),
};
console.log(options.json ? JSON.stringify(report) : formatScaleReport(report));
process.exitCode = complete ? 0 : 3;
