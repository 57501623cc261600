import { describe, expect, it } from 'vitest';
import { readDoclingReference } from '../../bench/lib/docling-reference.ts';
import { scoreDocling } from '../../bench/lib/score-docling.ts';
import { documentTree, treeNode } from './tree-fixtures.ts';

const prov = (page: number) => [{ page_no: page, bbox: { l: 0, t: 10, r: 10, b: 0, coord_origin: 'BOTTOMLEFT' } }];

const groundTruth = {
  schema_name: 'DoclingDocument',
  texts: [
    { label: 'page_header', text: 'Running head', prov: prov(1) },
    { label: 'title', text: 'A Study of Tables', prov: prov(1) },
    { label: 'section_header', text: '1 Introduction', prov: prov(1), level: 1 },
    { label: 'text', text: 'Body text.', prov: prov(1) },
    { label: 'section_header', text: '2 Method', prov: prov(2), level: 1 },
    { label: 'section_header', text: 'No provenance', prov: [] },
  ],
  tables: [
    { label: 'table', prov: prov(2), data: {} },
    { label: 'document_index', prov: prov(3) },
  ],
  pictures: [{ prov: prov(2) }, { prov: prov(2) }],
};

describe('readDoclingReference', () => {
  it('keeps titles and section headers with a page, and every table and picture', () => {
    const reference = readDoclingReference(groundTruth);
    expect(reference.headings).toEqual([
      { text: 'A Study of Tables', page: 1 },
      { text: '1 Introduction', page: 1 },
      { text: '2 Method', page: 2 },
    ]);
    expect(reference.tables.map(table => table.page)).toEqual([2, 3]);
    expect(reference.pictures).toEqual([{ page: 2 }, { page: 2 }]);
  });
});

describe('scoreDocling', () => {
  const reference = readDoclingReference(groundTruth);

  it('matches headings by similar title on the same page, one to one', () => {
    const tree = documentTree([
      treeNode('section', 'A study of tables', 1, [
        treeNode('section', 'Introduction', 1),
        treeNode('section', 'Introduction', 1),
        // Right title, wrong page: not a match.
        treeNode('section', '2. Method', 3),
      ]),
    ]);
    const score = scoreDocling(reference, tree);
    expect(score.headings).toEqual({ reference: 3, predicted: 4, matched: 2 });
    expect(score.missedHeadings).toEqual([{ text: '2 Method', page: 2 }]);
    expect(score.extraHeadings.map(heading => heading.page)).toEqual([1, 3]);
  });

  it('ignores page and slide fallback nodes when counting predicted headings, whatever their kind', () => {
    const tree = documentTree([
      treeNode('page', 'Page 1', 1),
      treeNode('slide', 'Slide 2', 2),
      treeNode('section', 'Slide 3', 3),
      treeNode('section', 'Page 4', 4),
      treeNode('section', 'Page 4 of the appendix', 4),
    ]);
    expect(scoreDocling(reference, tree).headings.predicted).toBe(1);
  });

  it('counts tables and figures found on the same page, each at most once', () => {
    const tree = documentTree([
      treeNode('section', 'Method', 2, [
        treeNode('table', 'Table 1', 2),
        treeNode('table', 'Table 2', 2),
        treeNode('figure', 'Figure 1', 2),
        treeNode('figure', 'Figure 9', 5),
      ]),
    ]);
    const score = scoreDocling(reference, tree);
    expect(score.tables).toEqual({ reference: 2, predicted: 2, matched: 1 });
    expect(score.figures).toEqual({ reference: 2, predicted: 2, matched: 1 });
  });
});
