import { randomBytes } from 'node:crypto';
import weaviate, { ApiKey, type WeaviateClient } from 'weaviate-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioError } from '../../src/errors.ts';
import { ensureCollection, unitProperties } from '../../src/index/weaviate/schema.ts';
import { tenantNameForSpace } from '../../src/index/weaviate/tenant-name.ts';
import { WeaviateKnowledgeStore } from '../../src/index/weaviate/weaviate-knowledge-store.ts';
import { WeaviateRest } from '../../src/index/weaviate/weaviate-rest.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { makeRecord, makeTree, makeUnit, uniqueSpace } from '../support/weaviate/store-fixtures.ts';
import { waitForWeaviate, weaviateTestTarget } from '../support/weaviate/weaviate-test-target.ts';
import { describeKnowledgeStoreContract } from './knowledge-store.contract.ts';

const target = weaviateTestTarget();
/** Every space a test here writes; their tenants are dropped when the file is done. */
const usedSpaces: SpaceId[] = [];

/** Notes every space the contract suite writes, so afterAll can drop their tenants. */
class SpaceRecordingStore extends WeaviateKnowledgeStore {
  override async saveRecord(record: Parameters<WeaviateKnowledgeStore['saveRecord']>[0]) {
    usedSpaces.push(record.space);
    return super.saveRecord(record);
  }
  override async commitDocument(input: Parameters<WeaviateKnowledgeStore['commitDocument']>[0]) {
    usedSpaces.push(input.record.space);
    return super.commitDocument(input);
  }
}

describe('WeaviateKnowledgeStore without a server', () => {
  it('fails with a retryable FolioError when Weaviate cannot be reached', async () => {
    const store = new WeaviateKnowledgeStore({ url: 'http://127.0.0.1:9', grpcPort: 9 });
    const failure = await store.listDocuments(uniqueSpace('down')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FolioError);
    expect((failure as FolioError).retryable).toBe(true);
    expect((failure as FolioError).message).toContain('127.0.0.1');
    await store.close();
  });
});

if (target.state === 'missing-in-ci') {
  describe('WeaviateKnowledgeStore', () => {
    it('has a Weaviate server to test against', () => {
      throw new Error(target.reason);
    });
  });
} else if (target.state === 'skip') {
  console.info(target.reason);
}
const server = target.state === 'ready' ? target : undefined;

// Without WEAVIATE_URL (and CI unset) every test below is reported as skipped, with the reason.
describe.skipIf(!server)(`WeaviateKnowledgeStore against a real Weaviate${target.state === 'skip' ? ' (skipped: needs WEAVIATE_URL)' : ''}`, () => {
  // Read only by hooks and tests, which do not run when the suite is skipped.
  const url = server?.url ?? 'http://weaviate.invalid';
  const options = { url, grpcPort: server?.grpcPort, apiKey: server?.apiKey };
  const space = (label: string) => {
    const created = uniqueSpace(label);
    usedSpaces.push(created);
    return created;
  };
  let store: WeaviateKnowledgeStore;
  let client: WeaviateClient;

  /** Objects physically present in a space's unit tenant, whatever the store's version filter says. */
  const storedUnitCount = async (spaceId: SpaceId) => {
    const result = await client.collections.use('FolioUnit').withTenant(tenantNameForSpace(spaceId)).aggregate.overAll();
    return result.totalCount;
  };

  beforeAll(async () => {
    await waitForWeaviate(url);
    store = new WeaviateKnowledgeStore(options);
    const parsed = new URL(url);
    client = await weaviate.connectToLocal({
      host: parsed.hostname,
      port: Number(parsed.port || 80),
      grpcPort: options.grpcPort ?? 50051,
      authCredentials: options.apiKey ? new ApiKey(options.apiKey) : undefined,
    });
  });

  afterAll(async () => {
    if (!store) return;
    for (const usedSpace of new Set(usedSpaces)) await store.deleteSpace(usedSpace).catch(() => undefined);
    await store.close();
    await client?.close();
  });

  describeKnowledgeStoreContract(
    'weaviate',
    async () => {
      await waitForWeaviate(url);
      return new SpaceRecordingStore(options);
    },
    { timeoutMs: 60_000 },
  );

  describe('WeaviateKnowledgeStore', () => {
    it('keeps each space in its own tenant of both collections, created on first write', async () => {
      const spaceId = space('tenant');
      const record = makeRecord(spaceId, 'doc-t', 't.pdf');
      await store.commitDocument({ record, tree: makeTree(record.id), units: [makeUnit(record, '0001', 1, 'tenant check')] });
      for (const collection of ['FolioDocument', 'FolioUnit']) {
        const tenant = await client.collections.use(collection).tenants.getByName(tenantNameForSpace(spaceId));
        expect(tenant?.name).toBe(tenantNameForSpace(spaceId));
      }
      const config = await client.collections.use('FolioUnit').config.get();
      expect(config.multiTenancy.enabled).toBe(true);
    });

    it('reads of a space never written are empty, not errors', async () => {
      const spaceId = space('empty');
      expect(await store.listDocuments(spaceId)).toEqual([]);
      expect(await store.getRecord(spaceId, 'nothing')).toBeNull();
      expect(await store.getUnits(spaceId, 'nothing')).toEqual([]);
      expect(await store.deleteDocument(spaceId, 'nothing')).toBe(false);
      expect(await store.searchLexical({ spaces: [spaceId], text: 'anything', k: 5 })).toEqual([]);
      expect(await store.searchVector({ spaces: [spaceId], vector: [1, 0, 0], k: 5 })).toEqual([]);
    });

    it('a commit rejected by Weaviate part-way leaves the previous version searchable and nothing of the new one', async () => {
      const spaceId = space('fail');
      const record = makeRecord(spaceId, 'doc-f', 'f.pdf');
      const first = [makeUnit(record, '0001', 1, 'original wording about turbines', [1, 0, 0])];
      await store.commitDocument({ record, tree: makeTree(record.id), units: first });
      // The tenant's vectors have 3 dimensions: Weaviate stores the 20 units without vectors and rejects
      // the one with 4, a per-object batch error after part of the new version was written.
      const withoutVectors = Array.from({ length: 20 }, (_, index) => makeUnit(record, `01${String(index).padStart(2, '0')}`, 1, `replacement text ${index}`));
      const rejected = makeUnit(record, '0999', 2, 'replacement with a longer vector', [0, 0, 1, 1]);
      const failure = await store
        .commitDocument({ record, tree: makeTree(record.id), units: [...withoutVectors, rejected] })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FolioError);
      expect((failure as FolioError).message).toContain('1 of 21 objects were rejected');
      expect((await store.searchLexical({ spaces: [spaceId], text: 'turbines replacement', k: 10 })).map(hit => hit.unit.text)).toEqual([
        'original wording about turbines',
      ]);
      expect((await store.getUnits(spaceId, record.id)).map(unit => unit.text)).toEqual(['original wording about turbines']);
      expect(await storedUnitCount(spaceId)).toBe(1);
    });

    it('replacing a version removes the old units physically and readers never see a mix', async () => {
      const spaceId = space('swap');
      const record = makeRecord(spaceId, 'doc-s', 's.pdf');
      const version = (label: string, count: number) =>
        Array.from({ length: count }, (_, index) => makeUnit(record, String(index + 1).padStart(4, '0'), 1 + (index % 3), `${label} unit ${index}`));
      await store.commitDocument({ record, tree: makeTree(record.id), units: version('alpha', 300) });
      const observed = new Set<string>();
      let committing = true;
      const reader = (async () => {
        while (committing) {
          const labels = new Set((await store.getUnits(spaceId, record.id)).map(unit => unit.text.split(' ')[0]));
          observed.add([...labels].sort().join('+'));
        }
      })();
      await store.commitDocument({ record, tree: makeTree(record.id), units: version('beta', 400) });
      committing = false;
      await reader;
      expect(observed.size).toBeGreaterThan(0);
      expect([...observed].every(labels => labels === 'alpha' || labels === 'beta')).toBe(true);
      expect((await store.getUnits(spaceId, record.id)).length).toBe(400);
      expect(await storedUnitCount(spaceId)).toBe(400);
    });

    it('returns every unit of a long document in document order, past one result page', async () => {
      const spaceId = space('long');
      const record = makeRecord(spaceId, 'doc-l', 'l.pdf', { pageCount: 500 });
      const units = Array.from({ length: 2_300 }, (_, index) => makeUnit(record, String(1 + (index % 700)).padStart(4, '0'), 1 + Math.floor(index / 700), `text ${index}`));
      await store.commitDocument({ record, tree: makeTree(record.id), units: [...units].reverse() });
      const stored = await store.getUnits(spaceId, record.id);
      expect(stored.length).toBe(units.length);
      const keys = stored.map(unit => `${unit.nodeId}:${String(unit.page).padStart(3, '0')}`);
      expect(keys).toEqual([...keys].sort());
      expect((await store.getUnits(spaceId, record.id, ['0007'])).map(unit => unit.page)).toEqual([1, 2, 3, 4]);
    });

    it('a status update during a re-ingest keeps the committed version live', async () => {
      const spaceId = space('status');
      const record = makeRecord(spaceId, 'doc-u', 'u.pdf');
      await store.commitDocument({ record, tree: makeTree(record.id), units: [makeUnit(record, '0001', 1, 'sediment transport survey')] });
      await store.saveRecord({ ...record, status: 'parsing', updatedAt: new Date(Date.now() + 1000).toISOString() });
      expect((await store.getRecord(spaceId, record.id))?.status).toBe('parsing');
      expect((await store.getTree(spaceId, record.id))?.documentId).toBe(record.id);
      expect((await store.searchLexical({ spaces: [spaceId], text: 'sediment', k: 3 })).map(hit => hit.unit.documentId)).toEqual([record.id]);
      expect(await store.getUnits(spaceId, record.id)).toHaveLength(1);
    });

    it('survives a restart: a new store instance finds what the old one wrote', async () => {
      const spaceId = space('restart');
      const record = makeRecord(spaceId, 'doc-r', 'r.pdf');
      await store.commitDocument({ record, tree: makeTree(record.id), units: [makeUnit(record, '0001', 2, 'persistent hydrology notes', [0, 0, 1])] });
      const reopened = new WeaviateKnowledgeStore(options);
      try {
        expect((await reopened.searchLexical({ spaces: [spaceId], text: 'hydrology', k: 3 }))[0]?.unit.page).toBe(2);
        expect((await reopened.getTree(spaceId, record.id))?.documentId).toBe(record.id);
        expect((await reopened.getUnits(spaceId, record.id))[0]?.vector).toEqual([0, 0, 1]);
      } finally {
        await reopened.close();
      }
    });

  });

  describe('Weaviate schema drift', () => {
    const collection = `FolioDriftProbe${randomBytes(4).toString('hex')}`;
    const rest = new WeaviateRest(options);

    afterAll(async () => {
      await rest.request('DELETE', `/v1/schema/${collection}`).catch(() => undefined);
    });

    it('adds properties a collection lacks and refuses one whose types changed', async () => {
      const older = unitProperties.filter(property => property.name !== 'ordinal');
      await ensureCollection(rest, collection, older, true);
      await ensureCollection(rest, collection, unitProperties, true);
      const schema = await rest.request<{ properties: Array<{ name: string }> }>('GET', `/v1/schema/${collection}`);
      expect(schema?.properties.map(property => property.name)).toContain('ordinal');

      const changed = unitProperties.map(property => (property.name === 'unitId' ? { ...property, dataType: ['int'] as ['int'], tokenization: undefined } : property));
      const failure = await ensureCollection(rest, collection, changed, true).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FolioError);
      expect((failure as FolioError).code).toBe('config_invalid');
      expect((failure as FolioError).message).toContain('property unitId is text instead of int');
    });
  });
});
