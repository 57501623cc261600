// `npm run bench:ask [-- --units 100000 --questions 100 --latency-ms 400 --dimensions 768 --data-dir DIR --json]`
// The ask pipeline's own cost, models excluded: a space of real trees and units (built with the real
// unit builder), a model that answers after a fixed latency (plan JSON, streamed answer) and an
// embedder with a fixed latency; per question, everything that is not a model call is "overhead".
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { Command } from 'commander';
import { startCpuProfile } from './lib/cpu-profile.ts';
import { askQuestion } from '../src/answer/ask-question.ts';
import { TreeCache } from '../src/answer/tree-cache.ts';
import type { DocumentRecord } from '../src/documents/types.ts';
import { buildUnits } from '../src/store/build-units.ts';
import { SqliteKnowledgeStore } from '../src/store/sqlite/sqlite-knowledge-store.ts';
import type { DocumentTree, TreeNode } from '../src/documents/document-tree.ts';
import { silentLogger } from '../src/log.ts';
import { parseSpaceId } from '../src/spaces/space-id.ts';
import { defaultMinimumEvidence } from '../src/answer/extractive-answer.ts';
import { LatencyEmbeddingModel, LatencyLanguageModel, ModelClock } from './lib/latency-models.ts';
import { makeVocabulary, percentile, positiveInteger, seededRandom, words, zipfIndex } from './lib/search-benchmark.ts';

const program = new Command('bench:ask')
  .option('--units <count>', 'index units in the space', positiveInteger, 100_000)
  .option('--questions <count>', 'timed questions (after 5 warm-up questions)', positiveInteger, 100)
  .option('--latency-ms <ms>', 'fixed latency of each language-model call', positiveInteger, 400)
  .option('--embed-latency-ms <ms>', 'fixed latency of each embedding call', positiveInteger, 60)
  .option('--dimensions <count>', 'vector length (0: no embedding model)', positiveInteger, 768)
  .option('--data-dir <dir>', 'keep the space in DIR and reuse it on the next run with the same --units and --dimensions')
  .option('--cpu-profile <file>', 'write a CPU profile of the questions only (not the build) to FILE (.cpuprofile)')
  .option('--json', 'print JSON')
  .parse();
const options = program.opts<{
  units: number;
  questions: number;
  latencyMs: number;
  embedLatencyMs: number;
  dimensions: number;
  dataDir?: string;
  cpuProfile?: string;
  json?: boolean;
}>();

const random = seededRandom(11);
const vocabulary = makeVocabulary(random, 8_000);
const word = () => vocabulary[zipfIndex(random, vocabulary.length)];
const space = parseSpaceId('web:bench-ask');
// A kept data dir is reused when it was built with the same settings (the same seed gives the same space).
const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'folio-bench-ask-')));
const builtFor = `${options.units} units, ${options.dimensions} dimensions`;
const reuse = options.dataDir !== undefined && existsSync(join(dataDir, 'folio.sqlite'));
const store = new SqliteKnowledgeStore({ dataDir });
// Model time is the union of the calls' intervals (the embedding of the question runs while the planner's call does).
const clock = new ModelClock();
const embedder = options.dimensions > 0 ? new LatencyEmbeddingModel(options.dimensions, options.embedLatencyMs, clock) : undefined;

try {
  // 1. A space of documents with 250 pages, sections of two pages: one unit per section page.
  const pagesPerDocument = 250;
  const documents = Math.ceil(options.units / pagesPerDocument);
  const questionSources: string[] = [];
  const started = performance.now();
  const stored = reuse ? (await store.getRecord(space, 'bench-settings'))?.name : undefined;
  if (reuse && stored !== builtFor) throw new Error(`${dataDir} holds a space of ${stored ?? 'unknown settings'}, not ${builtFor}: use another --data-dir`);
  for (let index = 0; index < documents; index++) {
    const record = makeRecord(`bench-${index}`);
    const tree = makeTree(record.id, pagesPerDocument);
    const units = buildUnits(tree, record);
    // Reusing a kept space: the same trees and questions are generated (same seed), nothing is stored.
    if (!reuse) {
      const vectors = embedder ? await embedder.embedNow(units.map(unit => unit.text)) : undefined;
      await store.commitDocument({ record, tree, units: units.map((unit, position) => ({ ...unit, vector: vectors?.[position] })) });
    }
    if (questionSources.length < options.questions + 5) questionSources.push(units[Math.floor(random() * units.length)].text);
    if (!reuse && index % 50 === 0) process.stderr.write(`[bench:ask] ${index + 1}/${documents} documents stored\n`);
  }
  // The settings as a failed (never searched) record, so a reuse can check them.
  if (!reuse && options.dataDir) await store.saveRecord({ ...makeRecord('bench-settings'), name: builtFor, status: 'failed' });
  const buildMs = performance.now() - started;
  // Building the space leaves gigabytes of garbage; collected now, once, as a service would long before
  // its hundredth question, instead of in a major GC inside some timed question.
  collectGarbage();

  // 2. Questions: a few mid-frequency words of a random unit, phrased as a question.
  const model = new LatencyLanguageModel(options.latencyMs, clock);
  const trees = new TreeCache(500);
  let profiler: Awaited<ReturnType<typeof startCpuProfile>> | undefined;
  let firstOverheadMs = 0;
  const rows: Array<{
    totalMs: number;
    modelMs: number;
    overheadMs: number;
    cpuMs: number;
    ttftOverheadMs: number;
    calls: number;
    planMs: number;
    searchMs: number;
    answerMs: number;
  }> = [];
  for (const [index, source] of questionSources.entries()) {
    const terms = source
      .split(' ')
      .filter(term => term.length > 5)
      .slice(2, 7)
      .join(' ');
    // Profiled: the timed questions only (the warm-up ones load the vector cache and the trees).
    if (index === 5 && options.cpuProfile) profiler = await startCpuProfile();
    model.reset();
    clock.reset();
    // Wall time and model time at each stage's start ('planning', 'searching', 'answering').
    const marks = new Map<string, { atMs: number; modelMs: number }>();
    const onEvent = (event: { type: string; stage?: string }) => {
      if (event.type === 'stage' && event.stage) marks.set(event.stage, { atMs: performance.now(), modelMs: clock.elapsedMs() });
    };
    const askStarted = performance.now();
    const cpuStarted = process.cpuUsage();
    const answer = await askQuestion(
      { spaces: [space], question: `What does the report say about ${terms}?`, onEvent },
      {
        store,
        models: { language: model, embedding: embedder },
        config: {
          rrfK: 60,
          contextTokens: 8000,
          planTimeoutMs: 20_000,
          answerTimeoutMs: 90_000,
          modelAnswer: 'auto',
          maxQuestionChars: 4000,
          minimumEvidence: defaultMinimumEvidence,
        },
        modelsConfig: { promptMaxChars: 200_000 },
        log: silentLogger(),
        trees,
      },
    );
    const totalMs = performance.now() - askStarted;
    // CPU time of this process (all threads) during the question: the models only sleep, so this is the
    // overhead's own work, far less sensitive to other processes on the machine than wall-clock time.
    const cpu = process.cpuUsage(cpuStarted);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const finished = { atMs: performance.now(), modelMs: clock.elapsedMs() };
    const modelMs = finished.modelMs;
    // Before the first token: all model time until the answer's first chunk arrived is the model's.
    const ttftOverheadMs = (answer.timings.firstTokenMs ?? totalMs) - (model.modelMsAtFirstToken ?? modelMs);
    // A stage's overhead: its wall time less the model time inside it.
    const stage = (from: string, to?: string) => {
      const start = marks.get(from);
      const end = (to ? marks.get(to) : undefined) ?? finished;
      return start ? end.atMs - start.atMs - (end.modelMs - start.modelMs) : 0;
    };
    const stages = { planMs: stage('planning', 'searching'), searchMs: stage('searching', 'answering'), answerMs: stage('answering') };
    if (index === 0) firstOverheadMs = totalMs - modelMs;
    if (index >= 5) rows.push({ totalMs, modelMs, overheadMs: totalMs - modelMs, cpuMs, ttftOverheadMs, calls: answer.modelCalls, ...stages });
  }

  if (profiler && options.cpuProfile) await profiler.stop(options.cpuProfile);

  const summary = {
    units: (await store.listDocuments(space)).filter(record => record.status === 'ready').length * pagesPerDocument,
    documents,
    dimensions: options.dimensions,
    buildSeconds: round(buildMs / 1000),
    firstOverheadMs: round(firstOverheadMs),
    questions: rows.length,
    modelLatencyMs: options.latencyMs,
    modelCallsPerQuestion: round(rows.reduce((sum, row) => sum + row.calls, 0) / rows.length),
    totalMs: latency(rows.map(row => row.totalMs)),
    overheadMs: latency(rows.map(row => row.overheadMs)),
    cpuMs: latency(rows.map(row => row.cpuMs)),
    loadAverage: loadavg().map(value => round(value)),
    ttftOverheadMs: latency(rows.map(row => row.ttftOverheadMs)),
    stagesOverheadMs: {
      plan: latency(rows.map(row => row.planMs)),
      search: latency(rows.map(row => row.searchMs)),
      answer: latency(rows.map(row => row.answerMs)),
    },
  };
  if (options.json) console.log(JSON.stringify(summary));
  else {
    console.log(`bench:ask — ${summary.units} units in ${documents} documents (${options.dimensions}-dim vectors), ${rows.length} questions`);
    console.log(`  model: ${options.latencyMs} ms per language-model call, ${options.embedLatencyMs} ms per embedding call`);
    console.log(`  model calls per question: ${summary.modelCallsPerQuestion} (language model; embeddings not counted)`);
    console.log(`  total per question:        p50 ${summary.totalMs.p50} ms, p95 ${summary.totalMs.p95} ms`);
    console.log(
      `  non-model overhead:        p50 ${summary.overheadMs.p50} ms, p95 ${summary.overheadMs.p95} ms, max ${summary.overheadMs.max} ms (target p95 < 100 ms)`,
    );
    console.log(`  CPU time per question:     p50 ${summary.cpuMs.p50} ms, p95 ${summary.cpuMs.p95} ms (this process, all threads)`);
    console.log(`  time-to-first-token added: p50 ${summary.ttftOverheadMs.p50} ms, p95 ${summary.ttftOverheadMs.p95} ms`);
    const stages = summary.stagesOverheadMs;
    console.log(
      `  overhead by stage (p50/p95): plan ${stages.plan.p50}/${stages.plan.p95} ms (table of contents), search ${stages.search.p50}/${stages.search.p95} ms, answer ${stages.answer.p50}/${stages.answer.p95} ms`,
    );
    console.log(`  load average at the end: ${summary.loadAverage.join(', ')}`);
    console.log(`  first question's non-model overhead: ${summary.firstOverheadMs} ms (not among the timed questions)`);
    console.log(`  (space ${reuse ? 'reused' : 'built'} in ${summary.buildSeconds} s)`);
  }
} finally {
  await store.close();
  if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
}

function makeRecord(id: string): DocumentRecord {
  const now = new Date().toISOString();
  return {
    id,
    space,
    name: `${id}.pdf`,
    mime: 'application/pdf',
    sha256: id,
    sizeBytes: 0,
    pageCount: 250,
    status: 'ready',
    source: { platform: 'cli' },
    createdAt: now,
    updatedAt: now,
  };
}

function makeTree(documentId: string, pages: number): DocumentTree {
  const nodes: TreeNode[] = [];
  for (let page = 1; page <= pages; page += 2) {
    const nodeId = String(nodes.length + 1).padStart(4, '0');
    const pageTexts = [page, page + 1]
      .filter(value => value <= pages)
      .map(value => ({ page: value, text: `${words(word, 12)}. ${words(word, 40 + Math.floor(random() * 60))}.` }));
    nodes.push({
      nodeId,
      title: words(word, 3),
      kind: 'section',
      level: 0,
      pageStart: page,
      pageEnd: Math.min(pages, page + 1),
      text: pageTexts.map(entry => entry.text).join('\n\n'),
      pageTexts,
      children: [],
    });
  }
  return { documentId, totalPages: pages, nodes };
}

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function latency(values: number[]) {
  return { p50: round(percentile(values, 0.5)), p95: round(percentile(values, 0.95)), max: round(Math.max(...values)) };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
