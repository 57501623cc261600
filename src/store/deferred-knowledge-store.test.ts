import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFolio } from '../folio.ts';
import { loadConfig } from '../config.ts';
import { silentLogger } from '../log.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { DeferredKnowledgeStore } from './deferred-knowledge-store.ts';
import { SqliteKnowledgeStore } from './sqlite/sqlite-knowledge-store.ts';
import { searchUnits } from '../search/unit-search.ts';

describe('DeferredKnowledgeStore', () => {
  it('creates the real store once, on first use, and passes calls through', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-deferred-'));
    let created = 0;
    const store = new DeferredKnowledgeStore('sqlite', async () => {
      created += 1;
      return new SqliteKnowledgeStore({ dataDir });
    });
    expect(created).toBe(0);
    const space = 'web:deferred' as SpaceId;
    await Promise.all([store.listDocuments(space), store.countDocumentsWithSha('0'.repeat(64))]);
    expect(await searchUnits(store, { spaces: [space], text: 'anything', k: 3 })).toEqual([]);
    expect(created).toBe(1);
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('closes without creating a store that was never used', async () => {
    const store = new DeferredKnowledgeStore('weaviate', async () => {
      throw new Error('must not be created');
    });
    await store.close();
  });

  it('is what createFolio uses for Weaviate, so configuring it costs nothing until first use', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-unused-'));
    const config = loadConfig({ FOLIO_DATA_DIR: dataDir, WEAVIATE_URL: 'http://127.0.0.1:9', WEAVIATE_GRPC_PORT: '9' });
    expect(config.weaviate).toEqual({ url: 'http://127.0.0.1:9', apiKey: undefined, grpcPort: 9 });
    const folio = createFolio(config, { log: silentLogger() });
    // Nothing listens on port 9: building and closing never connected, the first use does.
    const readiness = await folio.readiness();
    expect(readiness.store.ok).toBe(false);
    await folio.close();
    await rm(dataDir, { recursive: true, force: true });
  });
});
