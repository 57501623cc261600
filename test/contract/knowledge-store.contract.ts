import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeStore, UnitHit } from '../../src/index/types.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { makeDocument, testEmbedding, testSpace, warehouseReport, type TestDocument } from './knowledge-store-fixtures.ts';

export interface KnowledgeStoreContractOptions {
  /** Skips the whole suite (e.g. no server configured), with the reason in the suite name. */
  skip?: string;
  /** Per-test timeout for slower remote stores. */
  timeoutMs?: number;
}

/**
 * The behaviour every KnowledgeStore must have. One store instance serves the whole suite; each test
 * works in spaces of its own (testSpace), so a remote store needs no cleanup between tests.
 */
export function describeKnowledgeStoreContract(name: string, create: () => Promise<KnowledgeStore>, options: KnowledgeStoreContractOptions = {}): void {
  describe.skipIf(Boolean(options.skip))(`KnowledgeStore contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, { timeout: options.timeoutMs }, () => {
    let store: KnowledgeStore;
    const commit = (document: TestDocument) => store.commitDocument(document);
    const search = (spaces: SpaceId[], text: string, k = 10, documentIds?: string[]) => store.searchLexical({ spaces, text, k, documentIds });
    const searchVector = (spaces: SpaceId[], text: string, k = 10, documentIds?: string[]) =>
      store.searchVector({ spaces, vector: testEmbedding.embedOne(text), k, documentIds });

    beforeAll(async () => {
      store = await create();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('saves, updates, finds and lists records; a record alone has no tree or units', async () => {
      const space = testSpace('records');
      const first = warehouseReport(space, { name: 'a.pdf' }).record;
      const second = { ...warehouseReport(space, { name: 'b.pdf' }).record, createdAt: new Date(Date.parse(first.createdAt) + 1000).toISOString() };
      await store.saveRecord({ ...second, status: 'queued' });
      await store.saveRecord({ ...first, status: 'parsing' });
      await store.saveRecord({ ...second, status: 'indexing' });

      expect(await store.getRecord(space, second.id)).toMatchObject({ id: second.id, name: 'b.pdf', status: 'indexing' });
      expect((await store.findDocument(space, 'a.pdf'))?.id).toBe(first.id);
      expect((await store.findDocument(space, first.id))?.name).toBe('a.pdf');
      expect(await store.findDocument(space, 'missing.pdf')).toBeNull();
      expect((await store.listDocuments(space)).map(record => record.name)).toEqual(['a.pdf', 'b.pdf']);
      expect(await store.getTree(space, first.id)).toBeNull();
      expect(await store.getUnits(space, first.id)).toEqual([]);
      expect(await search([space], 'throughput')).toEqual([]);
    });

    it('commits a document: record ready, tree and units readable in document order, by node', async () => {
      const space = testSpace('commit');
      const report = warehouseReport(space, { withVectors: true });
      await store.saveRecord({ ...report.record, status: 'indexing' });
      expect(await commit(report)).toEqual({ replacedDocumentIds: [] });

      expect((await store.getRecord(space, report.record.id))?.status).toBe('ready');
      expect(await store.getTree(space, report.record.id)).toEqual(report.tree);
      const units = await store.getUnits(space, report.record.id);
      expect(units.map(unit => [unit.nodeId, unit.page, unit.part])).toEqual(report.units.map(unit => [unit.nodeId, unit.page, unit.part]));
      expect(units[2]).toMatchObject({ ...report.units[2], vector: expect.any(Array) });
      units[2].vector!.forEach((value, index) => expect(value).toBeCloseTo(report.units[2].vector![index], 5));
      // Text-only readers (the whole-page index) skip the vectors.
      const textOnly = await store.getUnits(space, report.record.id, undefined, { vectors: false });
      expect(textOnly.map(unit => unit.text)).toEqual(units.map(unit => unit.text));
      expect(textOnly.every(unit => unit.vector === undefined)).toBe(true);
      const throughputNode = report.tree.nodes[0].children[1].nodeId;
      expect((await store.getUnits(space, report.record.id, [throughputNode])).map(unit => unit.text)).toEqual([
        'Pallets handled per hour rose by twelve percent over the quarter.',
      ]);
    });

    it('finds the right unit and page by BM25, best first, title matches ranked first', async () => {
      const space = testSpace('lexical');
      const report = warehouseReport(space);
      await commit(report);
      const hits = await search([space], 'pallets per hour');
      expect(hits[0].unit).toMatchObject({ documentId: report.record.id, documentName: 'warehouse-report.pdf', page: 3, titlePath: ['Quarterly Operations Report', 'Warehouse throughput'] });
      expectBestFirst(hits);

      const throughput = await search([space], 'throughput');
      expect(throughput.map(hit => hit.unit.page)).toEqual([3, 2]);
      expect((await search([space], 'throughput', 1)).length).toBe(1);
    });

    it('folds diacritics both ways (café/cafe, resume/résumé)', async () => {
      const space = testSpace('diacritics');
      await commit(warehouseReport(space));
      expect((await search([space], 'cafe'))[0]?.unit.page).toBe(4);
      expect((await search([space], 'CAFÉ'))[0]?.unit.page).toBe(4);
      expect((await search([space], 'resume'))[0]?.unit.page).toBe(4);
    });

    it('finds CJK text, by a long phrase and by a two-character word', async () => {
      const space = testSpace('cjk');
      const document = makeDocument(space, '東京レポート.pdf', [
        { title: '概要', page: 1, text: 'この報告書は倉庫の運営について説明します。' },
        { title: '人口', page: 2, text: '東京都の人口は約1400万人です。' },
        { title: 'English section', page: 3, text: 'Plain English text about depots.' },
      ]);
      await commit(document);
      expect((await search([space], '東京都の人口は'))[0]?.unit.page).toBe(2);
      expect((await search([space], '東京'))[0]?.unit.page).toBe(2);
      expect((await search([space], '倉庫の運営'))[0]?.unit.page).toBe(1);
      expect((await search([space], 'depots'))[0]?.unit.page).toBe(3);
    });

    it('returns nothing for empty or punctuation-only queries', async () => {
      const space = testSpace('punctuation');
      await commit(warehouseReport(space));
      for (const text of ['', '   ', '?!', '... --- ***', '"" () :^', '„“ — …']) expect(await search([space], text)).toEqual([]);
    });

    it('treats FTS syntax in queries as plain words, never as operators or errors', async () => {
      const space = testSpace('syntax');
      await commit(warehouseReport(space));
      const queries = ['"pallets', 'pallets"', 'pallets AND', 'OR pallets NOT', 'NEAR(pallets hour)', 'pall*', '-pallets', 'title_path:pallets', 'text:pallets', '{pallets}', 'pallets^2', "pallets' OR 1=1 --", 'AND', 'NEAR'];
      for (const text of queries) {
        const hits = await search([space], text);
        expect(Array.isArray(hits), text).toBe(true);
        if (/pallets/.test(text)) expect(hits[0]?.unit.page, text).toBe(3);
      }
    });

    it('searches vectors by cosine similarity and never returns units without vectors', async () => {
      const space = testSpace('vector');
      const withVectors = warehouseReport(space, { withVectors: true });
      const without = warehouseReport(space, { name: 'plain.pdf', variant: 'vectorless edition' });
      await commit(withVectors);
      await commit(without);
      const hits = await searchVector([space], 'pallets handled per hour', 3);
      expect(hits[0].unit).toMatchObject({ documentId: withVectors.record.id, page: 3 });
      expect(hits.length).toBeLessThanOrEqual(3);
      expect(hits.every(hit => hit.unit.documentId === withVectors.record.id)).toBe(true);
      expectBestFirst(hits);
      expect(hits[0].score).toBeGreaterThan(0.3);
      expect(hits[0].score).toBeLessThanOrEqual(1.0001);
    });

    it('searches several vectors at once with the same results as one by one', async () => {
      const space = testSpace('vectors');
      const first = warehouseReport(space, { name: 'one.pdf', withVectors: true });
      const second = warehouseReport(space, { name: 'two.pdf', variant: 'second edition', withVectors: true });
      await commit(first);
      await commit(second);
      // Six queries: one group of four and a remainder of two in the embedded store's scoring.
      const texts = ['pallets handled per hour', 'forklift safety', 'second edition', 'quarterly throughput', 'dock doors', 'night shift'];
      const together = await store.searchVectors({ spaces: [space], vectors: texts.map(text => testEmbedding.embedOne(text)), k: 5 });
      expect(together).toHaveLength(texts.length);
      for (const [index, text] of texts.entries()) {
        const alone = await searchVector([space], text, 5);
        expect(together[index].map(hit => hit.unit.id)).toEqual(alone.map(hit => hit.unit.id));
        together[index].forEach((hit, rank) => expect(hit.score).toBeCloseTo(alone[rank].score, 5));
      }
      const filtered = await store.searchVectors({ spaces: [space], vectors: [testEmbedding.embedOne('pallets')], k: 10, documentIds: [second.record.id] });
      expect(filtered[0].length).toBeGreaterThan(0);
      expect(filtered[0].every(hit => hit.unit.documentId === second.record.id)).toBe(true);
      expect(await store.searchVectors({ spaces: [space], vectors: [], k: 5 })).toEqual([]);
    });

    it('restricts both searches to the listed documents', async () => {
      const space = testSpace('filter');
      const first = warehouseReport(space, { name: 'one.pdf', withVectors: true });
      const second = warehouseReport(space, { name: 'two.pdf', variant: 'second edition', withVectors: true });
      await commit(first);
      await commit(second);
      const lexical = await search([space], 'pallets', 10, [second.record.id]);
      expect(lexical.length).toBeGreaterThan(0);
      expect(lexical.every(hit => hit.unit.documentId === second.record.id)).toBe(true);
      const vector = await searchVector([space], 'pallets', 10, [second.record.id]);
      expect(vector.length).toBeGreaterThan(0);
      expect(vector.every(hit => hit.unit.documentId === second.record.id)).toBe(true);
      expect(new Set((await search([space], 'pallets')).map(hit => hit.unit.documentId))).toEqual(new Set([first.record.id, second.record.id]));
    });

    it('keeps spaces apart on every path, even for near-identical documents', async () => {
      const spaceA = testSpace('iso-a');
      const spaceB = testSpace('iso-b');
      const inA = warehouseReport(spaceA, { withVectors: true });
      const inB = warehouseReport(spaceB, { withVectors: true, variant: 'first edition.' });
      await commit(inA);
      await commit(inB);
      const onlyIn = (hits: UnitHit[], space: SpaceId) => hits.length > 0 && hits.every(hit => hit.unit.space === space);

      expect(onlyIn(await search([spaceA], 'pallets per hour'), spaceA)).toBe(true);
      expect(onlyIn(await searchVector([spaceA], 'pallets per hour'), spaceA)).toBe(true);
      expect(onlyIn(await search([spaceB], 'pallets per hour'), spaceB)).toBe(true);
      expect(await search([spaceA], 'pallets', 10, [inB.record.id])).toEqual([]);
      expect(await searchVector([spaceA], 'pallets', 10, [inB.record.id])).toEqual([]);
      expect(await search([], 'pallets')).toEqual([]);
      expect(await searchVector([], 'pallets')).toEqual([]);
      const both = await search([spaceA, spaceB], 'pallets per hour');
      expect(new Set(both.map(hit => hit.unit.space))).toEqual(new Set([spaceA, spaceB]));

      expect(await store.getRecord(spaceA, inB.record.id)).toBeNull();
      expect(await store.findDocument(spaceA, inB.record.id)).toBeNull();
      expect(await store.getTree(spaceA, inB.record.id)).toBeNull();
      expect(await store.getUnits(spaceA, inB.record.id)).toEqual([]);
      expect((await store.listDocuments(spaceA)).map(record => record.id)).toEqual([inA.record.id]);
      expect(await store.deleteDocument(spaceA, inB.record.id)).toBe(false);
      expect(await store.getRecord(spaceB, inB.record.id)).not.toBeNull();

      // The same name in another space is not an older version.
      const newerInA = warehouseReport(spaceA, { variant: 'second edition', withVectors: true });
      expect((await commit(newerInA)).replacedDocumentIds).toEqual([inA.record.id]);
      expect((await store.findDocument(spaceB, 'warehouse-report.pdf'))?.id).toBe(inB.record.id);
      expect((await search([spaceB], 'pallets')).length).toBeGreaterThan(0);
    });

    it('replaces an older version of the same name in one step', async () => {
      const space = testSpace('version');
      const first = warehouseReport(space, { variant: 'zeppelin edition', withVectors: true });
      const second = warehouseReport(space, { variant: 'albatross edition', withVectors: true });
      await commit(first);
      expect(await commit(second)).toEqual({ replacedDocumentIds: [first.record.id] });
      expect(await store.getRecord(space, first.record.id)).toBeNull();
      expect(await store.getTree(space, first.record.id)).toBeNull();
      expect(await store.getUnits(space, first.record.id)).toEqual([]);
      expect(await search([space], 'zeppelin')).toEqual([]);
      expect((await search([space], 'albatross'))[0]?.unit.documentId).toBe(second.record.id);
      expect((await searchVector([space], 'pallets per hour', 50)).every(hit => hit.unit.documentId === second.record.id)).toBe(true);
      expect((await store.listDocuments(space)).map(record => record.id)).toEqual([second.record.id]);

      // Committing the same document again replaces its units instead of adding to them.
      await commit(second);
      expect(await store.getUnits(space, second.record.id)).toHaveLength(second.units.length);
      expect((await search([space], 'albatross')).length).toBe(1);
    });

    it('leaves the previous version searchable when a commit fails', async () => {
      const space = testSpace('failure');
      const first = warehouseReport(space, { variant: 'zeppelin edition', withVectors: true });
      await commit(first);
      const broken = warehouseReport(space, { variant: 'albatross edition', withVectors: true });
      broken.units[1] = { ...broken.units[1], vector: broken.units[1].vector!.slice(0, 5) };
      await expect(commit(broken)).rejects.toThrow();
      const brokenAgain = { ...first, units: first.units.map((unit, index) => (index === 1 ? { ...unit, vector: [] as number[] } : unit)) };
      await expect(commit(brokenAgain)).rejects.toThrow();

      expect((await store.getRecord(space, first.record.id))?.status).toBe('ready');
      expect(await store.getTree(space, first.record.id)).toEqual(first.tree);
      expect(await store.getUnits(space, first.record.id)).toHaveLength(first.units.length);
      expect((await search([space], 'zeppelin'))[0]?.unit.documentId).toBe(first.record.id);
      expect(await search([space], 'albatross')).toEqual([]);
      expect((await searchVector([space], 'pallets per hour'))[0]?.unit.documentId).toBe(first.record.id);

      // The pipeline then records the new version as failed: by name, the searchable version is still the one meant.
      await store.saveRecord({ ...broken.record, status: 'failed', updatedAt: new Date(Date.now() + 60_000).toISOString() });
      expect((await store.findDocument(space, first.record.name))?.id).toBe(first.record.id);
      expect((await store.findDocument(space, broken.record.id))?.status).toBe('failed');
    });

    it('deletes a document everywhere', async () => {
      const space = testSpace('delete');
      const report = warehouseReport(space, { withVectors: true });
      const other = warehouseReport(space, { name: 'other.pdf', variant: 'other edition', withVectors: true });
      await commit(report);
      await commit(other);
      expect(await store.deleteDocument(space, report.record.id)).toBe(true);
      expect(await store.getRecord(space, report.record.id)).toBeNull();
      expect(await store.findDocument(space, 'warehouse-report.pdf')).toBeNull();
      expect(await store.getTree(space, report.record.id)).toBeNull();
      expect(await store.getUnits(space, report.record.id)).toEqual([]);
      expect((await search([space], 'pallets')).every(hit => hit.unit.documentId === other.record.id)).toBe(true);
      expect((await searchVector([space], 'pallets', 50)).every(hit => hit.unit.documentId === other.record.id)).toBe(true);
      expect(await store.deleteDocument(space, report.record.id)).toBe(false);
      expect((await store.listDocuments(space)).map(record => record.id)).toEqual([other.record.id]);
    });

    it('counts the documents, in any space, that hold an original or a figure crop', async () => {
      const spaceA = testSpace('sha-a');
      const spaceB = testSpace('sha-b');
      const sha256 = randomHex();
      const figureSha256 = randomHex();
      const sections = [{ title: 'Chart', page: 1, kind: 'figure' as const, text: 'A bar chart.', figureSha256 }];
      const inA = makeDocument(spaceA, 'shared.pdf', sections, { sha256 });
      const inB = makeDocument(spaceB, 'shared.pdf', sections, { sha256 });
      expect(await store.countDocumentsWithSha(sha256)).toBe(0);
      await commit(inA);
      await store.saveRecord({ ...inB.record, status: 'parsing' });
      expect(await store.countDocumentsWithSha(sha256)).toBe(2);
      expect(await store.countDocumentsWithSha(figureSha256)).toBe(1);
      await commit(inB);
      expect(await store.countDocumentsWithSha(figureSha256)).toBe(2);
      await store.deleteDocument(spaceA, inA.record.id);
      expect(await store.countDocumentsWithSha(sha256)).toBe(1);
      expect(await store.countDocumentsWithSha(figureSha256)).toBe(1);
      await store.deleteDocument(spaceB, inB.record.id);
      expect(await store.countDocumentsWithSha(sha256)).toBe(0);
      expect(await store.countDocumentsWithSha(figureSha256)).toBe(0);
    });

    it('loses no writes when many documents are committed into one space at once', async () => {
      const space = testSpace('parallel');
      const documents = Array.from({ length: 12 }, (_, index) =>
        makeDocument(space, `memo-${index}.pdf`, [{ title: `Memo ${index}`, page: 1, text: `Memo number ${index} mentions keyword${index} and the shared word quokka.` }], { withVectors: true }),
      );
      await Promise.all(documents.map(document => Promise.all([store.saveRecord({ ...document.record, status: 'indexing' }), commit(document)])));
      expect((await store.listDocuments(space)).length).toBe(12);
      expect((await store.listDocuments(space)).every(record => record.status === 'ready')).toBe(true);
      expect((await search([space], 'quokka', 50)).length).toBe(12);
      for (const [index, document] of documents.entries()) expect((await search([space], `keyword${index}`))[0]?.unit.documentId).toBe(document.record.id);
      expect((await searchVector([space], 'quokka memo', 50)).length).toBe(12);
    });
  });
}

function expectBestFirst(hits: UnitHit[]): void {
  for (let index = 1; index < hits.length; index += 1) expect(hits[index].score).toBeLessThanOrEqual(hits[index - 1].score);
}

function randomHex(): string {
  return Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}
