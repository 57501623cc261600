import { describe, expect, it } from 'vitest';
import type { IndexUnit } from '../../src/index/types.ts';
import { PageIndex } from '../../src/retrieve/page-index.ts';
import { captionReferenceList } from '../../src/retrieve/caption-reference-list.ts';
import { pageReferenceList } from '../../src/retrieve/page-reference-list.ts';
import type { PageNumbering } from '../../src/retrieve/page-numbering.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';

const space = 'web:a' as SpaceId;
const unit = (documentId: string, page: number, text: string): IndexUnit => ({
  id: `${documentId}:0001:${page}:0`, space, documentId, documentName: `${documentId}.pdf`, nodeId: '0001', titlePath: [], kind: 'section', page, part: 0, text,
});

function indexOf(pages: string[], numbering?: PageNumbering): PageIndex {
  const index = new PageIndex();
  index.addDocument(space, 'd1', 'v1', pages.map((text, offset) => unit('d1', offset + 1, text)), numbering);
  return index;
}

describe('PageIndex', () => {
  it('ranks pages by BM25 and re-ranks its candidates with feedback terms from the best pages', () => {
    const pages = [
      'Glacier retreat measured by satellite; glacier mass balance and meltwater runoff.',
      'Meltwater runoff and mass balance of ice sheets, measured each summer.',
      'Office opening hours and parking.',
      'Parking permits for staff.',
    ];
    const index = indexOf(pages);
    const plain = index.search('glacier retreat', { spaces: [space], k: 10 });
    expect(plain.map(hit => hit.unit.page)).toEqual([1]);
    const expanded = index.search('glacier retreat', { spaces: [space], k: 10, feedback: { pages: 1, terms: 5, weight: 0.5 } });
    // Only the first pass's candidates are re-scored, so the expansion cannot bring in page 2 here.
    expect(expanded.map(hit => hit.unit.page)).toEqual([1]);
    const wide = index.search('glacier retreat meltwater', { spaces: [space], k: 10, feedback: { pages: 1, terms: 5, weight: 0.5 } });
    expect(wide.map(hit => hit.unit.page)).toEqual([1, 2]);
  });

  it('tells whether any page of a document holds a word', () => {
    const index = indexOf(['Results for fiscal 2023.', 'Employees were surveyed.']);
    expect(index.documentMentions('d1', '2023')).toBe(true);
    expect(index.documentMentions('d1', 'employee')).toBe(true);
    expect(index.documentMentions('d1', '2024')).toBe(false);
    expect(index.documentMentions('unknown', '2023')).toBe(false);
  });

  it('tells whether a document holds a search term, a pair of neighbouring ones, or a word a few edits away', () => {
    const index = indexOf(['Netflix annual report 2015.', 'Streaming memberships grew.']);
    expect(index.documentHolds('d1', 'netflix')).toBe(true);
    expect(index.documentHolds('d1', 'annual report')).toBe(true);
    expect(index.documentHolds('d1', 'report annual')).toBe(false);
    expect(index.documentHolds('unknown', 'netflix')).toBe(false);
    expect(index.documentHoldsLike('d1', 'neflix', 1)).toBe(true);
    expect(index.documentHoldsLike('d1', 'nflx', 1)).toBe(false);
    expect(index.documentHoldsLike('unknown', 'neflix', 1)).toBe(false);
  });

  it('prefers pages where the query words stand close together', () => {
    const far = `solar ${'filler words about nothing in particular '.repeat(6)} energy`;
    const index = indexOf([far, 'The solar energy output doubled.']);
    const candidates = index.search('solar energy', { spaces: [space], k: 10, pairWeight: 0 });
    const ranked = index.proximity('solar energy', candidates, { window: 6 });
    expect(ranked.map(hit => hit.unit.page)).toEqual([2, 1]);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
  });

  it('lists the pages a question points at by label, with the physical page of that number apart', () => {
    const index = indexOf(['cover', 'contents', 'intro', 'method', 'results'], { labels: ['i', 'ii', '1', '2', '3'] });
    const hits = pageReferenceList('What does the chart on page 2 show?', index, ['d1'], { maxDocuments: 1 });
    expect(hits.named.map(hit => hit.unit.page)).toEqual([4]);
    expect(hits.fallback.map(hit => hit.unit.page)).toEqual([2]);
    expect(pageReferenceList('What is on the last page?', index, ['d1'], { maxDocuments: 1 }).named.map(hit => hit.unit.page)).toEqual([5]);
    expect(pageReferenceList('What is the method?', index, ['d1'], { maxDocuments: 1 })).toEqual({ named: [], fallback: [] });
  });

  it('finds a page by its printed number, both pages of a spread, before the PDF label', () => {
    // A brochure of spreads after a cover: PDF page 3 shows printed pages 4 and 5; labels are just positions.
    const printed = [[], [2, 3], [4, 5], [6, 7]];
    const index = indexOf(['cover', 'welcome', 'programmes', 'contact'], { labels: ['1', '2', '3', '4'], printed });
    expect(index.pagesNamed('d1', '5')).toEqual([3]);
    expect(index.pagesNamed('d1', '3')).toEqual([2, 3]);
    const hits = pageReferenceList('How many people are on page 5?', index, ['d1'], { maxDocuments: 1 });
    expect(hits.named.map(hit => hit.unit.page)).toEqual([3]);
    expect(hits.fallback).toEqual([]);
    const spread = pageReferenceList('What is on page 6?', index, ['d1'], { maxDocuments: 1 });
    expect(spread.named.map(hit => hit.unit.page)).toEqual([4]);
  });

  it('lists the pages with the caption of the figure a question names, not those that mention it', () => {
    const index = indexOf(['Our method is shown in Figure 2 and works well.', 'Figure 2: The pipeline of our method.', 'Table 1: Results.']);
    expect(index.pagesCaptioned('d1', 'figure 2')).toEqual([2]);
    const hits = captionReferenceList('What is the first step in Figure 2?', index, ['d1'], { maxDocuments: 1 });
    expect(hits.map(hit => hit.unit.page)).toEqual([2]);
    expect(captionReferenceList('What is the method?', index, ['d1'], { maxDocuments: 1 })).toEqual([]);
  });

  it('scores how much of a question each document holds, words in few documents weighing most', () => {
    const index = new PageIndex();
    index.addDocument(space, 'nike', 'v1', [unit('nike', 1, 'Nike revenues and inventories'), unit('nike', 2, 'Nike footwear')]);
    index.addDocument(space, 'costco', 'v1', [unit('costco', 1, 'Costco revenues and inventories')]);
    index.addDocument(space, 'acme', 'v1', [unit('acme', 1, 'Acme revenues')]);
    const coverage = index.documentCoverage('Nike inventories revenues', ['nike', 'costco', 'acme'], [space]);
    expect(coverage.get('nike')!).toBeGreaterThan(coverage.get('costco')!);
    expect(coverage.get('costco')!).toBeGreaterThan(coverage.get('acme')!);
    expect(index.documentCoverage('Nike', ['nike'], ['web:other' as SpaceId]).size).toBe(0);
    index.removeDocument('nike');
    expect(index.documentCoverage('Nike inventories', ['costco'], [space]).get('costco')).toBeGreaterThan(0);
  });
});
