// The synthetic search workload shared by `npm run bench:search` (SQLite, and Weaviate when configured)
// and bench/search-weaviate.ts: Zipf-distributed words, random unit vectors, timed BM25 and vector queries.
import { InvalidArgumentError } from 'commander';
import type { DocumentRecord } from '../../src/documents/types.ts';
import type { IndexUnit, KnowledgeStore } from '../../src/store/types.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { searchUnits } from '../../src/search/unit-search.ts';

export interface SearchBenchmarkOptions {
  /** Units in the space (default 100,000). */
  units?: number;
  /** Units per document, i.e. per commitDocument call (default 1,000, about a 300-page report). */
  unitsPerDocument?: number;
  /** Vector length; 0 = no vectors, lexical only (default 768). */
  dimensions?: number;
  /** Timed queries of each kind, after 10 untimed warm-up queries (default 200). */
  queries?: number;
  k?: number;
  seed?: number;
  onProgress?: (message: string) => void;
}

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** CPU time of this process per query (all threads): far less sensitive to other processes than wall time. */
  cpuP50Ms: number;
  cpuP95Ms: number;
  meanHits: number;
}

export interface SearchBenchmarkResult {
  store: KnowledgeStore['kind'];
  units: number;
  documents: number;
  dimensions: number;
  insert: { totalMs: number; unitsPerSecond: number; commitP50Ms: number; commitMaxMs: number };
  lexical: LatencySummary;
  vector?: LatencySummary;
  /** BM25 restricted to one document (documentIds filter), the per-document question path. */
  lexicalOneDocument: LatencySummary;
}

/** Fills a fresh space of `store` and times searches in it. The caller owns (and cleans up) the space. */
export async function runSearchBenchmark(store: KnowledgeStore, space: SpaceId, options: SearchBenchmarkOptions = {}): Promise<SearchBenchmarkResult> {
  const totalUnits = options.units ?? 100_000;
  const perDocument = options.unitsPerDocument ?? 1_000;
  const dimensions = options.dimensions ?? 768;
  const queryCount = options.queries ?? 200;
  const k = options.k ?? 10;
  const random = seededRandom(options.seed ?? 7);
  const vocabulary = makeVocabulary(random, 8_000);
  const word = () => vocabulary[zipfIndex(random, vocabulary.length)];

  const commitMs: number[] = [];
  const documentIds: string[] = [];
  const started = performance.now();
  for (let first = 0; first < totalUnits; first += perDocument) {
    const count = Math.min(perDocument, totalUnits - first);
    const record = makeRecord(space, `bench-${documentIds.length}`);
    documentIds.push(record.id);
    const units: IndexUnit[] = Array.from({ length: count }, (_, index) => {
      const nodeId = String(1 + Math.floor(index / 4)).padStart(4, '0');
      return {
        id: `${record.id}:${nodeId}:${1 + Math.floor(index / 3)}:${index % 4}`,
        space,
        documentId: record.id,
        documentName: record.name,
        nodeId,
        titlePath: [words(word, 3), words(word, 4)],
        kind: 'section',
        page: 1 + Math.floor(index / 3),
        part: index % 4,
        text: words(word, 60 + Math.floor(random() * 80)),
        vector: dimensions > 0 ? randomUnitVector(random, dimensions) : undefined,
      };
    });
    const commitStarted = performance.now();
    await store.commitDocument({ record, tree: { documentId: record.id, totalPages: Math.ceil(count / 3), nodes: [] }, units });
    commitMs.push(performance.now() - commitStarted);
    options.onProgress?.(`${first + count}/${totalUnits} units inserted`);
  }
  const insertMs = performance.now() - started;

  const lexicalQueries = Array.from({ length: queryCount + 10 }, () =>
    words(() => vocabulary[midFrequencyIndex(random, vocabulary.length)], 2 + Math.floor(random() * 4)),
  );
  const lexical = await timeQueries(lexicalQueries, text => searchUnits(store, { spaces: [space], text, k }));
  const lexicalOneDocument = await timeQueries(lexicalQueries, (text, index) =>
    searchUnits(store, { spaces: [space], text, k, documentIds: [documentIds[index % documentIds.length]] }),
  );
  const vector =
    dimensions > 0
      ? await timeQueries(
          Array.from({ length: queryCount + 10 }, () => randomUnitVector(random, dimensions)),
          query => store.searchVector({ spaces: [space], vector: query, k }),
        )
      : undefined;
  return {
    store: store.kind,
    units: totalUnits,
    documents: documentIds.length,
    dimensions,
    insert: {
      totalMs: Math.round(insertMs),
      unitsPerSecond: Math.round(totalUnits / (insertMs / 1000)),
      commitP50Ms: Math.round(percentile(commitMs, 0.5)),
      commitMaxMs: Math.round(Math.max(...commitMs)),
    },
    lexical,
    lexicalOneDocument,
    vector,
  };
}

export async function timeQueries<Query>(queries: Query[], run: (query: Query, index: number) => Promise<unknown[]>): Promise<LatencySummary> {
  const durations: number[] = [];
  const cpu: number[] = [];
  let hits = 0;
  for (const [index, query] of queries.entries()) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const result = await run(query, index);
    // The first ten warm connections and caches; they are not timed.
    if (index < 10) continue;
    durations.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    hits += result.length;
  }
  return {
    count: durations.length,
    p50Ms: round(percentile(durations, 0.5)),
    p95Ms: round(percentile(durations, 0.95)),
    maxMs: round(Math.max(...durations)),
    cpuP50Ms: round(percentile(cpu, 0.5)),
    cpuP95Ms: round(percentile(cpu, 0.95)),
    meanHits: round(hits / durations.length),
  };
}

function makeRecord(space: SpaceId, id: string): DocumentRecord {
  const now = new Date().toISOString();
  return {
    id,
    space,
    name: `${id}.pdf`,
    mime: 'application/pdf',
    sha256: id,
    sizeBytes: 0,
    pageCount: 0,
    status: 'ready',
    source: { platform: 'cli' },
    createdAt: now,
    updatedAt: now,
  };
}

/** Pronounceable pseudo-words, so BM25 sees a realistic vocabulary without any corpus. */
export function makeVocabulary(random: () => number, size: number): string[] {
  const syllables = ['ka', 'lo', 'mi', 'ter', 'san', 'dro', 'vel', 'qua', 'pen', 'rix', 'tu', 'bor', 'ne', 'sil', 'fa', 'gor'];
  const found = new Set<string>();
  while (found.size < size) {
    const length = 2 + Math.floor(random() * 3);
    found.add(Array.from({ length }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  }
  return [...found];
}

export function words(pick: () => string, count: number): string {
  return Array.from({ length: count }, pick).join(' ');
}

/** Word frequencies in text follow Zipf's law roughly; index 0 is the most frequent word. */
export function zipfIndex(random: () => number, size: number): number {
  return Math.min(size - 1, Math.floor(Math.exp(random() * Math.log(size + 1)) - 1));
}

/** Query words: skip the 50 most frequent (stop-word-like) ones, as real questions mostly do. */
function midFrequencyIndex(random: () => number, size: number): number {
  return Math.min(size - 1, 50 + zipfIndex(random, size - 50));
}

export function randomUnitVector(random: () => number, dimensions: number): number[] {
  const vector = Array.from({ length: dimensions }, () => random() * 2 - 1);
  const norm = Math.hypot(...vector);
  return vector.map(value => value / norm);
}

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('a whole number ≥ 0');
  return parsed;
}
