import { describe, expect, it } from 'vitest';
import { isSyntheticPreface, readPageIndexTree } from '../../bench/lib/pageindex-reference.ts';
import { scorePageIndex } from '../../bench/lib/score-pageindex.ts';
import { documentTree, treeNode } from './tree-fixtures.ts';

describe('readPageIndexTree', () => {
  it('reads PageIndex results wrapped in { structure } with start_index, depth first', () => {
    const nodes = readPageIndexTree({
      doc_name: 'report.pdf',
      structure: [
        { title: 'Preface', start_index: 1, end_index: 2, node_id: '0000' },
        {
          title: 'Results',
          start_index: 3,
          end_index: 9,
          nodes: [{ title: 'Tables &amp; Figures', start_index: 4, end_index: 5 }],
        },
      ],
    });
    expect(nodes).toEqual([
      { title: 'Preface', page: 1, depth: 0 },
      { title: 'Results', page: 3, depth: 0 },
      { title: 'Tables & Figures', page: 4, depth: 1 },
    ]);
  });

  it('reads DAYA bare arrays with page_index and physical_index tags, skipping nodes without a page', () => {
    const nodes = readPageIndexTree([
      { title: 'Deck', page_index: 1, nodes: [{ title: 'Slide two', physical_index: '<physical_index_2>' }] },
      { title: 'No page' },
    ]);
    expect(nodes).toEqual([
      { title: 'Deck', page: 1, depth: 0 },
      { title: 'Slide two', page: 2, depth: 1 },
    ]);
  });

  it('returns nothing for shapes it does not know', () => {
    expect(readPageIndexTree({ something: 'else' })).toEqual([]);
    expect(readPageIndexTree(null)).toEqual([]);
  });
});

describe('isSyntheticPreface', () => {
  it('drops a top-level Preface only when the page does not say "preface"', () => {
    const preface = { title: 'Preface', page: 1, depth: 0 };
    expect(isSyntheticPreface(preface, 'Annual Report 2023')).toBe(true);
    expect(isSyntheticPreface(preface, 'PREFACE This book')).toBe(false);
    expect(isSyntheticPreface({ ...preface, depth: 1 }, '')).toBe(false);
  });
});

describe('scorePageIndex', () => {
  const reference = [
    { title: 'INTRODUCTION', page: 6, depth: 0 },
    { title: 'Background', page: 12, depth: 1 },
    { title: 'Costs', page: 272, depth: 1 },
  ];

  it('finds titles whose node starts within one page, and counts the rest of our nodes as extra', () => {
    const tree = documentTree([
      treeNode('section', 'I. Introduction', 7, [treeNode('section', 'A. Background', 10), treeNode('table', 'Costs', 272)]),
      treeNode('slide', 'Costs', 273),
      treeNode('section', 'Appendix', 300),
      treeNode('page', 'Page 301', 301),
    ]);
    const score = scorePageIndex(reference, tree);
    expect(score.matched).toBe(2);
    expect(score.predicted).toBe(4);
    expect(score.extra).toBe(2);
    expect(score.missed).toEqual([{ title: 'Background', page: 12 }]);
  });

  it('prefers the node on the exact page when two are equally similar', () => {
    const tree = documentTree([treeNode('section', 'Costs', 271), treeNode('section', 'Costs', 272)]);
    const score = scorePageIndex([{ title: 'Costs', page: 272, depth: 0 }], tree);
    expect(score.matched).toBe(1);
    expect(score.extra).toBe(1);
  });
});
