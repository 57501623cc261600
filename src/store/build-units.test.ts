import { describe, expect, it } from 'vitest';
import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { buildUnits, unitTargetCharacters } from './build-units.ts';
import { splitText } from './split-text.ts';

const record = { space: 'web:units' as SpaceId, id: 'doc1', name: 'report.pdf' };

function node(nodeId: string, title: string, pageTexts: Array<[number, string]>, extra: Partial<TreeNode> = {}): TreeNode {
  const pages = pageTexts.map(([page]) => page);
  return {
    nodeId,
    title,
    kind: 'section',
    level: 0,
    pageStart: Math.min(...pages, extra.pageStart ?? Infinity),
    pageEnd: Math.max(...pages, extra.pageStart ?? 0),
    text: pageTexts.map(([, text]) => text).join('\n\n'),
    pageTexts: pageTexts.map(([page, text]) => ({ page, text })),
    children: [],
    ...extra,
  };
}

const tree = (nodes: TreeNode[]): DocumentTree => ({ documentId: record.id, totalPages: 9, nodes });

/** Sentences of distinct words, so a cut inside a word would show up as a word missing from every part. */
function prose(sentences: number, seed: string): string {
  return Array.from({ length: sentences }, (_, index) => `Sentence ${seed}${index} talks about warehouse pallets and depot number ${index * 7}.`).join(' ');
}

describe('buildUnits', () => {
  it('makes one unit per node and page, with ids, title paths from the root and document order', () => {
    const child = node(
      '0002',
      '1.1 Scope',
      [
        [2, 'Scope text on two.'],
        [3, 'Scope text on three.'],
      ],
      { level: 1 },
    );
    const table = node('0003', 'Table 1: Sales', [[3, '| a | b |\n| --- | --- |\n| 1 | 2 |']], { kind: 'table', level: 2 });
    child.children.push(table);
    const root = node('0001', '1 Introduction', [[1, 'Intro text.']], { children: [child] });
    const units = buildUnits(tree([root]), record);
    expect(units.map(unit => [unit.id, unit.page, unit.part, unit.kind, unit.titlePath])).toEqual([
      ['doc1:0001:1:0', 1, 0, 'section', ['1 Introduction']],
      ['doc1:0002:2:0', 2, 0, 'section', ['1 Introduction', '1.1 Scope']],
      ['doc1:0002:3:0', 3, 0, 'section', ['1 Introduction', '1.1 Scope']],
      ['doc1:0003:3:0', 3, 0, 'table', ['1 Introduction', '1.1 Scope', 'Table 1: Sales']],
    ]);
    expect(units[2]).toMatchObject({ space: 'web:units', documentId: 'doc1', documentName: 'report.pdf', nodeId: '0002', text: 'Scope text on three.' });
    expect(units.every(unit => unit.vector === undefined)).toBe(true);
  });

  it('gives a heading with no text on its first page a unit holding its title there', () => {
    const heading = node('0001', '2 Findings', [[5, 'Findings start properly on page five.']], { pageStart: 4 });
    const empty = node('0002', 'Appendix', [], { pageStart: 7, pageEnd: 7 });
    const untitled = node('0003', '', [], { pageStart: 8, pageEnd: 8 });
    const units = buildUnits(tree([heading, empty, untitled]), record);
    expect(units.map(unit => [unit.nodeId, unit.page, unit.text])).toEqual([
      ['0001', 4, '2 Findings'],
      ['0001', 5, 'Findings start properly on page five.'],
      ['0002', 7, 'Appendix'],
    ]);
  });

  it('never makes a unit of blank text: a blank page of a titled node gets the title', () => {
    const units = buildUnits(
      tree([
        node('0001', 'A', [
          [1, 'Real text.'],
          [2, '  \n '],
        ]),
      ]),
      record,
    );
    expect(units.map(unit => [unit.page, unit.text])).toEqual([
      [1, 'Real text.'],
      [2, 'A'],
    ]);
  });

  it('gives a page with no text a unit under the deepest titled node spanning it, in document order', () => {
    // A full-page picture (no text layer, no description offline) in the middle of a subsection.
    const sub = node(
      '0002',
      '1.1 Fleet',
      [
        [3, 'Fleet text.'],
        [5, 'More fleet text.'],
      ],
      { level: 1 },
    );
    const root = node('0001', '1 Vehicles', [[2, 'Vehicle text.']], { pageStart: 1, pageEnd: 5, children: [sub] });
    const after = node('0003', '2 Costs', [[6, 'Costs text.']]);
    const units = buildUnits(tree([root, after]), record);
    expect(units.map(unit => [unit.nodeId, unit.page, unit.text, unit.titlePath])).toEqual([
      ['0001', 1, '1 Vehicles', ['1 Vehicles']],
      ['0001', 2, 'Vehicle text.', ['1 Vehicles']],
      ['0002', 3, 'Fleet text.', ['1 Vehicles', '1.1 Fleet']],
      ['0002', 4, '1.1 Fleet', ['1 Vehicles', '1.1 Fleet']],
      ['0002', 5, 'More fleet text.', ['1 Vehicles', '1.1 Fleet']],
      ['0003', 6, 'Costs text.', ['2 Costs']],
    ]);
    // Pages 7–9 are spanned by no node: still no unit, and no unit ever has blank text.
    expect(units.every(unit => unit.text.trim().length > 0)).toBe(true);
  });

  it('splits a long node-page into parts at paragraph boundaries, never inside a word', () => {
    const paragraphs = Array.from({ length: 6 }, (_, index) => prose(6, `p${index}x`));
    const text = paragraphs.join('\n\n');
    const units = buildUnits(tree([node('0001', 'Long', [[2, text]])]), record);
    expect(units.length).toBeGreaterThan(1);
    expect(units.map(unit => unit.part)).toEqual(units.map((_, index) => index));
    expect(units.every(unit => unit.page === 2 && unit.id === `doc1:0001:2:${unit.part}`)).toBe(true);
    expect(units.every(unit => unit.text.length <= unitTargetCharacters)).toBe(true);
    // Paragraphs stay whole: every part is a run of complete paragraphs.
    for (const unit of units) for (const paragraph of unit.text.split('\n\n')) expect(paragraphs).toContain(paragraph);
    expect(units.map(unit => unit.text).join('\n\n')).toBe(text);
  });

  it('repeats a long table header in every part', () => {
    const rows = Array.from({ length: 120 }, (_, index) => `| item ${index} | ${index * 3} units |`);
    const markdown = ['| Item | Quantity |', '| --- | --- |', ...rows].join('\n');
    const units = buildUnits(tree([node('0001', 'Table 2', [[3, markdown]], { kind: 'table' })]), record);
    expect(units.length).toBeGreaterThan(1);
    for (const unit of units) expect(unit.text.startsWith('| Item | Quantity |\n| --- | --- |\n|')).toBe(true);
    const bodyRows = units.flatMap(unit => unit.text.split('\n').slice(2));
    expect(bodyRows).toEqual(rows);
  });
});

describe('splitText', () => {
  it('keeps short text whole and cuts long text at spaces when there is no better boundary', () => {
    expect(splitText('  short text  ', 100)).toEqual(['short text']);
    const words = Array.from({ length: 400 }, (_, index) => `word${index}`);
    const parts = splitText(words.join(' '), 300);
    expect(parts.every(part => part.length <= 300)).toBe(true);
    expect(parts.flatMap(part => part.split(' '))).toEqual(words);
  });

  it('prefers sentence ends over spaces', () => {
    const parts = splitText(prose(40, 's'), 500);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts.slice(0, -1)) expect(part.endsWith('.')).toBe(true);
  });

  it('cuts a single word longer than the target, since nothing else is possible', () => {
    expect(splitText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});
