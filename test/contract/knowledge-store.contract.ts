import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRecords, termPairs } from '../../src/store/page-records.ts';
import { pagesOfTree } from '../../src/store/tree-pages.ts';
import type { KnowledgeStore, PageRecord, PageStatistics, UnitHit } from '../../src/store/types.ts';
import { searchTerms } from '../../src/text/search-terms.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { harbourReport, makeDocument, testEmbedding, testSpace, warehouseReport, type TestDocument } from './knowledge-store-fixtures.ts';
import { searchUnits } from '../../src/search/unit-search.ts';

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
  describe.skipIf(Boolean(options.skip))(
    `KnowledgeStore contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`,
    { timeout: options.timeoutMs },
    () => {
      let store: KnowledgeStore;
      const commit = (document: TestDocument) => store.commitDocument(document);
      const search = (spaces: SpaceId[], text: string, k = 10, documentIds?: string[]) => searchUnits(store, { spaces, text, k, documentIds });
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
        expect(await store.getTreePages(space, first.id, [1])).toEqual([]);
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
        // The tree read by pages holds, for the pages asked that it has, what the whole tree holds there.
        expect(await store.getTreePages(space, report.record.id, [3, 1, 3, 9])).toEqual(pagesOfTree(report.tree, [1, 3]));
        expect(await store.getTreePages(space, report.record.id, [])).toEqual([]);
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
        expect(hits[0].unit).toMatchObject({
          documentId: report.record.id,
          documentName: 'warehouse-report.pdf',
          page: 3,
          titlePath: ['Quarterly Operations Report', 'Warehouse throughput'],
        });
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
        const queries = [
          '"pallets',
          'pallets"',
          'pallets AND',
          'OR pallets NOT',
          'NEAR(pallets hour)',
          'pall*',
          '-pallets',
          'title_path:pallets',
          'text:pallets',
          '{pallets}',
          'pallets^2',
          "pallets' OR 1=1 --",
          'AND',
          'NEAR',
        ];
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
        expect(await store.getTreePages(spaceA, inB.record.id, [1, 2])).toEqual([]);
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
        expect(await store.getTreePages(space, first.record.id, [1])).toEqual([]);
        expect(await store.getTreePages(space, second.record.id, [1])).toEqual(pagesOfTree(second.tree, [1]));
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
        expect(await store.getTreePages(space, first.record.id, [1])).toEqual(pagesOfTree(first.tree, [1]));
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
        expect(await store.getTreePages(space, report.record.id, [1, 2, 3, 4])).toEqual([]);
        expect(await store.getUnits(space, report.record.id)).toEqual([]);
        expect((await search([space], 'pallets')).every(hit => hit.unit.documentId === other.record.id)).toBe(true);
        expect((await searchVector([space], 'pallets', 50)).every(hit => hit.unit.documentId === other.record.id)).toBe(true);
        expect(await store.deleteDocument(space, report.record.id)).toBe(false);
        expect((await store.listDocuments(space)).map(record => record.id)).toEqual([other.record.id]);
      });

      it('deletes a whole space in one step, leaves other spaces alone, and takes writes again', async () => {
        const space = testSpace('forget-space');
        const other = testSpace('keep-space');
        const report = warehouseReport(space, { withVectors: true });
        // Editions no other test uses: their bytes are in no other space of the shared store.
        const second = warehouseReport(space, { name: 'other.pdf', variant: `edition ${randomHex().slice(0, 8)}`, withVectors: true });
        const reading = warehouseReport(space, { name: 'reading.pdf', variant: `edition ${randomHex().slice(0, 8)}` }).record;
        const kept = warehouseReport(other, { withVectors: true });
        await commit(report);
        await commit(second);
        await store.saveRecord({ ...reading, status: 'parsing' });
        await commit(kept);
        // Searched once first, so a store that caches a space's vectors has them cached.
        expect((await searchVector([space], 'pallets per hour')).length).toBeGreaterThan(0);

        expect(await store.deleteSpace(space)).toBe(3);
        expect(await store.listDocuments(space)).toEqual([]);
        expect(await store.getRecord(space, reading.id)).toBeNull();
        expect(await store.getTree(space, report.record.id)).toBeNull();
        expect(await store.getTreePages(space, second.record.id, [1, 2, 3, 4])).toEqual([]);
        expect(await store.getUnits(space, second.record.id)).toEqual([]);
        expect(await search([space], 'pallets')).toEqual([]);
        expect(await searchVector([space], 'pallets per hour')).toEqual([]);
        expect(await store.deleteDocument(space, report.record.id)).toBe(false);
        // The same bytes are still a document in the other space; the other edition was only here.
        expect(await store.sha256sInUse([report.record.sha256, second.record.sha256, reading.sha256])).toEqual(new Set([kept.record.sha256]));
        expect(onlyFrom(await search([space, other], 'pallets per hour'), other)).toBe(true);
        expect(onlyFrom(await searchVector([other], 'pallets per hour'), other)).toBe(true);
        expect((await store.listDocuments(other)).map(record => record.id)).toEqual([kept.record.id]);
        expect(await store.deleteSpace(space)).toBe(0);
        expect(await store.deleteSpace(testSpace('never-written'))).toBe(0);

        await commit(second);
        expect((await store.listDocuments(space)).map(record => record.id)).toEqual([second.record.id]);
        expect((await search([space], 'pallets'))[0]?.unit.documentId).toBe(second.record.id);
        expect((await searchVector([space], 'pallets per hour', 50)).map(hit => hit.unit.documentId)).toEqual(second.units.map(() => second.record.id));
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
        const unused = randomHex();
        expect(await store.sha256sInUse([sha256, unused, figureSha256, sha256])).toEqual(new Set([sha256, figureSha256]));
        expect(await store.sha256sInUse([])).toEqual(new Set());
        await commit(inB);
        expect(await store.countDocumentsWithSha(figureSha256)).toBe(2);
        await store.deleteDocument(spaceA, inA.record.id);
        expect(await store.countDocumentsWithSha(sha256)).toBe(1);
        expect(await store.countDocumentsWithSha(figureSha256)).toBe(1);
        await store.deleteDocument(spaceB, inB.record.id);
        expect(await store.countDocumentsWithSha(sha256)).toBe(0);
        expect(await store.countDocumentsWithSha(figureSha256)).toBe(0);
        expect(await store.sha256sInUse([sha256, figureSha256])).toEqual(new Set());
      });

      it('loses no writes when many documents are committed into one space at once', async () => {
        const space = testSpace('parallel');
        const documents = Array.from({ length: 12 }, (_, index) =>
          makeDocument(
            space,
            `memo-${index}.pdf`,
            [{ title: `Memo ${index}`, page: 1, text: `Memo number ${index} mentions keyword${index} and the shared word quokka.` }],
            { withVectors: true },
          ),
        );
        await Promise.all(documents.map(document => Promise.all([store.saveRecord({ ...document.record, status: 'indexing' }), commit(document)])));
        expect((await store.listDocuments(space)).length).toBe(12);
        expect((await store.listDocuments(space)).every(record => record.status === 'ready')).toBe(true);
        expect((await search([space], 'quokka', 50)).length).toBe(12);
        for (const [index, document] of documents.entries()) expect((await search([space], `keyword${index}`))[0]?.unit.documentId).toBe(document.record.id);
        expect((await searchVector([space], 'quokka memo', 50)).length).toBe(12);
      });

      // Page records (KnowledgeStore.searchPages and friends): what the stores keep per page at commit
      // (pageRecords in src/store/page-records.ts is the oracle) and the statistics page search scores with.
      describe('page records', () => {
        const searchPages = (spaces: SpaceId[], text: string, options: { k?: number; documentIds?: string[] } = {}) => {
          const words = searchTerms(text);
          return store.searchPages({
            spaces,
            terms: [...new Set(words)],
            pairs: [...new Set(termPairs(words))],
            k: options.k ?? 10,
            documentIds: options.documentIds,
          });
        };
        const pageKeys = (pages: PageRecord[]) => pages.map(page => `${page.documentId}:${page.page}`);

        it('keeps the pages of a committed document in page order, terms only when asked, and its vocabulary', async () => {
          const space = testSpace('pages');
          const report = harbourReport(space, { withVectors: true });
          const expected = pageRecords(report.units, report.tree);
          await store.saveRecord({ ...report.record, status: 'indexing' });
          expect(await store.getPages(space, report.record.id)).toEqual([]);
          await commit(report);

          const pages = await store.getPages(space, report.record.id);
          expect(pages).toEqual(expected);
          expect(pages.map(page => page.page)).toEqual([1, 2, 3, 4, 5]);
          expect(pages[2]).toMatchObject({ documentName: 'harbour-report.pdf', label: '1', printedNumbers: [1] });
          expect(pages.map(page => page.captions)).toEqual([[], [], [], ['figure 1'], ['table 2']]);
          expect(pages.every(page => page.unit.vector === undefined)).toBe(true);
          expect(await store.getPages(space, report.record.id, { terms: false })).toEqual(expected.map(page => ({ ...page, terms: [] })));

          const vocabulary = await store.documentVocabulary(space, report.record.id);
          expect([...vocabulary].sort()).toEqual([...new Set(expected.flatMap(page => page.terms))].sort());
          expect(vocabulary).toHaveLength(new Set(vocabulary).size);
          expect(vocabulary).toContain('berth');

          expect(await store.getPages(space, 'no-such-document')).toEqual([]);
          expect(await store.documentVocabulary(space, 'no-such-document')).toEqual([]);
          expect(await store.getPages(testSpace('pages-other'), report.record.id)).toEqual([]);
          expect(await store.documentVocabulary(testSpace('pages-other'), report.record.id)).toEqual([]);
        });

        it('finds candidate pages by terms and pairs, the best when more match than asked for, only within the spaces and documents asked', async () => {
          const spaceA = testSpace('page-search-a');
          const spaceB = testSpace('page-search-b');
          const first = harbourReport(spaceA);
          const second = harbourReport(spaceA, { name: 'second.pdf', variant: 'pelican edition' });
          const elsewhere = harbourReport(spaceB, { variant: 'cormorant edition' });
          for (const document of [first, second, elsewhere]) await commit(document);

          // Four pages match: asked for two, a store returns the best two; asked for ten, all four in any order.
          expect((await searchPages([spaceA], 'container cargo volumes', { k: 2 })).map(page => page.page)).toEqual([2, 2]);
          const hits = await searchPages([spaceA], 'container cargo volumes');
          expect(new Set(pageKeys(hits))).toEqual(new Set([`${first.record.id}:2`, `${first.record.id}:3`, `${second.record.id}:2`, `${second.record.id}:3`]));
          // Candidates carry their terms: the core scores them exactly.
          expect(hits.find(page => page.documentId === first.record.id && page.page === 3)).toEqual(pageRecords(first.units, first.tree)[2]);
          expect(await searchPages([spaceA], 'container cargo volumes', { k: 1 })).toHaveLength(1);

          expect(pageKeys(await searchPages([spaceA], 'pelican'))).toEqual([`${second.record.id}:1`]);
          expect((await searchPages([spaceA], 'cargo', { documentIds: [second.record.id] })).every(page => page.documentId === second.record.id)).toBe(true);
          expect(await searchPages([spaceA], 'cormorant')).toEqual([]);
          expect(await searchPages([spaceA], 'cargo', { documentIds: [elsewhere.record.id] })).toEqual([]);
          expect(pageKeys(await searchPages([spaceA, spaceB], 'cormorant'))).toEqual([`${elsewhere.record.id}:1`]);
          expect(new Set((await searchPages([spaceA, spaceB], 'container cargo', { k: 50 })).map(page => page.space))).toEqual(new Set([spaceA, spaceB]));

          expect(await searchPages([], 'cargo')).toEqual([]);
          expect(await searchPages([spaceA], 'cargo', { k: 0 })).toEqual([]);
          expect(await searchPages([spaceA], 'cargo', { documentIds: [] })).toEqual([]);
          expect(await searchPages([spaceA], 'the of and')).toEqual([]);
          expect(await searchPages([spaceA], 'zyzzyva')).toEqual([]);
        });

        it('counts pages, their length and the pages holding each term or pair, per document, space and spaces', async () => {
          const spaceA = testSpace('page-stats-a');
          const spaceB = testSpace('page-stats-b');
          const first = harbourReport(spaceA);
          const second = harbourReport(spaceA, { name: 'second.pdf', variant: 'pelican edition' });
          const elsewhere = harbourReport(spaceB, { variant: 'cormorant edition' });
          for (const document of [first, second, elsewhere]) await commit(document);
          const asked = ['cargo', 'contain', 'container', 'pelican', 'berth', 'zyzzyva', 'container cargo', 'cargo volume', 'cargo container'];
          const statistics = (spaces: SpaceId[], documentIds?: string[]) => store.pageStatistics({ spaces, documentIds, terms: asked });

          expect(await statistics([spaceA], [first.record.id])).toEqual(expectedStatistics([first], asked));
          expect(await statistics([spaceA])).toEqual(expectedStatistics([first, second], asked));
          expect(await statistics([spaceA, spaceB])).toEqual(expectedStatistics([first, second, elsewhere], asked));
          expect(await statistics([spaceA], [second.record.id, elsewhere.record.id])).toEqual(expectedStatistics([second], asked));
          const counted = await statistics([spaceA], [first.record.id]);
          expect(counted.frequencies.get('container cargo')).toBe(1);
          expect(counted.frequencies.get('cargo')).toBe(2);
          expect(counted.pages).toBe(5);

          const none = { pages: 0, length: 0, frequencies: new Map<string, number>() };
          expect(await statistics([], [first.record.id])).toEqual(none);
          expect(await statistics([spaceA], [])).toEqual(none);
          expect(await statistics([testSpace('page-stats-never')])).toEqual(expectedStatistics([], asked));
        });

        it('counts the documents holding each term, and which of the asked documents hold it', async () => {
          const spaceA = testSpace('document-stats-a');
          const spaceB = testSpace('document-stats-b');
          const first = harbourReport(spaceA);
          const second = harbourReport(spaceA, { name: 'second.pdf', variant: 'pelican edition' });
          const elsewhere = harbourReport(spaceB, { variant: 'pelican cormorant edition' });
          const unread = harbourReport(spaceA, { name: 'unread.pdf', variant: 'unread edition' }).record;
          for (const document of [first, second, elsewhere]) await commit(document);
          await store.saveRecord({ ...unread, status: 'parsing' });
          const terms = ['harbour', 'pelican', 'cormorant', 'zyzzyva'];

          const inA = await store.documentStatistics({
            spaces: [spaceA],
            terms,
            documentIds: [first.record.id, second.record.id, elsewhere.record.id, unread.id],
          });
          expect(inA.documents).toBe(2);
          expect(inA.frequencies).toEqual(
            new Map([
              ['harbour', 2],
              ['pelican', 1],
              ['cormorant', 0],
              ['zyzzyva', 0],
            ]),
          );
          expect(inA.holdings).toEqual(
            new Map([
              [first.record.id, new Set(['harbour'])],
              [second.record.id, new Set(['harbour', 'pelican'])],
            ]),
          );

          const both = await store.documentStatistics({ spaces: [spaceA, spaceB], terms, documentIds: [elsewhere.record.id] });
          expect(both.documents).toBe(3);
          expect(both.frequencies).toEqual(
            new Map([
              ['harbour', 3],
              ['pelican', 2],
              ['cormorant', 1],
              ['zyzzyva', 0],
            ]),
          );
          expect(both.holdings).toEqual(new Map([[elsewhere.record.id, new Set(['harbour', 'pelican', 'cormorant'])]]));

          expect((await store.documentStatistics({ spaces: [spaceA], terms, documentIds: [] })).holdings).toEqual(new Map());
          expect(await store.documentStatistics({ spaces: [], terms, documentIds: [first.record.id] })).toEqual({
            documents: 0,
            frequencies: new Map(),
            holdings: new Map(),
          });
        });

        it('replaces pages and statistics with the document: a re-commit, a replaced name, a failed commit and a deletion', async () => {
          const space = testSpace('page-versions');
          const first = harbourReport(space, { variant: 'zeppelin edition', withVectors: true });
          await commit(first);
          const counts = () => store.pageStatistics({ spaces: [space], terms: ['zeppelin', 'albatross', 'cargo'] });
          const documentCounts = () => store.documentStatistics({ spaces: [space], terms: ['zeppelin', 'albatross'], documentIds: [] });
          // Asked once before every change, so a store caching counts has them cached.
          expect((await counts()).frequencies.get('zeppelin')).toBe(1);
          expect((await documentCounts()).frequencies.get('zeppelin')).toBe(1);

          // Same name, other bytes: an older version, replaced.
          const second = harbourReport(space, { variant: 'albatross edition', withVectors: true });
          await commit(second);
          expect(await store.getPages(space, first.record.id)).toEqual([]);
          expect(await store.documentVocabulary(space, first.record.id)).toEqual([]);
          expect(await searchPages([space], 'zeppelin')).toEqual([]);
          expect(pageKeys(await searchPages([space], 'albatross'))).toEqual([`${second.record.id}:1`]);
          expect(await counts()).toEqual(expectedStatistics([second], ['zeppelin', 'albatross', 'cargo']));
          expect((await documentCounts()).frequencies).toEqual(
            new Map([
              ['zeppelin', 0],
              ['albatross', 1],
            ]),
          );

          // The same document again with other text: its pages are replaced, not added to.
          const rewritten = { ...second, units: second.units.map(unit => (unit.page === 1 ? { ...unit, text: 'A zeppelin now moors here.' } : unit)) };
          await commit(rewritten);
          expect(await store.getPages(space, second.record.id)).toEqual(pageRecords(rewritten.units, rewritten.tree));
          expect(await counts()).toEqual(expectedStatistics([rewritten], ['zeppelin', 'albatross', 'cargo']));
          expect((await documentCounts()).frequencies).toEqual(
            new Map([
              ['zeppelin', 1],
              ['albatross', 0],
            ]),
          );

          // A commit that fails leaves the pages of the live version.
          const broken = { ...second, units: second.units.map((unit, index) => (index === 1 ? { ...unit, vector: unit.vector!.slice(0, 5) } : unit)) };
          await expect(commit(broken)).rejects.toThrow();
          expect(await store.getPages(space, second.record.id)).toEqual(pageRecords(rewritten.units, rewritten.tree));
          expect(await counts()).toEqual(expectedStatistics([rewritten], ['zeppelin', 'albatross', 'cargo']));

          expect(await store.deleteDocument(space, second.record.id)).toBe(true);
          expect(await store.getPages(space, second.record.id)).toEqual([]);
          expect(await store.documentVocabulary(space, second.record.id)).toEqual([]);
          expect(await searchPages([space], 'cargo')).toEqual([]);
          expect(await counts()).toEqual(expectedStatistics([], ['zeppelin', 'albatross', 'cargo']));
          expect(await documentCounts()).toEqual({
            documents: 0,
            frequencies: new Map([
              ['zeppelin', 0],
              ['albatross', 0],
            ]),
            holdings: new Map(),
          });
        });
      });
    },
  );
}

/** Page statistics counted directly from the page records the documents' commits build. */
function expectedStatistics(documents: TestDocument[], terms: string[]): PageStatistics {
  const pages = documents.flatMap(document => pageRecords(document.units, document.tree));
  const holds = (page: PageRecord, term: string) => (term.includes(' ') ? termPairs(page.terms) : page.terms).includes(term);
  return {
    pages: pages.length,
    length: pages.reduce((total, page) => total + page.terms.length, 0),
    frequencies: new Map(terms.map(term => [term, pages.filter(page => holds(page, term)).length])),
  };
}

/** Hits there are, and all from `space`. */
function onlyFrom(hits: UnitHit[], space: SpaceId): boolean {
  return hits.length > 0 && hits.every(hit => hit.unit.space === space);
}

function expectBestFirst(hits: UnitHit[]): void {
  for (let index = 1; index < hits.length; index += 1) expect(hits[index].score).toBeLessThanOrEqual(hits[index - 1].score);
}

function randomHex(): string {
  return Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}
