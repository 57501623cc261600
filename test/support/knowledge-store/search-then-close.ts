// Run as its own program (search-thread.test.ts): a store whose search thread is still starting when it
// is searched (never yielding, so the thread cannot report ready) and then closed. Prints "closed"
// when close() returned; before the fix the process ended inside close() with exit code 13.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKnowledgeStore } from '../../../src/store/sqlite/sqlite-knowledge-store.ts';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';
import { searchUnits } from '../../../src/search/unit-search.ts';

const space = parseSpaceId('web:search-then-close');
const dataDir = await mkdtemp(join(tmpdir(), 'folio-search-then-close-'));
const store = new SqliteKnowledgeStore({ dataDir, searchThreadMinUnits: 1 });
const now = new Date().toISOString();
await store.commitDocument({
  record: {
    id: 'a',
    space,
    name: 'a.pdf',
    mime: 'application/pdf',
    sha256: 'a',
    sizeBytes: 0,
    pageCount: 1,
    status: 'ready',
    source: { platform: 'cli' },
    createdAt: now,
    updatedAt: now,
  },
  tree: { documentId: 'a', totalPages: 1, nodes: [] },
  units: Array.from({ length: 20 }, (_, index) => ({
    id: `a:${index}`,
    space,
    documentId: 'a',
    documentName: 'a.pdf',
    nodeId: String(index),
    titlePath: [],
    kind: 'section' as const,
    page: 1,
    part: 0,
    text: `harbour fee ${index}`,
  })),
});
let hits = 0;
for (let index = 0; index < 20; index++) hits += (await searchUnits(store, { spaces: [space], text: 'harbour fee', k: 5 })).length;
await store.close();
await rm(dataDir, { recursive: true, force: true });
console.log(`closed after ${hits} hits`);
