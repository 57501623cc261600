import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import weaviate, { ApiKey, type WeaviateClient } from 'weaviate-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentRecord } from '../../src/documents/types.ts';
import { FolioError } from '../../src/errors.ts';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';
import type { IndexUnit } from '../../src/store/types.ts';
import { ensureCollection, unitProperties } from '../../src/store/weaviate/schema.ts';
import { tenantNameForSpace } from '../../src/store/weaviate/tenant-name.ts';
import { WeaviateKnowledgeStore } from '../../src/store/weaviate/weaviate-knowledge-store.ts';
import { WeaviateRest } from '../../src/store/weaviate/weaviate-rest.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { makeRecord, makeTree, makeUnit, uniqueSpace } from '../support/weaviate/store-fixtures.ts';
import { waitForWeaviate, weaviateTestTarget } from '../support/weaviate/weaviate-test-target.ts';
import { describeKnowledgeStoreContract } from './knowledge-store.contract.ts';
import { harbourReport } from './knowledge-store-fixtures.ts';
import { pagesOfTree } from '../../src/store/tree-pages.ts';
import { countDocumentsHolding } from '../../src/store/weaviate/page-counts.ts';
import { recordToProperties, type DocumentProperties } from '../../src/store/weaviate/serialize.ts';
import { documentUuid } from '../../src/store/weaviate/weaviate-objects.ts';
import { searchUnits } from '../../src/search/unit-search.ts';

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

  /** A space's tenant in one collection: its activity status, or null when it has none. */
  const tenantStatus = async (collection: 'FolioDocument' | 'FolioUnit' | 'FolioPage', spaceId: SpaceId) =>
    (await client.collections.use(collection).tenants.getByName(tenantNameForSpace(spaceId)))?.activityStatus ?? null;

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

    it('reads of a space never written are empty, not errors, and create no tenant', async () => {
      const spaceId = space('empty');
      expect(await store.listDocuments(spaceId)).toEqual([]);
      expect(await store.getRecord(spaceId, 'nothing')).toBeNull();
      expect(await store.findDocument(spaceId, 'nothing.pdf')).toBeNull();
      expect(await store.getTree(spaceId, 'nothing')).toBeNull();
      expect(await store.getUnits(spaceId, 'nothing')).toEqual([]);
      expect(await store.deleteDocument(spaceId, 'nothing')).toBe(false);
      expect(await searchUnits(store, { spaces: [spaceId], text: 'anything', k: 5 })).toEqual([]);
      expect(await store.searchVector({ spaces: [spaceId], vector: [1, 0, 0], k: 5 })).toEqual([]);
      expect(await store.deleteSpace(spaceId)).toBe(0);
      for (const collection of ['FolioDocument', 'FolioUnit', 'FolioPage'] as const) expect(await tenantStatus(collection, spaceId)).toBeNull();
      // The first write creates them all.
      await store.saveRecord(makeRecord(spaceId, 'doc-e', 'e.pdf', { status: 'queued' }));
      for (const collection of ['FolioDocument', 'FolioUnit', 'FolioPage'] as const) expect(await tenantStatus(collection, spaceId)).toBe('ACTIVE');
    });

    it('deactivates the search tenants (units, pages) of a space this process left idle; the next search, write or forget works on them', async () => {
      const idleStore = new WeaviateKnowledgeStore({ ...options, tenantIdleMs: 300, tenantIdleCheckMs: 100 });
      // Units and pages hold the search indexes; records and trees stay active (see space-tenants.ts).
      const goesInactive = (spaceId: SpaceId) =>
        vi.waitFor(
          async () => {
            expect(await tenantStatus('FolioUnit', spaceId)).toBe('INACTIVE');
            expect(await tenantStatus('FolioPage', spaceId)).toBe('INACTIVE');
          },
          { timeout: 20_000, interval: 100 },
        );
      try {
        const idle = space('idle');
        const elsewhere = space('idle-elsewhere');
        const tiny = space('idle-tiny');
        // A space of one unit stays active (see minimumUnitsToDeactivate in space-tenants.ts); used first,
        // it has been looked at by the time the other one goes inactive.
        const lone = makeRecord(tiny, 'doc-t', 't.pdf');
        await idleStore.commitDocument({ record: lone, tree: makeTree(lone.id), units: [makeUnit(lone, '0001', 1, 'a lone paragraph', [0, 1, 1])] });
        const first = makeRecord(idle, 'doc-i1', 'i1.pdf');
        await idleStore.commitDocument({
          record: first,
          tree: makeTree(first.id),
          units: [makeUnit(first, '0001', 1, 'dormant glacier survey', [1, 0, 0]), makeUnit(first, '0002', 2, 'glacier retreat measured', [1, 1, 0])],
        });
        // Written by another process (`store`): this one never used it, so it never deactivates it.
        const other = makeRecord(elsewhere, 'doc-o', 'o.pdf');
        await store.commitDocument({
          record: other,
          tree: makeTree(other.id),
          units: [makeUnit(other, '0001', 1, 'busy harbour survey', [0, 1, 0]), makeUnit(other, '0002', 2, 'busy quay', [0, 1, 1])],
        });

        await goesInactive(idle);
        expect(await tenantStatus('FolioDocument', idle)).toBe('ACTIVE');
        expect(await tenantStatus('FolioUnit', elsewhere)).toBe('ACTIVE');
        expect(await tenantStatus('FolioUnit', tiny)).toBe('ACTIVE');

        // A question reactivates it and gets its results.
        expect((await searchUnits(idleStore, { spaces: [idle, elsewhere], text: 'glacier survey', k: 5 }))[0]?.unit.documentId).toBe(first.id);
        expect(await tenantStatus('FolioUnit', idle)).toBe('ACTIVE');
        expect((await idleStore.searchVector({ spaces: [idle], vector: [1, 0, 0], k: 5 })).map(hit => hit.unit.text)).toEqual([
          'dormant glacier survey',
          'glacier retreat measured',
        ]);

        // A document written while it is inactive goes in, and both are found. (By BM25: Weaviate 1.39.0
        // can lose vectors from a tenant's vector index after a second deactivation; docs/weaviate.md.)
        await goesInactive(idle);
        const second = makeRecord(idle, 'doc-i2', 'i2.pdf');
        await idleStore.saveRecord({ ...second, status: 'parsing' });
        await idleStore.commitDocument({
          record: second,
          tree: makeTree(second.id),
          units: [makeUnit(second, '0001', 2, 'dormant volcano survey', [0, 0, 1])],
        });
        expect((await searchUnits(idleStore, { spaces: [idle], text: 'volcano', k: 5 }))[0]?.unit.documentId).toBe(second.id);
        expect((await searchUnits(idleStore, { spaces: [idle], text: 'dormant survey', k: 5 })).map(hit => hit.unit.documentId).sort()).toEqual(
          [first.id, second.id].sort(),
        );

        // Another process's read of the inactive tenant reactivates it too.
        await goesInactive(idle);
        expect((await store.getUnits(idle, first.id)).map(unit => unit.text)).toEqual(['dormant glacier survey', 'glacier retreat measured']);
        expect(await tenantStatus('FolioUnit', idle)).toBe('ACTIVE');

        // Forgetting the space works on an inactive tenant: both tenants go. (This process deactivates
        // the tenant again only after using it again: listing the documents is a use.)
        expect(await idleStore.listDocuments(idle)).toHaveLength(2);
        await goesInactive(idle);
        expect(await idleStore.deleteSpace(idle)).toBe(2);
        expect(await idleStore.deleteSpace(tiny)).toBe(1);
        for (const collection of ['FolioDocument', 'FolioUnit', 'FolioPage'] as const) expect(await tenantStatus(collection, idle)).toBeNull();
        expect(await idleStore.deactivateIdleTenants()).toEqual([]);
      } finally {
        await idleStore.close();
      }
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
      const failure = await store.commitDocument({ record, tree: makeTree(record.id), units: [...withoutVectors, rejected] }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FolioError);
      expect((failure as FolioError).message).toContain('1 of 21 objects were rejected');
      expect((await searchUnits(store, { spaces: [spaceId], text: 'turbines replacement', k: 10 })).map(hit => hit.unit.text)).toEqual([
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
      const units = Array.from({ length: 2_300 }, (_, index) =>
        makeUnit(record, String(1 + (index % 700)).padStart(4, '0'), 1 + Math.floor(index / 700), `text ${index}`),
      );
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
      expect((await searchUnits(store, { spaces: [spaceId], text: 'sediment', k: 3 })).map(hit => hit.unit.documentId)).toEqual([record.id]);
      expect(await store.getUnits(spaceId, record.id)).toHaveLength(1);
    });

    it('lists records and searches units as another process last wrote them, though it keeps its lists between calls', async () => {
      const spaceId = space('listings');
      const first = makeRecord(spaceId, 'doc-l1', 'l1.pdf', { status: 'ready', createdAt: '2026-12-01T00:00:00.000Z' });
      await store.commitDocument({ record: first, tree: makeTree(first.id), units: [makeUnit(first, '0001', 1, 'lighthouse keeper logbook', [1, 0, 0])] });
      const reader = new WeaviateKnowledgeStore(options);
      const listed = async () => (await reader.listDocuments(spaceId)).map(record => `${record.name}:${record.status}`);
      const found = async (text: string) => (await searchUnits(reader, { spaces: [spaceId], text, k: 5 })).map(hit => hit.unit.documentId);
      try {
        expect(await listed()).toEqual(['l1.pdf:ready']);
        expect(await found('lighthouse')).toEqual([first.id]);
        // A record written elsewhere: a new document being read, then a status change of the first.
        const second = makeRecord(spaceId, 'doc-l2', 'l2.pdf', { createdAt: '2026-12-02T00:00:00.000Z' });
        await store.saveRecord(second);
        expect(await listed()).toEqual(['l1.pdf:ready', 'l2.pdf:indexing']);
        await store.saveRecord({ ...first, status: 'failed' });
        expect(await listed()).toEqual(['l1.pdf:failed', 'l2.pdf:indexing']);
        await store.commitDocument({
          record: { ...second, status: 'ready' },
          tree: makeTree(second.id),
          units: [makeUnit(second, '0001', 1, 'lighthouse lamp maintenance', [0, 1, 0])],
        });
        expect(await listed()).toEqual(['l1.pdf:failed', 'l2.pdf:ready']);
        expect((await found('lighthouse')).sort()).toEqual([first.id, second.id].sort());
        expect(await found('lamp')).toEqual([second.id]);
        await store.deleteDocument(spaceId, first.id);
        expect(await listed()).toEqual(['l2.pdf:ready']);
        expect(await found('lighthouse')).toEqual([second.id]);
      } finally {
        await reader.close();
      }
    });

    it('leaves query words in most of the space units out of unit search, unless nothing else is asked', async () => {
      const spaceId = space('frequent-words');
      const record = makeRecord(spaceId, 'doc-f', 'f.pdf');
      const texts = ['harbour cargo lighthouse keeper', 'harbour cargo berths', 'harbour cargo tonnage', 'harbour cargo dredging'];
      await store.commitDocument({
        record,
        tree: makeTree(record.id),
        units: texts.map((text, index) => makeUnit(record, `000${index + 1}`, index + 1, text, [1, 0, 0])),
      });
      const pages = async (text: string) => (await searchUnits(store, { spaces: [spaceId], text, k: 10 })).map(hit => hit.unit.page).sort();
      expect(await pages('harbour cargo lighthouse')).toEqual([1]);
      expect(await pages('harbour cargo')).toEqual([1, 2, 3, 4]);
      expect(await pages('tonnage')).toEqual([3]);
    });

    it('ranks units as the SQLite store does', async () => {
      const spaceId = space('unit-ranking');
      const unit = (record: DocumentRecord, index: number, titlePath: string[], text: string): IndexUnit => ({
        ...makeUnit(record, String(index).padStart(4, '0'), 1 + (index % 3), text),
        titlePath,
      });
      const first = makeRecord(spaceId, 'doc-r1', 'r1.pdf');
      const second = makeRecord(spaceId, 'doc-r2', 'r2.pdf');
      // Lengths, titles, repeats and accents differ from unit to unit, where Weaviate's BM25F and FTS5 part ways.
      const documents = [
        {
          record: first,
          units: [
            unit(first, 0, ['Harbour Fees'], 'Fees at the harbour rose in 2024.'),
            unit(
              first,
              1,
              ['Annual Report', 'Harbour'],
              'The harbour harbour HARBOUR authority reported cargo volumes, container traffic and a new pelican colony near the breakwater, which the café owners welcomed.',
            ),
            unit(first, 2, ['Notes'], 'Cargo cargo and more cargo.'),
            unit(first, 3, ['Notes'], 'A cafe by the harbour serves naïve tourists; pelican sightings are logged daily.'),
          ],
        },
        {
          record: second,
          units: [
            unit(second, 0, ['Fleet'], 'Container ships dock twice a week.'),
            unit(second, 1, ['Fleet', 'Pelican Class'], 'The pelican class tug.'),
            ...Array.from({ length: 12 }, (_, index) =>
              unit(second, 2 + index, ['Appendix'], `Table ${index} lists the harbour dues and cargo rates for berth ${index}.`),
            ),
          ],
        },
      ];
      const dataDir = await mkdtemp(join(tmpdir(), 'folio-unit-ranking-'));
      const sqlite = new SqliteKnowledgeStore({ dataDir });
      try {
        for (const { record, units } of documents) {
          await sqlite.commitDocument({ record, tree: makeTree(record.id), units });
          await store.commitDocument({ record, tree: makeTree(record.id), units });
        }
        const queries = [
          { text: 'harbour pelican', k: 5 },
          { text: 'Café cargo container', k: 4 },
          { text: 'harbour dues berth naive', k: 6 },
          { text: 'pelican colony cargo', k: 3, documentIds: [first.id] },
          { text: 'pelican colony tug', k: 3 },
        ];
        for (const query of queries) {
          const expected = await searchUnits(sqlite, { spaces: [spaceId], ...query });
          const found = await searchUnits(store, { spaces: [spaceId], ...query });
          expect(
            found.map(hit => hit.unit.id),
            query.text,
          ).toEqual(expected.map(hit => hit.unit.id));
          // Near, not equal: the SQLite table's lengths also count its two filter tokens per unit.
          found.forEach((hit, index) => expect(Math.abs(hit.score / expected[index].score - 1)).toBeLessThan(0.05));
        }
      } finally {
        await sqlite.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('lists every document of a space past one result page, each once', async () => {
      const spaceId = space('many-records');
      const ids = Array.from({ length: 1_003 }, (_, index) => `d${String(index).padStart(4, '0')}`);
      const documents = client.collections.use<string, DocumentProperties>('FolioDocument').withTenant(tenantNameForSpace(spaceId));
      await store.saveRecord(makeRecord(spaceId, ids[0], `${ids[0]}.pdf`));
      // Written in batches straight to Weaviate: a thousand saveRecord calls would take most of a minute.
      for (let start = 1; start < ids.length; start += 250) {
        const batch = ids.slice(start, start + 250).map(id => ({
          id: documentUuid(id),
          properties: { ...recordToProperties(makeRecord(spaceId, id, `${id}.pdf`)), activeVersion: '', treeJson: '', figureSha256s: [] },
        }));
        const result = await documents.data.insertMany(batch);
        expect(result.hasErrors).toBe(false);
      }
      const listed = (await new WeaviateKnowledgeStore(options).listDocuments(spaceId)).map(record => record.id);
      expect(listed).toHaveLength(ids.length);
      expect(new Set(listed)).toEqual(new Set(ids));
    });

    it('survives a restart: a new store instance finds what the old one wrote', async () => {
      const spaceId = space('restart');
      const record = makeRecord(spaceId, 'doc-r', 'r.pdf');
      await store.commitDocument({ record, tree: makeTree(record.id), units: [makeUnit(record, '0001', 2, 'persistent hydrology notes', [0, 0, 1])] });
      const reopened = new WeaviateKnowledgeStore(options);
      try {
        expect((await searchUnits(reopened, { spaces: [spaceId], text: 'hydrology', k: 3 }))[0]?.unit.page).toBe(2);
        expect((await reopened.getTree(spaceId, record.id))?.documentId).toBe(record.id);
        expect((await reopened.getUnits(spaceId, record.id))[0]?.vector).toEqual([0, 0, 1]);
      } finally {
        await reopened.close();
      }
    });
  });

  describe('WeaviateKnowledgeStore page records', () => {
    /** FolioPage objects physically present in a space's tenant, whatever the version filter says. */
    const storedPageCount = async (spaceId: SpaceId) =>
      (await client.collections.use('FolioPage').withTenant(tenantNameForSpace(spaceId)).aggregate.overAll()).totalCount;
    const pageTenant = async (spaceId: SpaceId) => (await client.collections.use('FolioPage').tenants.getByName(tenantNameForSpace(spaceId)))?.name ?? null;

    it('keeps pages in a FolioPage tenant of the space, only those of the live version, dropped with the space', async () => {
      const spaceId = space('pages-tenant');
      const report = harbourReport(spaceId);
      await store.commitDocument(report);
      expect(await pageTenant(spaceId)).toBe(tenantNameForSpace(spaceId));
      expect(await storedPageCount(spaceId)).toBe(5);
      const rewritten = { ...report, units: report.units.filter(unit => unit.page !== 5) };
      await store.commitDocument(rewritten);
      expect(await storedPageCount(spaceId)).toBe(4);
      expect((await store.getPages(spaceId, report.record.id)).map(page => page.page)).toEqual([1, 2, 3, 4]);
      expect(await store.deleteDocument(spaceId, report.record.id)).toBe(true);
      expect(await storedPageCount(spaceId)).toBe(0);
      await store.commitDocument(report);
      await store.deleteSpace(spaceId);
      expect(await pageTenant(spaceId)).toBeNull();
    });

    it('reads tree pages from the page objects, not the whole tree', async () => {
      const spaceId = space('tree-pages');
      const report = harbourReport(spaceId);
      await store.commitDocument(report);
      const pageObjects = client.collections.use('FolioPage').withTenant(tenantNameForSpace(spaceId));
      const withTreePages = await pageObjects.query.fetchObjects({ limit: 10, returnProperties: ['page', 'treePageJson'] });
      expect(withTreePages.objects.map(object => typeof object.properties.treePageJson)).toEqual(Array(5).fill('string'));
      const getTree = vi.spyOn(store, 'getTree');
      expect(await store.getTreePages(spaceId, report.record.id, [5, 2, 3])).toEqual(pagesOfTree(report.tree, [2, 3, 5]));
      expect(getTree).not.toHaveBeenCalled();
      getTree.mockRestore();
    });

    it('counts pages the same by one count request per term as from the pages, and documents by requests as from vocabularies', async () => {
      const spaceId = space('pages-counting');
      const reports = Array.from({ length: 6 }, (_, index) =>
        harbourReport(spaceId, { name: `r${index}.pdf`, variant: index === 0 ? 'pelican edition' : `edition ${index}` }),
      );
      for (const report of reports) await store.commitDocument(report);
      const expected = new Map([
        ['cargo', 12],
        ['container', 12],
        ['pelican', 1],
        ['container cargo', 6],
        ['zyzzyva', 0],
      ]);
      // 30 pages and 5 terms: counted from the pages.
      expect((await store.pageStatistics({ spaces: [spaceId], terms: [...expected.keys()] })).frequencies).toEqual(expected);
      // One term at a time (30 pages > 20 per term), by a process with nothing cached: one count request each.
      const fresh = new WeaviateKnowledgeStore(options);
      try {
        for (const [term, count] of expected)
          expect((await fresh.pageStatistics({ spaces: [spaceId], terms: [term] })).frequencies).toEqual(new Map([[term, count]]));
      } finally {
        await fresh.close();
      }
      const documents = client.collections.use<string, DocumentProperties>('FolioDocument').withTenant(tenantNameForSpace(spaceId));
      const versions = (await documents.query.fetchObjects({ limit: 10, returnProperties: ['activeVersion'] })).objects.map(
        object => object.properties.activeVersion,
      );
      const scope = versions.map(version => ({ documentId: '', version, pageCount: 5, pageLength: 0 }));
      const byRequests = await countDocumentsHolding(documents, scope, ['harbour', 'pelican', 'zyzzyva']);
      expect(byRequests).toEqual(
        new Map([
          ['harbour', 6],
          ['pelican', 1],
          ['zyzzyva', 0],
        ]),
      );
      expect((await store.documentStatistics({ spaces: [spaceId], terms: ['harbour', 'pelican', 'zyzzyva'], documentIds: [] })).frequencies).toEqual(
        byRequests,
      );
    });

    it('keeps per document how many pages hold each term, and another process counts from them alike', async () => {
      const spaceId = space('pages-term-counts');
      const reports = Array.from({ length: 4 }, (_, index) =>
        harbourReport(spaceId, { name: `c${index}.pdf`, variant: index === 0 ? 'pelican edition' : `edition ${index}` }),
      );
      for (const report of reports) await store.commitDocument(report);
      const documents = client.collections.use<string, DocumentProperties>('FolioDocument').withTenant(tenantNameForSpace(spaceId));
      const first = await documents.query.fetchObjectById(documentUuid(reports[0].record.id), { returnProperties: ['pageTerms', 'pageTermPages'] });
      const stored = new Map(first!.properties.pageTerms!.split(' ').map((term, index) => [term, Number(first!.properties.pageTermPages!.split(' ')[index])]));
      expect(stored.get('cargo')).toBe(2);
      expect(stored.get('container')).toBe(2);
      expect(stored.get('pelican')).toBe(1);

      const words = ['cargo', 'container', 'harbour', 'pelican', 'zyzzyva'];
      const terms = [...words, 'container cargo'];
      const someDocuments = [reports[0].record.id, reports[1].record.id];
      const expected = {
        space: await store.pageStatistics({ spaces: [spaceId], terms }),
        some: await store.pageStatistics({ spaces: [spaceId], terms, documentIds: someDocuments }),
        documents: await store.documentStatistics({ spaces: [spaceId], terms: words, documentIds: someDocuments }),
      };
      expect(expected.space.frequencies).toEqual(
        new Map([
          ['cargo', 8],
          ['container', 8],
          ['harbour', 4],
          ['pelican', 1],
          ['zyzzyva', 0],
          ['container cargo', 4],
        ]),
      );
      expect(expected.some.frequencies.get('cargo')).toBe(4);

      const another = new WeaviateKnowledgeStore(options);
      try {
        expect(await another.pageStatistics({ spaces: [spaceId], terms })).toEqual(expected.space);
        expect(await another.pageStatistics({ spaces: [spaceId], terms, documentIds: someDocuments })).toEqual(expected.some);
        expect(await another.documentStatistics({ spaces: [spaceId], terms: words, documentIds: someDocuments })).toEqual(expected.documents);
      } finally {
        await another.close();
      }
    });

    it('counts a pair over many documents by their pages per version, leaving out pages of versions no longer live', async () => {
      const spaceId = space('pages-pair-groups');
      const reports = Array.from({ length: 10 }, (_, index) => harbourReport(spaceId, { name: `g${index}.pdf`, variant: `edition ${index}` }));
      for (const report of reports) await store.commitDocument(report);
      // What a commit that crashed before its clean-up leaves: pages of a version nothing points to.
      await client.collections
        .use('FolioPage')
        .withTenant(tenantNameForSpace(spaceId))
        .data.insert({
          properties: {
            documentId: reports[0].record.id,
            version: 'abandoned-version',
            spaceId,
            page: 9,
            terms: 'container cargo',
            pairs: 'container_cargo',
            unitJson: '{}',
          },
        });
      const fresh = new WeaviateKnowledgeStore(options);
      try {
        const statistics = await fresh.pageStatistics({ spaces: [spaceId], terms: ['container cargo'] });
        expect(statistics.frequencies).toEqual(new Map([['container cargo', 10]]));
        expect(statistics.pages).toBe(50);
        const some = reports.slice(0, 3).map(report => report.record.id);
        expect((await fresh.pageStatistics({ spaces: [spaceId], terms: ['container cargo'], documentIds: some })).frequencies).toEqual(
          new Map([['container cargo', 3]]),
        );
      } finally {
        await fresh.close();
      }
    });

    it('whole-space counts of one process follow documents added and removed by another', async () => {
      const spaceId = space('pages-totals');
      const reports = Array.from({ length: 3 }, (_, index) =>
        harbourReport(spaceId, { name: `t${index}.pdf`, variant: index === 2 ? 'pelican edition' : `edition ${index}` }),
      );
      await store.commitDocument(reports[0]);
      const reader = new WeaviateKnowledgeStore(options);
      const counts = async () => (await reader.pageStatistics({ spaces: [spaceId], terms: ['cargo', 'pelican'] })).frequencies;
      const documentCounts = async () => (await reader.documentStatistics({ spaces: [spaceId], terms: ['cargo', 'pelican'], documentIds: [] })).frequencies;
      try {
        expect(await counts()).toEqual(
          new Map([
            ['cargo', 2],
            ['pelican', 0],
          ]),
        );
        await store.commitDocument(reports[1]);
        await store.commitDocument(reports[2]);
        expect(await counts()).toEqual(
          new Map([
            ['cargo', 6],
            ['pelican', 1],
          ]),
        );
        expect(await documentCounts()).toEqual(
          new Map([
            ['cargo', 3],
            ['pelican', 1],
          ]),
        );
        await store.deleteDocument(spaceId, reports[2].record.id);
        expect(await counts()).toEqual(
          new Map([
            ['cargo', 4],
            ['pelican', 0],
          ]),
        );
        expect(await documentCounts()).toEqual(
          new Map([
            ['cargo', 2],
            ['pelican', 0],
          ]),
        );
      } finally {
        await reader.close();
      }
    });

    it('counts cached by one process follow commits and deletions made by another', async () => {
      const spaceId = space('pages-cache');
      const report = harbourReport(spaceId, { variant: 'zeppelin edition' });
      await store.commitDocument(report);
      const reader = new WeaviateKnowledgeStore(options);
      const counts = () => reader.pageStatistics({ spaces: [spaceId], terms: ['zeppelin', 'albatross'] });
      const documentCounts = async () =>
        (await reader.documentStatistics({ spaces: [spaceId], terms: ['zeppelin', 'albatross'], documentIds: [] })).frequencies;
      try {
        expect((await counts()).frequencies).toEqual(
          new Map([
            ['zeppelin', 1],
            ['albatross', 0],
          ]),
        );
        expect(await documentCounts()).toEqual(
          new Map([
            ['zeppelin', 1],
            ['albatross', 0],
          ]),
        );
        // The same content committed again: a new version with the same counts; the old one's pages are gone.
        await store.commitDocument(report);
        expect((await reader.searchPages({ spaces: [spaceId], terms: ['zeppelin'], pairs: [], k: 5 })).map(page => page.page)).toEqual([1]);
        expect((await counts()).frequencies).toEqual(
          new Map([
            ['zeppelin', 1],
            ['albatross', 0],
          ]),
        );
        const rewritten = { ...report, units: report.units.map(unit => (unit.page === 1 ? { ...unit, text: 'An albatross edition.' } : unit)) };
        await store.commitDocument(rewritten);
        expect((await counts()).frequencies).toEqual(
          new Map([
            ['zeppelin', 0],
            ['albatross', 1],
          ]),
        );
        expect(await documentCounts()).toEqual(
          new Map([
            ['zeppelin', 0],
            ['albatross', 1],
          ]),
        );
        await store.deleteDocument(spaceId, report.record.id);
        expect(await counts()).toEqual({
          pages: 0,
          length: 0,
          frequencies: new Map([
            ['zeppelin', 0],
            ['albatross', 0],
          ]),
        });
        expect(await documentCounts()).toEqual(
          new Map([
            ['zeppelin', 0],
            ['albatross', 0],
          ]),
        );
      } finally {
        await reader.close();
      }
    });
  });

  describe('Weaviate schema drift', () => {
    const collection = `FolioDriftProbe${randomBytes(4).toString('hex')}`;
    const rest = new WeaviateRest(options);

    afterAll(async () => {
      await rest.request('DELETE', `/v1/schema/${collection}`).catch(() => undefined);
    });

    it('refuses a collection of an older data format (naming folio reindex), one that lacks a property, and one whose types changed', async () => {
      const older = `${collection}Older`;
      await rest.request('POST', '/v1/schema', {
        class: older,
        description: 'Folio search units; one tenant per space',
        multiTenancyConfig: { enabled: true },
      });
      try {
        const outdated = await ensureCollection(rest, older, unitProperties, true).catch((error: unknown) => error);
        expect(outdated).toMatchObject({ code: 'data_format_outdated' });
        expect((outdated as FolioError).message).toMatch(/holds data format 1; this Folio reads data format \d+\. Run `folio reindex`/);
      } finally {
        await rest.request('DELETE', `/v1/schema/${older}`).catch(() => undefined);
      }

      await ensureCollection(rest, collection, unitProperties, true);
      const lacking = await ensureCollection(rest, collection, [...unitProperties, { name: 'added', dataType: ['text'], tokenization: 'field' }], true).catch(
        (error: unknown) => error,
      );
      expect((lacking as FolioError).message).toContain('property added is missing');

      const changed = unitProperties.map(property =>
        property.name === 'unitId' ? { ...property, dataType: ['int'] as ['int'], tokenization: undefined } : property,
      );
      const failure = await ensureCollection(rest, collection, changed, true).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FolioError);
      expect((failure as FolioError).code).toBe('config_invalid');
      expect((failure as FolioError).message).toContain('property unitId is text instead of int');
    });
  });
});
