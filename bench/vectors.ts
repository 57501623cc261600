// `npm run bench:vectors [-- --rows 100000 --dimensions 768 --queries 40 --json]`
// Exact cosine vs the int8 first pass with exact re-ranking (SpaceMatrix.best) on one in-memory matrix:
// recall@k of the fast path against the exact one, and CPU time per search of two query vectors (a
// question's sub-question and HyDE passage). Two kinds of vectors: dense random directions, and hashed
// words like bench:ask's embedder (sparse, many exact ties).
import { Command } from 'commander';
import { loadavg } from 'node:os';
import { candidateCount, SpaceMatrix, type BlockSource } from '../src/store/sqlite/space-matrix.ts';
import { percentile, positiveInteger, seededRandom } from './lib/search-benchmark.ts';

const program = new Command('bench:vectors')
  .option('--rows <count>', 'vectors in the matrix', positiveInteger, 100_000)
  .option('--dimensions <count>', 'vector length', positiveInteger, 768)
  .option('--queries <count>', 'searches of two query vectors each', positiveInteger, 40)
  .option('--json', 'print JSON')
  .parse();
const options = program.opts<{ rows: number; dimensions: number; queries: number; json?: boolean }>();
const random = seededRandom(5);
const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const makers = {
  dense: () => Float32Array.from({ length: options.dimensions }, gaussian),
  'hashed words': () => {
    const vector = new Float32Array(options.dimensions);
    for (let word = 0; word < 60 + Math.floor(random() * 60); word++) vector[Math.floor(random() * options.dimensions)] += random() < 0.5 ? 1 : -1;
    return vector;
  },
};
const normalize = (vector: Float32Array) => {
  const norm = Math.hypot(...vector) || 1;
  return Float32Array.from(vector, value => value / norm);
};

const results = [];
for (const [kind, make] of Object.entries(makers)) {
  const perDocument = 250;
  const sources: BlockSource[] = [];
  const all: Float32Array[] = [];
  for (let first = 0; first < options.rows; first += perDocument) {
    const vectors = Array.from({ length: Math.min(perDocument, options.rows - first) }, make);
    all.push(...vectors);
    sources.push({ documentId: `d${first}`, unitsVersion: 1, from: 'rows', rowIds: Int32Array.from(vectors, (_, index) => first + index), vectors });
  }
  const built = performance.now();
  const matrix = new SpaceMatrix(1, options.dimensions, sources);
  const buildMs = performance.now() - built;
  // Half the queries near a stored vector (a question about a passage), half unrelated.
  const queries = Array.from({ length: options.queries }, (_, index) =>
    [0, 1].map(() =>
      normalize(
        index % 2 === 0
          ? Float32Array.from(all[Math.floor(random() * all.length)], value => value + (0.5 * gaussian()) / Math.sqrt(options.dimensions))
          : make(),
      ),
    ),
  );
  const recall: Record<string, number> = {};
  const cpu = { exact: [] as number[], fast: [] as number[] };
  for (const k of [10, 20, 100, 192]) {
    let found = 0;
    let wanted = 0;
    for (const pair of queries) {
      const timed = (exact: boolean) => {
        const started = process.cpuUsage();
        const hits = matrix.best(pair, undefined, k, { exact });
        const used = process.cpuUsage(started);
        if (k === 192) cpu[exact ? 'exact' : 'fast'].push((used.user + used.system) / 1000);
        return hits;
      };
      const exact = timed(true);
      const fast = timed(false);
      exact.forEach((hits, query) => {
        const got = new Set(fast[query].map(hit => hit.rowId));
        wanted += hits.length;
        found += hits.filter(hit => got.has(hit.rowId)).length;
      });
    }
    recall[`@${k}`] = Math.round((found / wanted) * 10_000) / 10_000;
  }
  const summary = (values: number[]) => ({ p50: Math.round(percentile(values, 0.5) * 10) / 10, p95: Math.round(percentile(values, 0.95) * 10) / 10 });
  results.push({
    kind,
    rows: options.rows,
    dimensions: options.dimensions,
    candidates: candidateCount(192),
    buildMs: Math.round(buildMs),
    recall,
    cpuMsExact: summary(cpu.exact),
    cpuMsFast: summary(cpu.fast),
  });
}

if (options.json) console.log(JSON.stringify({ results, loadAverage: loadavg() }));
else {
  console.log(
    `bench:vectors — ${options.rows} × ${options.dimensions}, ${options.queries} searches of 2 query vectors (load average ${loadavg()
      .map(value => value.toFixed(1))
      .join(', ')})`,
  );
  for (const result of results) {
    console.log(
      `  ${result.kind}: recall ${Object.entries(result.recall)
        .map(([k, value]) => `${k} ${value}`)
        .join(
          ', ',
        )}; CPU per search (k 192) exact ${result.cpuMsExact.p50}/${result.cpuMsExact.p95} ms, int8 + re-rank ${result.cpuMsFast.p50}/${result.cpuMsFast.p95} ms (p50/p95); matrix built in ${result.buildMs} ms`,
    );
  }
}
