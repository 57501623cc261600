// `npm run bench:search [-- --units 100000 --weaviate-units 100000 --queries 200 --json]`
// Search latency at scale, excluding model calls: the synthetic workload of bench/lib/search-benchmark.ts
// on the embedded SQLite store and, when WEAVIATE_URL is set, on Weaviate; plus the full offline
// retrieval path (searchSpace: BM25 lists, whole-page index, fusion) on SQLite.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { SqliteKnowledgeStore } from '../src/store/sqlite/sqlite-knowledge-store.ts';
import { searchSpace } from '../src/search/search-space.ts';
import { parseSpaceId } from '../src/spaces/space-id.ts';
import { positiveInteger, runSearchBenchmark, timeQueries, type LatencySummary, type SearchBenchmarkResult } from './lib/search-benchmark.ts';
import { benchSearchWeaviate } from './search-weaviate.ts';

const program = new Command('bench:search')
  .option('--units <count>', 'units in the SQLite space', positiveInteger, 100_000)
  .option('--weaviate-units <count>', 'units in the Weaviate space (0 = skip Weaviate)', positiveInteger, 100_000)
  .option('--dimensions <count>', 'vector length', positiveInteger, 768)
  .option('--queries <count>', 'timed queries of each kind', positiveInteger, 200)
  .option('--json', 'print JSON')
  .parse();
const options = program.opts<{ units: number; weaviateUnits: number; dimensions: number; queries: number; json?: boolean }>();
const progress = (label: string) => {
  let last = 0;
  return (message: string) => {
    if (Date.now() - last < 5_000) return;
    last = Date.now();
    process.stderr.write(`[${label}] ${message}\n`);
  };
};

const results: Array<SearchBenchmarkResult & { retrieval?: LatencySummary }> = [];
const dataDir = await mkdtemp(join(tmpdir(), 'folio-bench-search-'));
const store = new SqliteKnowledgeStore({ dataDir });
try {
  const space = parseSpaceId('web:bench-search');
  const sqlite = await runSearchBenchmark(store, space, {
    units: options.units,
    dimensions: options.dimensions,
    queries: options.queries,
    onProgress: progress('sqlite'),
  });
  // The full offline path a question takes.
  const questions = await store.getUnits(space, (await store.listDocuments(space))[0].id);
  const texts = questions.slice(0, options.queries + 10).map(unit => unit.text.split(' ').slice(3, 9).join(' '));
  const retrieval = await timeQueries(texts, async question => (await searchSpace(store, question, { spaces: [space], k: 10 })).hits);
  results.push({ ...sqlite, retrieval });
} finally {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
}

if (process.env.WEAVIATE_URL && options.weaviateUnits > 0) {
  const grpcPort = process.env.WEAVIATE_GRPC_PORT ? Number(process.env.WEAVIATE_GRPC_PORT) : undefined;
  results.push(
    await benchSearchWeaviate(
      { url: process.env.WEAVIATE_URL, grpcPort, apiKey: process.env.WEAVIATE_API_KEY || undefined },
      { units: options.weaviateUnits, dimensions: options.dimensions, queries: options.queries, onProgress: progress('weaviate') },
    ),
  );
} else {
  process.stderr.write('WEAVIATE_URL is not set (or --weaviate-units 0): Weaviate skipped.\n');
}

if (options.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const cell = (summary?: LatencySummary) => (summary ? `${summary.p50Ms} / ${summary.p95Ms}` : '–');
  console.log('store     units    insert units/s  bm25 p50/p95 ms  bm25 one doc  vector p50/p95  full offline search p50/p95');
  for (const result of results) {
    console.log(
      [
        result.store.padEnd(8),
        String(result.units).padStart(7),
        String(result.insert.unitsPerSecond).padStart(15),
        cell(result.lexical).padStart(16),
        cell(result.lexicalOneDocument).padStart(13),
        cell(result.vector).padStart(15),
        cell(result.retrieval).padStart(28),
      ].join('  '),
    );
  }
  const cpu = (summary?: LatencySummary) => (summary ? `${summary.cpuP50Ms} / ${summary.cpuP95Ms}` : '–');
  console.log('CPU time per query (ms p50 / p95, this process):');
  for (const result of results) {
    console.log(
      `  ${result.store}: bm25 ${cpu(result.lexical)}, bm25 one doc ${cpu(result.lexicalOneDocument)}, vector ${cpu(result.vector)}, full offline search ${cpu(result.retrieval)}`,
    );
  }
  console.log(
    `load average at the end: ${loadavg()
      .map(value => value.toFixed(1))
      .join(', ')}`,
  );
  console.log('target: p95 < 50 ms on SQLite at 100k units');
}
