import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../documents/types.ts';
import { parseSpaceId } from '../../spaces/space-id.ts';
import { termPairs } from '../page-records.ts';
import { searchTerms } from '../../text/search-terms.ts';
import type { IndexUnit } from '../types.ts';
import type { SearchKind } from './search-calls.ts';
import { SearchThread } from './search-thread.ts';
import { SqliteKnowledgeStore } from './sqlite-knowledge-store.ts';
import { searchUnits } from '../../search/unit-search.ts';

const space = parseSpaceId('web:search-thread');
const words = ['harbour', 'fees', 'tariff', 'vessel', 'cargo', 'zebra', 'crane', 'berth', 'pilot', 'tug'];

function record(id: string): DocumentRecord {
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

function units(documentId: string, count: number): IndexUnit[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${documentId}:${index}`,
    space,
    documentId,
    documentName: `${documentId}.pdf`,
    nodeId: String(index),
    titlePath: [words[index % 7]],
    kind: 'section',
    page: 1 + index,
    part: 0,
    text: `${words[index % 10]} ${words[(index * 3) % 10]} ${words[(index * 7) % 10]} note${index % 13}`,
  }));
}

const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 20_000) throw new Error('condition not met in 20 s');
    await new Promise(resolve => setTimeout(resolve, 20));
  }
};

describe('BM25 and page searches on threads of their own', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-search-thread-'));
  const inThread = new SqliteKnowledgeStore({ dataDir, searchThreadMinUnits: Infinity });
  const threaded = new SqliteKnowledgeStore({ dataDir, searchThreadMinUnits: 1 });
  afterAll(async () => {
    await threaded.close();
    await inThread.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The searches a question makes (SqliteKnowledgeStore: matchUnits, searchPages, pageStatistics) for `text`. */
  const searches = (store: SqliteKnowledgeStore, text: string, k: number) => {
    const words = searchTerms(text);
    const pairs = [...new Set(termPairs(words))];
    return Promise.all([
      searchUnits(store, { spaces: [space], text, k }),
      store.searchPages({ spaces: [space], terms: [...new Set(words)], pairs, k }),
      store.pageStatistics({ spaces: [space], terms: [...new Set([...words, ...pairs])] }),
      store.pageStatistics({ spaces: [space], documentIds: ['a'], terms: [...new Set([...words, ...pairs])] }),
    ]);
  };

  it('answers exactly as the same searches in this thread, and sees commits made here at once', async () => {
    await inThread.commitDocument({ record: record('a'), tree: { documentId: 'a', totalPages: 400, nodes: [] }, units: units('a', 400) });
    const queries = ['harbour zebra', 'tariff for cargo vessels', 'note7 crane', 'berth pilot tug fees', 'nothing matches'];
    // The first search starts the threads (and is answered here meanwhile).
    await searchUnits(threaded, { spaces: [space], text: queries[0], k: 10 });
    const threads = (threaded as unknown as { searchThreads: SearchThread[] }).searchThreads;
    await until(() => threads.every(thread => thread.ready));
    const viaThread: SearchKind[] = [];
    for (const thread of threads) {
      const search = thread.search.bind(thread);
      thread.search = (kind, query) => {
        viaThread.push(kind);
        return search(kind, query);
      };
    }
    for (const text of queries) expect(await searches(threaded, text, 25)).toEqual(await searches(inThread, text, 25));
    // Fewer pages asked for than match: the ranked branch of the page search.
    expect(await searches(threaded, 'harbour cargo', 3)).toEqual(await searches(inThread, 'harbour cargo', 3));
    // Written through the threaded store's own connection, read by its threads right after.
    await threaded.commitDocument({
      record: record('b'),
      tree: { documentId: 'b', totalPages: 3, nodes: [] },
      units: [{ ...units('b', 1)[0], text: 'quokka sighting' }],
    });
    const [hits, pages, statistics] = await searches(threaded, 'quokka', 5);
    expect(hits.map(hit => hit.unit.documentId)).toEqual(['b']);
    expect(pages.map(page => page.documentId)).toEqual(['b']);
    expect(statistics.frequencies.get('quokka')).toBe(1);
    expect(await Promise.all(queries.map(text => searches(threaded, text, 5)))).toEqual(await Promise.all(queries.map(text => searches(inThread, text, 5))));
    // Each query twice, plus the ranked search and the quokka search.
    const calls = queries.length * 2 + 2;
    expect(viaThread.filter(kind => kind === 'lexical')).toHaveLength(calls);
    expect(viaThread.filter(kind => kind === 'pages')).toHaveLength(calls);
    expect(viaThread.filter(kind => kind === 'pageStatistics')).toHaveLength(calls * 2);
  });

  it('warmUp starts the threads of a large enough index and returns once they take queries; a small one starts none', async () => {
    const warmed = new SqliteKnowledgeStore({ dataDir, searchThreadMinUnits: 1 });
    const small = new SqliteKnowledgeStore({ dataDir, searchThreadMinUnits: 1_000_000 });
    try {
      await Promise.all([warmed.warmUp(), small.warmUp()]);
      const threadsOf = (store: SqliteKnowledgeStore) => (store as unknown as { searchThreads: SearchThread[] }).searchThreads;
      expect(threadsOf(warmed).length).toBeGreaterThan(0);
      expect(threadsOf(warmed).every(thread => thread.ready)).toBe(true);
      expect(threadsOf(small)).toEqual([]);
    } finally {
      await Promise.all([warmed.close(), small.close()]);
    }
  });

  it("answers in the caller's thread when the search thread dies, also for the query it held", async () => {
    const answeredHere: string[] = [];
    // A thread that says it is ready and then never answers: it dies holding the query.
    let worker: Worker | undefined;
    const silent = () =>
      (worker = new Worker(`require('node:worker_threads').parentPort.postMessage({ type: 'ready' }); setInterval(() => {}, 1000);`, { eval: true }));
    const thread = new SearchThread(
      { path: join(dataDir, 'folio.sqlite'), busyTimeoutMs: 1000 },
      call => {
        answeredHere.push(call.kind === 'lexical' ? call.query.text : call.kind);
        return [];
      },
      silent,
    );
    await until(() => thread.ready);
    const held = thread.search('lexical', { spaces: [space], text: 'harbour', k: 5 });
    await worker!.terminate();
    expect(await held).toEqual([]);
    expect(answeredHere).toEqual(['harbour']);
    expect(thread.ready).toBe(false);
    expect(await thread.search('lexical', { spaces: [space], text: 'zebra', k: 5 })).toEqual([]);
    expect(await thread.search('pages', { spaces: [space], terms: ['zebra'], pairs: [], k: 5 })).toEqual([]);
    expect(answeredHere).toEqual(['harbour', 'zebra', 'pages']);
    await thread.close();
  });

  it("a thread that cannot open the database is never ready: every query is answered in the caller's thread", async () => {
    const thread = new SearchThread({ path: join(dataDir, 'missing', 'folio.sqlite'), busyTimeoutMs: 1000 }, () => []);
    // Started, in the sense of `started`: it will never be ready, so nothing waits for it.
    await thread.started;
    expect(thread.ready).toBe(false);
    expect(await thread.search('lexical', { spaces: [space], text: 'harbour', k: 5 })).toEqual([]);
    await thread.close();
  });

  it('closing a store whose thread is still starting ends the thread and returns (its own process)', async () => {
    // In vitest something always keeps the event loop alive; a program of its own shows whether close() does.
    const script = new URL('../../../test/support/knowledge-store/search-then-close.ts', import.meta.url).pathname;
    const runTs = new URL('../../../bin/run-ts.js', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, [runTs, script], { timeout: 60_000 });
    expect(stdout.trim()).toBe('closed after 100 hits');
  });
});
