import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDocumentWords } from '../../src/answer/document-words.ts';
import { keyTerms, missingFrom } from '../../src/answer/unmentioned-terms.ts';
import type { DocumentRecord } from '../../src/documents/types.ts';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';
import type { IndexUnit } from '../../src/store/types.ts';
import type { DocumentTree } from '../../src/documents/document-tree.ts';
import { captionReferenceList } from '../../src/search/caption-reference-list.ts';
import { pageReferenceList } from '../../src/search/page-reference-list.ts';
import { PageSearch, type DocumentPages } from '../../src/search/page-search.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';

const space = 'web:pages-a' as SpaceId;
const other = 'web:pages-b' as SpaceId;

let dataDir: string;
let store: SqliteKnowledgeStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'folio-page-search-'));
  store = new SqliteKnowledgeStore({ dataDir });
});

afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

function unit(inSpace: SpaceId, documentId: string, page: number, text: string): IndexUnit {
  return {
    id: `${documentId}:0001:${page}:0`,
    space: inSpace,
    documentId,
    documentName: `${documentId}.pdf`,
    nodeId: '0001',
    titlePath: [],
    kind: 'section',
    page,
    part: 0,
    text,
  };
}

/** Commits one document, one string per page. */
async function commit(documentId: string, pages: string[], options: { space?: SpaceId; tree?: Partial<DocumentTree> } = {}): Promise<void> {
  const inSpace = options.space ?? space;
  const now = new Date().toISOString();
  const record: DocumentRecord = {
    id: documentId,
    space: inSpace,
    name: `${documentId}.pdf`,
    mime: 'application/pdf',
    sha256: documentId,
    sizeBytes: 0,
    pageCount: pages.length,
    status: 'ready',
    source: { platform: 'cli' },
    createdAt: now,
    updatedAt: now,
  };
  const tree: DocumentTree = { documentId, totalPages: pages.length, nodes: [], ...options.tree };
  await store.commitDocument({ record, tree, units: pages.map((text, offset) => unit(inSpace, documentId, offset + 1, text)) });
}

async function pagesOf(documentId: string): Promise<Map<string, DocumentPages>> {
  return new Map([[documentId, (await new PageSearch(store).documentPages(documentId, [space]))!]]);
}

describe('page search over the store’s page records', () => {
  it('ranks pages by BM25 and re-ranks its candidates with feedback terms from the best pages', async () => {
    await commit('d1', [
      'Glacier retreat measured by satellite; glacier mass balance and meltwater runoff.',
      'Meltwater runoff and mass balance of ice sheets, measured each summer.',
      'Office opening hours and parking.',
      'Parking permits for staff.',
    ]);
    const search = new PageSearch(store);
    expect((await search.search('glacier retreat', { spaces: [space], k: 10 })).map(hit => hit.unit.page)).toEqual([1]);
    const expanded = await search.search('glacier retreat', { spaces: [space], k: 10, feedback: { pages: 1, terms: 5, weight: 0.5 } });
    // Only the first pass's candidates are re-scored, so the expansion cannot bring in page 2 here.
    expect(expanded.map(hit => hit.unit.page)).toEqual([1]);
    const wide = await search.search('glacier retreat meltwater', { spaces: [space], k: 10, feedback: { pages: 1, terms: 5, weight: 0.5 } });
    expect(wide.map(hit => hit.unit.page)).toEqual([1, 2]);
  });

  it('takes its candidates by the rarest words only, once the pages they are on pass the budget', async () => {
    // 200 pages: "glacier" on 1, "moraine" on 40, "valley" on 50 (all under a tenth of the pages but
    // "valley"). Two pages wanted: 3 candidates, a budget of 60 pages, so "valley" is left out.
    const pages = Array.from({ length: 200 }, (_, index) => {
      const words = [`filler${index}`];
      if (index === 7) words.push('glacier');
      if (index >= 10 && index < 50) words.push('moraine');
      if (index >= 100 && index < 150) words.push('valley', 'valley');
      return words.join(' ');
    });
    await commit('d1', pages);
    const searchPages = vi.spyOn(store, 'searchPages');
    const hits = await new PageSearch(store).search('glacier moraine valley', { spaces: [space], k: 2 });
    expect(searchPages.mock.calls[0][0]).toMatchObject({ terms: ['glacier', 'moraine'], pairs: [] });
    expect(hits[0].unit.page).toBe(8);
  });

  it('returns the store’s best candidates when more pages match than it may return, and every match otherwise', async () => {
    // 100 pages, "moraine" on 8 of them: once on pages 1–7, three times on page 90.
    const pages = Array.from({ length: 100 }, (_, index) => `filler${index} ${index < 7 ? 'moraine' : index === 89 ? 'moraine moraine moraine' : ''}`);
    await commit('d1', pages);
    const best = await store.searchPages({ spaces: [space], terms: ['moraine'], pairs: [], k: 2 });
    expect(best.map(page => page.page)[0]).toBe(90);
    expect(best).toHaveLength(2);
    const all = await store.searchPages({ spaces: [space], terms: ['moraine'], pairs: [], k: 8 });
    expect(all.map(page => page.page).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 90]);
    expect((await new PageSearch(store).search('moraine', { spaces: [space], k: 1 }))[0].unit.page).toBe(90);
  });

  it('counts a word pair at the cost of its rarer word: a rare pair of two frequent words stays out', async () => {
    // 200 pages: "glacier" on 1 (page 8, next to "moraine"), "moraine" and "valley" on 70 each, the
    // pair "moraine valley" on 2. Budget 60 pages (3 candidates): FTS5 would walk 70 pages for that
    // pair, but 1 for "glacier moraine", whose rarer word is "glacier".
    const pages = Array.from({ length: 200 }, (_, index) => {
      const words = [`filler${index}`];
      if (index === 7) words.push('glacier moraine');
      else if (index < 70) words.push('moraine');
      if (index >= 100 && index < 170) words.push(index < 102 ? 'moraine valley' : 'valley');
      return words.join(' ');
    });
    await commit('d1', pages);
    const searchPages = vi.spyOn(store, 'searchPages');
    const hits = await new PageSearch(store).search('glacier moraine valley', { spaces: [space], k: 2 });
    expect(searchPages.mock.calls[0][0]).toMatchObject({ terms: ['glacier'], pairs: ['glacier moraine'] });
    expect(hits[0].unit.page).toBe(8);
  });

  it('estimates a pair of two words on thousands of pages from a sample, and counts a rarer pair', async () => {
    // 5,500 pages (22 documents of 250): "annual" and "report" on every one, next to each other on every
    // third; "glacier runoff" on 8. Counting "annual report" would walk both words' 5,500 pages.
    const documents = Array.from({ length: 22 }, (_, document) =>
      Array.from({ length: 250 }, (_, page) => {
        const index = document * 250 + page;
        return [index % 3 === 0 ? 'annual report' : 'annual figures report', index % 750 === 0 ? 'glacier runoff' : `filler${index % 40}`].join(' ');
      }),
    );
    for (const [index, pages] of documents.entries()) await commit(`d${index}`, pages);
    const terms = ['annual', 'report', 'annual report', 'glacier runoff'];
    const near = (count: number | undefined, exact: number) => Math.abs(count! - exact) / exact;
    const whole = await store.pageStatistics({ spaces: [space], terms });
    expect(whole.frequencies.get('annual')).toBe(5500);
    expect(whole.frequencies.get('glacier runoff')).toBe(8);
    expect(near(whole.frequencies.get('annual report'), 1834)).toBeLessThan(0.1);
    const most = await store.pageStatistics({ spaces: [space], documentIds: documents.slice(0, 21).map((_, index) => `d${index}`), terms });
    expect(most.frequencies.get('annual')).toBe(5250);
    expect(near(most.frequencies.get('annual report'), 1750)).toBeLessThan(0.1);
  }, 60_000);

  it('weighs words by the pages in scope: a word on every page of one document decides nothing there', async () => {
    // "turbine" is on every page of d1 and nowhere else; "blade" on one page of d1 and on many of d2.
    await commit('d1', ['turbine blade inspection', 'turbine tower turbine', 'turbine cable', 'turbine foundation']);
    await commit('d2', ['blade one', 'blade two', 'blade three', 'blade four', 'blade five', 'rotor']);
    const search = new PageSearch(store);
    const inDocument = await search.search('turbine blade', { spaces: [space], documentIds: ['d1'], k: 10, pairWeight: 0 });
    expect(inDocument[0].unit.page).toBe(1);
    const wholeSpace = await search.search('turbine blade', { spaces: [space], k: 10, pairWeight: 0 });
    // Over the space "turbine" is the rare word: d1's pages lead, page 2 (twice "turbine") first.
    expect(wholeSpace.slice(0, 4).map(hit => hit.unit.documentId)).toEqual(['d1', 'd1', 'd1', 'd1']);
    expect(wholeSpace[0].unit.page).toBe(1);
  });

  it('meets a German document’s pages in a German question’s inflections, and any page in its names', async () => {
    await commit('handbuch', [
      'Die Pakete werden von den Spiegelservern heruntergeladen und danach installiert. Die Installation dauert.',
      'Alle Dateien werden vor dem Komprimieren geprüft, und die Prüfsummen der Dateien werden gespeichert.',
    ]);
    await commit('manual', ['The xz tool keeps the original file when asked.', 'Release notes of the handbook.']);
    const search = new PageSearch(store);
    const german = await search.search('Wo steht die Prüfsumme einer Datei?', { spaces: [space], k: 10, language: 'de' });
    expect(german.map(hit => `${hit.unit.documentId}:${hit.unit.page}`)).toEqual(['handbuch:2']);
    // English terms of the same question still meet names on an English page.
    const named = await search.search('Welches Werkzeug ist xz?', { spaces: [space], k: 10, language: 'de' });
    expect(named.map(hit => hit.unit.documentId)).toEqual(['manual']);
  });

  it('never returns or counts pages of a space it was not given', async () => {
    await commit('a1', ['Quarterly revenue rose in Europe.']);
    await commit('b1', ['Quarterly revenue fell in Asia.', 'Revenue outlook.'], { space: other });
    const search = new PageSearch(store);
    const hits = await search.search('quarterly revenue', { spaces: [space], k: 10 });
    expect(hits.map(hit => hit.unit.documentId)).toEqual(['a1']);
    expect(await store.searchPages({ spaces: [space], terms: ['asia'], pairs: [], k: 10 })).toEqual([]);
    const statistics = await store.pageStatistics({ spaces: [space], terms: ['revenue', 'outlook'] });
    expect(statistics).toMatchObject({
      pages: 1,
      frequencies: new Map([
        ['revenue', 1],
        ['outlook', 0],
      ]),
    });
    const documents = await store.documentStatistics({ spaces: [space], terms: ['asia', 'europe'], documentIds: ['a1', 'b1'] });
    expect(documents.documents).toBe(1);
    expect(documents.frequencies).toEqual(
      new Map([
        ['asia', 0],
        ['europe', 1],
      ]),
    );
    expect([...documents.holdings.keys()]).toEqual(['a1']);
    expect(await store.getPages(space, 'b1')).toEqual([]);
  });

  it('keeps each page’s terms, names, captions and first unit, and replaces or removes them with the document', async () => {
    await commit('d1', ['Cover', 'Figure 2: The pipeline.', 'Results'], { tree: { pageLabels: ['i', 'ii', '1'], printedPageNumbers: [[], [2, 3], []] } });
    const pages = await store.getPages(space, 'd1');
    expect(pages.map(page => page.page)).toEqual([1, 2, 3]);
    expect(pages[1]).toMatchObject({
      terms: ['figure', '2', 'pipeline'],
      printedNumbers: [2, 3],
      label: 'ii',
      captions: ['figure 2'],
      unit: { id: 'd1:0001:2:0', text: 'Figure 2: The pipeline.' },
    });
    expect(await store.documentVocabulary(space, 'd1')).toEqual(['cover', 'figure', '2', 'pipeline', 'result']);

    expect((await store.pageStatistics({ spaces: [space], documentIds: ['d1'], terms: ['pipeline', 'figure 2'] })).frequencies).toEqual(
      new Map([
        ['pipeline', 1],
        ['figure 2', 1],
      ]),
    );
    await commit('d1', ['Only one page now']);
    expect((await store.getPages(space, 'd1')).map(page => page.terms)).toEqual([['one', 'page']]);
    expect(await store.searchPages({ spaces: [space], terms: ['pipeline'], pairs: [], k: 10 })).toEqual([]);
    expect((await store.pageStatistics({ spaces: [space], terms: ['pipeline', 'page'] })).frequencies).toEqual(
      new Map([
        ['pipeline', 0],
        ['page', 1],
      ]),
    );
    expect((await store.pageStatistics({ spaces: [space], documentIds: ['d1'], terms: ['pipeline', 'figure 2'] })).frequencies).toEqual(
      new Map([
        ['pipeline', 0],
        ['figure 2', 0],
      ]),
    );

    await store.deleteDocument(space, 'd1');
    expect(await store.getPages(space, 'd1')).toEqual([]);
    expect(await store.pageStatistics({ spaces: [space], terms: ['page'] })).toMatchObject({ pages: 0, length: 0, frequencies: new Map([['page', 0]]) });
    expect((await store.documentStatistics({ spaces: [space], terms: ['page'], documentIds: ['d1'] })).frequencies.get('page')).toBe(0);
  });

  it('counts a few documents’ pages per word from the counts stored at commit', async () => {
    await commit('d1', ['glacier glacier melt', 'glacier runoff', 'parking']);
    await commit('d2', ['glacier retreat', 'runoff runoff', 'melt']);
    await commit('d3', ['glacier']);
    const asked = { spaces: [space], documentIds: ['d1', 'd2'], terms: ['glacier', 'runoff', 'melt', 'moraine', 'glacier runoff'] };
    const expected = new Map([
      ['glacier', 3],
      ['runoff', 2],
      ['melt', 2],
      ['moraine', 0],
      ['glacier runoff', 1],
    ]);
    const stored = () => {
      const database = new Database(join(dataDir, 'folio.sqlite'), { readonly: true });
      try {
        return database
          .prepare('SELECT d.id, t.term, t.pages FROM document_page_terms t JOIN documents d ON d.rowid = t.document_rowid ORDER BY d.id, t.term')
          .all();
      } finally {
        database.close();
      }
    };
    expect(await store.pageStatistics(asked)).toEqual({ pages: 6, length: 11, frequencies: expected });
    expect(stored()).toContainEqual({ id: 'd1', term: 'glacier', pages: 2 });

    await commit('d1', ['moraine']);
    await store.deleteDocument(space, 'd2');
    expect(stored().filter(row => (row as { id: string }).id !== 'd3')).toEqual([{ id: 'd1', term: 'moraine', pages: 1 }]);
    expect((await store.pageStatistics(asked)).frequencies).toEqual(
      new Map([
        ['glacier', 0],
        ['runoff', 0],
        ['melt', 0],
        ['moraine', 1],
        ['glacier runoff', 0],
      ]),
    );
  });

  it('prefers pages where the query words stand close together', async () => {
    const far = `solar ${'filler words about nothing in particular '.repeat(6)} energy`;
    await commit('d1', [far, 'The solar energy output doubled.']);
    const search = new PageSearch(store);
    const candidates = await search.search('solar energy', { spaces: [space], k: 10, pairWeight: 0 });
    const ranked = await search.proximity('solar energy', candidates, { spaces: [space], window: 6 });
    expect(ranked.map(hit => hit.unit.page)).toEqual([2, 1]);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
  });

  it('lists the pages a question points at by label, with the physical page of that number apart', async () => {
    await commit('d1', ['cover', 'contents', 'intro', 'method', 'results'], { tree: { pageLabels: ['i', 'ii', '1', '2', '3'] } });
    const documents = await pagesOf('d1');
    const hits = pageReferenceList('What does the chart on page 2 show?', documents);
    expect(hits.named.map(hit => hit.unit.page)).toEqual([4]);
    expect(hits.fallback.map(hit => hit.unit.page)).toEqual([2]);
    expect(pageReferenceList('What is on the last page?', documents).named.map(hit => hit.unit.page)).toEqual([5]);
    expect(pageReferenceList('What is the method?', documents)).toEqual({ named: [], fallback: [] });
  });

  it('finds a page by its printed number, both pages of a spread, before the PDF label', async () => {
    // A brochure of spreads after a cover: PDF page 3 shows printed pages 4 and 5; labels are just positions.
    await commit('d1', ['cover', 'welcome', 'programmes', 'contact'], {
      tree: { pageLabels: ['1', '2', '3', '4'], printedPageNumbers: [[], [2, 3], [4, 5], [6, 7]] },
    });
    const documents = await pagesOf('d1');
    expect(documents.get('d1')!.pagesNamed('5')).toEqual([3]);
    expect(documents.get('d1')!.pagesNamed('3')).toEqual([2, 3]);
    const hits = pageReferenceList('How many people are on page 5?', documents);
    expect(hits.named.map(hit => hit.unit.page)).toEqual([3]);
    expect(hits.fallback).toEqual([]);
    expect(pageReferenceList('What is on page 6?', documents).named.map(hit => hit.unit.page)).toEqual([4]);
  });

  it('lists the pages with the caption of the figure a question names, not those that mention it', async () => {
    await commit('d1', ['Our method is shown in Figure 2 and works well.', 'Figure 2: The pipeline of our method.', 'Table 1: Results.']);
    const documents = await pagesOf('d1');
    expect(documents.get('d1')!.pagesCaptioned('figure 2')).toEqual([2]);
    expect(captionReferenceList('What is the first step in Figure 2?', documents).map(hit => hit.unit.page)).toEqual([2]);
    expect(captionReferenceList('What is the method?', documents)).toEqual([]);
  });

  it('scores how much of a question each document holds, words in few documents weighing most', async () => {
    await commit('nike', ['Nike revenues and inventories', 'Nike footwear']);
    await commit('costco', ['Costco revenues and inventories']);
    await commit('acme', ['Acme revenues']);
    const search = new PageSearch(store);
    const coverage = await search.documentCoverage('Nike inventories revenues', ['nike', 'costco', 'acme'], [space]);
    expect(coverage.get('nike')!).toBeGreaterThan(coverage.get('costco')!);
    expect(coverage.get('costco')!).toBeGreaterThan(coverage.get('acme')!);
    expect((await search.documentCoverage('Nike', ['nike'], [other])).size).toBe(0);
    await store.deleteDocument(space, 'nike');
    expect((await search.documentCoverage('Nike inventories', ['costco'], [space])).get('costco')).toBeGreaterThan(0);
  });

  it('finds a German question’s key terms in a German document’s stems', async () => {
    await commit('d1', ['Für die 32-Bit-Variante gilt eine Grenze von 4020 MiB.', 'Die Pakete werden geladen.']);
    const terms = keyTerms('Welche Grenze hat die 32-Bit-Variante?', { language: 'de' });
    const words = await loadDocumentWords(terms, ['d1'], [space], { store, pageSearch: new PageSearch(store) });
    expect(missingFrom(terms, 'd1', words)).toEqual([]);
    expect(missingFrom(keyTerms('Welche Grenze hat die 64-Bit-Variante?', { language: 'de' }), 'd1', words).map(term => term.text)).toEqual([
      '64-Bit-Variante',
    ]);
  });

  it('reads a name as a French document’s stems hold it for an English question', async () => {
    await commit('d1', ['Le SRADDET de la Région PACA a été adopté le 26 juin 2019.', 'Le parc photovoltaïque au sol de la commune.']);
    const terms = keyTerms('When was the PACA SRADDET adopted?');
    const words = await loadDocumentWords(terms, ['d1'], [space], { store, pageSearch: new PageSearch(store) }, () => 'fr');
    expect(missingFrom(terms, 'd1', words, 'fr')).toEqual([]);
  });

  it('answers the key-term check from the records: terms, neighbouring pairs, near spellings, captions and pages', async () => {
    await commit('d1', ['Netflix annual report 2015. Figure 7: Members by region.', 'Streaming memberships grew; code CA03.', 'Back cover']);
    await commit('d2', ['Costco annual report 2016.']);
    const search = new PageSearch(store);
    const missing = async (question: string, documentId: string) => {
      const terms = keyTerms(question);
      const words = await loadDocumentWords(terms, ['d1', 'd2'], [space], { store, pageSearch: search });
      return missingFrom(terms, documentId, words).map(term => `${term.kind}:${term.text}`);
    };
    expect(await missing('What did Netflix report in 2015?', 'd1')).toEqual([]);
    expect(await missing('What did Netflix report in 2015?', 'd2')).toEqual(['year:2015', 'name:Netflix']);
    // "Neflix": one edit from a word of d1.
    expect(await missing('How did Neflix grow?', 'd1')).toEqual([]);
    expect(await missing('What does Figure 7 show?', 'd1')).toEqual([]);
    expect(await missing('What does Figure 8 show?', 'd1')).toEqual(['caption:Figure 8']);
    expect(await missing('What is on page 3?', 'd1')).toEqual([]);
    expect(await missing('What is on page 30?', 'd1')).toEqual(['page:page 30']);
    expect(await missing('Which region has code CA03?', 'd1')).toEqual([]);
    expect(await missing('Which region has code CA04?', 'd1')).toEqual(['code:CA04']);
  });
});
