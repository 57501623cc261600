// `node bin/run-ts.js bench/search-weaviate.ts [--units 100000] [--dimensions 768] [--queries 200] [--k 10] [--json]`
// Fills one space of a Weaviate (WEAVIATE_URL, WEAVIATE_GRPC_PORT, WEAVIATE_API_KEY) with synthetic units
// (Zipf-distributed words, random unit vectors), then reports insert throughput and p50/p95 latency of
// BM25 and vector searches (the workload of bench/lib/search-benchmark.ts). The space is deleted afterwards.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { WeaviateKnowledgeStore, type WeaviateKnowledgeStoreOptions } from '../src/store/weaviate/weaviate-knowledge-store.ts';
import { parseSpaceId } from '../src/spaces/space-id.ts';
import { positiveInteger, runSearchBenchmark, type LatencySummary, type SearchBenchmarkOptions, type SearchBenchmarkResult } from './lib/search-benchmark.ts';

/** The Weaviate run: a fresh, uniquely named space, deleted afterwards even when the run fails. */
export async function benchSearchWeaviate(connection: WeaviateKnowledgeStoreOptions, options: SearchBenchmarkOptions = {}): Promise<SearchBenchmarkResult> {
  const store = new WeaviateKnowledgeStore(connection);
  const space = parseSpaceId(`web:bench-search-${randomBytes(4).toString('hex')}`);
  try {
    return await runSearchBenchmark(store, space, options);
  } finally {
    await store.deleteSpace(space).catch(() => undefined);
    await store.close();
  }
}

async function main(): Promise<void> {
  const program = new Command('bench:search-weaviate')
    .option('--units <count>', 'units in the space', positiveInteger, 100_000)
    .option('--per-document <count>', 'units per committed document', positiveInteger, 1_000)
    .option('--dimensions <count>', 'vector length (0 = no vectors)', positiveInteger, 768)
    .option('--queries <count>', 'timed queries of each kind', positiveInteger, 200)
    .option('--k <count>', 'hits per query', positiveInteger, 10)
    .option('--json', 'print the result as JSON')
    .parse();
  const options = program.opts<{ units: number; perDocument: number; dimensions: number; queries: number; k: number; json?: boolean }>();
  const url = process.env.WEAVIATE_URL;
  if (!url) {
    console.error('Set WEAVIATE_URL (and WEAVIATE_GRPC_PORT when it is not 50051) to a Weaviate server.');
    process.exit(2);
  }
  const grpcPort = process.env.WEAVIATE_GRPC_PORT ? Number(process.env.WEAVIATE_GRPC_PORT) : undefined;
  let lastProgress = 0;
  const result = await benchSearchWeaviate(
    { url, grpcPort, apiKey: process.env.WEAVIATE_API_KEY || undefined },
    {
      units: options.units,
      unitsPerDocument: options.perDocument,
      dimensions: options.dimensions,
      queries: options.queries,
      k: options.k,
      onProgress: message => {
        if (Date.now() - lastProgress < 5_000) return;
        lastProgress = Date.now();
        process.stderr.write(`${message}\n`);
      },
    },
  );
  if (options.json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const line = (label: string, summary?: LatencySummary) =>
    summary ? `${label.padEnd(26)} p50 ${summary.p50Ms} ms   p95 ${summary.p95Ms} ms   max ${summary.maxMs} ms   (${summary.count} queries)` : '';
  console.log(
    [
      `Weaviate, one space: ${result.units} units in ${result.documents} documents, ${result.dimensions}-dim vectors`,
      `insert                     ${result.insert.unitsPerSecond} units/s (${(result.insert.totalMs / 1000).toFixed(1)} s; commit p50 ${result.insert.commitP50Ms} ms, max ${result.insert.commitMaxMs} ms)`,
      line('bm25', result.lexical),
      line('bm25, one document', result.lexicalOneDocument),
      line('nearVector', result.vector),
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
