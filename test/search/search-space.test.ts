import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/documents/types.ts';
import { buildUnits } from '../../src/store/build-units.ts';
import type { DocumentTree, TreeNode } from '../../src/documents/document-tree.ts';
import { offlinePlan } from '../../src/search/offline-plan.ts';
import { prefetchSearch, searchSpace } from '../../src/search/search-space.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { FakeEmbeddingModel } from '../fakes/fake-embedding-model.ts';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';

/** Stores opened by a test, closed and deleted after it. */
const opened: Array<{ store: SqliteKnowledgeStore; dataDir: string }> = [];
afterEach(async () => {
  for (const { store, dataDir } of opened.splice(0)) {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

const pageNode = (nodeId: string, title: string, page: number, text: string): TreeNode => ({
  nodeId,
  title,
  kind: 'section',
  level: 0,
  pageStart: page,
  pageEnd: page,
  text,
  pageTexts: [{ page, text }],
  children: [],
});

async function storeWith(documents: Array<{ space: string; id: string; name: string; pages: string[] }>, embedder?: FakeEmbeddingModel) {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-search-space-'));
  const store = new SqliteKnowledgeStore({ dataDir });
  opened.push({ store, dataDir });
  for (const document of documents) {
    const tree: DocumentTree = {
      documentId: document.id,
      totalPages: document.pages.length,
      nodes: document.pages.map((text, index) => pageNode(String(index + 1).padStart(4, '0'), `Section ${index + 1}`, index + 1, text)),
    };
    const record: DocumentRecord = {
      id: document.id,
      space: document.space as SpaceId,
      name: document.name,
      mime: 'application/pdf',
      sha256: document.id,
      sizeBytes: 1,
      pageCount: document.pages.length,
      status: 'ready',
      source: { platform: 'cli' },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const units = buildUnits(tree, record);
    if (embedder) for (const unit of units) unit.vector = embedder.embedOne(unit.text);
    await store.commitDocument({ record, tree, units });
  }
  return store;
}

const filler = 'General remarks about the organisation and its yearly planning cycle.';

describe('searchSpace', () => {
  it('ranks the answering page first with no model, and reports distinct pages', async () => {
    const store = await storeWith([{ space: 'web:a', id: 'd1', name: 'one.pdf', pages: [filler, 'Solar panels cut the energy bill by 30 percent.', filler] }]);
    const result = await searchSpace(store, 'How much did solar panels cut the energy bill?', { spaces: ['web:a' as SpaceId], k: 5 });
    expect(result.pages[0]).toMatchObject({ documentName: 'one.pdf', page: 2 });
    expect(result.hits[0].unit.page).toBe(2);
    expect(result.hits[0].contributions.map(contribution => contribution.list)).toContain('bm25:0');
    const keys = result.pages.map(page => `${page.documentId}:${page.page}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('orders hits by the rank of their page, so hits and pages agree on what comes first', async () => {
    const store = await storeWith([
      {
        space: 'web:a',
        id: 'd1',
        name: 'one.pdf',
        pages: ['Heat pumps cut heating costs.', filler, 'Heat pumps heat pumps heat pumps.', 'Heating costs and heat pumps cut costs for tenants.'],
      },
      { space: 'web:a', id: 'd2', name: 'two.pdf', pages: ['Heat pumps in the basement.', 'Costs of heating rose.'] },
    ]);
    const result = await searchSpace(store, 'Do heat pumps cut heating costs?', { spaces: ['web:a' as SpaceId], k: 20 });
    const pageRank = new Map(result.pages.map((page, index) => [`${page.documentId}:${page.page}`, index]));
    const hitRanks = result.hits.map(hit => pageRank.get(`${hit.unit.documentId}:${hit.unit.page}`) ?? Infinity);
    expect(hitRanks.length).toBeGreaterThan(2);
    expect(hitRanks).toEqual([...hitRanks].sort((a, b) => a - b));
    expect(result.hits[0].unit).toMatchObject({ documentId: result.pages[0].documentId, page: result.pages[0].page });
  });

  it('never returns another space, and honours a document restriction', async () => {
    const store = await storeWith([
      { space: 'web:a', id: 'd1', name: 'one.pdf', pages: ['Volcanoes erupt basalt lava.'] },
      { space: 'web:a', id: 'd2', name: 'two.pdf', pages: ['Volcanoes and basalt lava flows, in detail.'] },
      { space: 'web:b', id: 'd3', name: 'three.pdf', pages: ['Volcanoes erupt basalt lava.'] },
    ]);
    const all = await searchSpace(store, 'volcanoes basalt lava', { spaces: ['web:a' as SpaceId], k: 10 });
    expect(new Set(all.pages.map(page => page.documentId))).toEqual(new Set(['d1', 'd2']));
    const restricted = await searchSpace(store, 'volcanoes basalt lava', { spaces: ['web:a' as SpaceId], documentIds: ['d2'], k: 10 });
    expect(restricted.hits.every(hit => hit.unit.documentId === 'd2')).toBe(true);
    expect(restricted.pages.every(page => page.documentId === 'd2')).toBe(true);
  });

  it('adds vector lists and node picks when an embedder and a plan provide them', async () => {
    const embedder = new FakeEmbeddingModel(64, 2);
    const store = await storeWith(
      [{ space: 'web:a', id: 'd1', name: 'one.pdf', pages: [filler, 'Quarterly revenue rose sharply.', 'Staff headcount was stable.'] }],
      embedder,
    );
    const plan = { ...offlinePlan('quarterly revenue'), hyde: ['Revenue rose in the quarter.'], nodePicks: [{ documentId: 'd1', nodeId: '0003' }] };
    const result = await searchSpace(store, plan, { spaces: ['web:a' as SpaceId], k: 10, embedder });
    const lists = new Set(result.hits.flatMap(hit => hit.contributions.map(contribution => contribution.list)));
    expect(lists).toContain('vector:0');
    expect(lists).toContain('vector:1');
    expect(lists).toContain('picks');
    expect(embedder.calls.map(call => call.task)).toEqual(['query', 'document']);
    expect(result.pages[0].page).toBe(2);
    expect(result.pages.map(page => page.page)).toContain(3);
  });

  it('weighs the vector lists more for a question in another language than the pages they find', async () => {
    const embedder = new FakeEmbeddingModel(64, 2);
    const store = await storeWith(
      [
        {
          space: 'web:a',
          id: 'd1',
          name: 'one.pdf',
          pages: [filler, 'The quarterly revenue of the company rose sharply in the year.', 'Staff headcount was stable.'],
        },
      ],
      embedder,
    );
    const vectorScores = async (question: string) => {
      const result = await searchSpace(store, question, { spaces: ['web:a' as SpaceId], k: 10, embedder });
      return result.hits.flatMap(hit =>
        hit.contributions
          .filter(contribution => contribution.list === 'vector:0')
          .map(contribution => Math.round(contribution.score * (60 + contribution.rank) * 1000) / 1000),
      );
    };
    expect(new Set(await vectorScores('How did the quarterly revenue of the company develop?'))).toEqual(new Set([1]));
    expect(new Set(await vectorScores('Wie hat sich der Umsatz des Unternehmens entwickelt?'))).toEqual(new Set([3]));
  });

  it('with lists prefetched before the plan was known, ranks exactly as without and does not search them again', async () => {
    const embedder = new FakeEmbeddingModel(64, 4);
    const store = await storeWith(
      [
        { space: 'web:a', id: 'd1', name: 'one.pdf', pages: [filler, 'Quarterly revenue rose sharply in the second quarter.', 'Staff headcount was stable.'] },
        { space: 'web:a', id: 'd2', name: 'two.pdf', pages: ['Revenue by region, quarterly.', filler, 'Headcount per region.'] },
      ],
      embedder,
    );
    const question = 'How did quarterly revenue develop?';
    const plan = {
      ...offlinePlan(question),
      variants: [...offlinePlan(question).variants, 'revenue quarter growth'],
      subQuestions: [question, 'What was revenue per region?'],
      hyde: ['Revenue rose in the quarter.'],
    };
    const options = { spaces: ['web:a' as SpaceId], k: 10, embedder };
    const plain = await searchSpace(store, plan, options);

    const lexicalQueries: string[] = [];
    const counting = Object.create(store, {
      matchUnits: {
        value: (query: { text: string }) => {
          lexicalQueries.push(query.text);
          return store.matchUnits(query as never);
        },
      },
    }) as typeof store;
    embedder.calls.length = 0;
    const prefetched = prefetchSearch(counting, { keywordQueries: plan.variants.slice(0, 1), subQuestions: [question] }, options);
    const early = await searchSpace(counting, plan, { ...options, prefetched });
    expect(early).toEqual(plain);
    // The question's keywords were searched once (prefetched), its vector list embedded once.
    expect(lexicalQueries.filter(text => text === plan.variants[0])).toHaveLength(1);
    expect(embedder.calls.flatMap(call => call.texts).filter(text => text === question)).toHaveLength(1);
    expect(embedder.calls.map(call => call.texts)).toEqual([[question], ['What was revenue per region?'], ['Revenue rose in the quarter.']]);
  });

  it('embeds a sub-question again when its prefetched call failed', async () => {
    const embedder = new FakeEmbeddingModel(64, 4);
    const store = await storeWith(
      [{ space: 'web:a', id: 'd1', name: 'one.pdf', pages: [filler, 'Quarterly revenue rose sharply.', 'Staff headcount was stable.'] }],
      embedder,
    );
    const question = 'How did quarterly revenue develop?';
    const plan = { ...offlinePlan(question), hyde: ['Revenue rose in the quarter.'] };
    const options = { spaces: ['web:a' as SpaceId], k: 10, embedder };
    const plain = await searchSpace(store, plan, options);
    const failing = Object.assign(Object.create(embedder) as FakeEmbeddingModel, { embed: () => Promise.reject(new Error('embedding model: 503')) });
    const prefetched = prefetchSearch(store, { keywordQueries: [], subQuestions: [question] }, { ...options, embedder: failing });
    embedder.calls.length = 0;
    expect(await searchSpace(store, plan, { ...options, prefetched })).toEqual(plain);
    expect(embedder.calls.map(call => call.texts).sort()).toEqual([[question], ['Revenue rose in the quarter.']].sort());
  });
});
