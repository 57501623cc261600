import { describe, expect, it } from 'vitest';
import type { DocumentTree, TreeNode } from '../ingest/types.ts';
import { stitchSections } from './stitch-sections.ts';

function node(init: Partial<TreeNode> & Pick<TreeNode, 'nodeId' | 'title' | 'pageStart'>): TreeNode {
  const pageEnd = init.pageEnd ?? init.pageStart;
  return {
    kind: 'section',
    level: 0,
    pageEnd,
    text: (init.pageTexts ?? []).map(entry => entry.text).join('\n'),
    pageTexts: [],
    children: [],
    ...init,
  };
}

const long = (word: string) => `${word} `.repeat(120).trim();

// Report: 1 Intro (p1) · 2 Results (p2–4, with a table on p3 and a figure on p4) · 3 Outlook (p5).
const report: DocumentTree = {
  documentId: 'report',
  totalPages: 5,
  nodes: [
    node({ nodeId: '0001', title: '1 Intro', pageStart: 1, pageTexts: [{ page: 1, text: long('intro') }] }),
    node({
      nodeId: '0002',
      title: '2 Results',
      pageStart: 2,
      pageEnd: 4,
      pageTexts: [
        { page: 2, text: long('growth') },
        { page: 3, text: 'Short note.' },
        { page: 4, text: long('margin') },
      ],
      children: [
        node({ nodeId: '0003', title: 'Table 1: Revenue', kind: 'table', level: 1, pageStart: 3, text: '| Year | Revenue |\n|---|---|\n| 2021 | 12 |' }),
        node({
          nodeId: '0004',
          title: 'Figure 2',
          kind: 'figure',
          level: 1,
          pageStart: 4,
          text: 'Bar chart of margins by region.',
          figure: { sha256: 'f', widthPx: 10, heightPx: 10, source: 'vector', caption: 'Figure 2: Margins', description: 'Bar chart of margins by region.' },
        }),
      ],
    }),
    node({ nodeId: '0005', title: '3 Outlook', pageStart: 5, pageTexts: [{ page: 5, text: long('outlook') }] }),
  ],
};
const memo: DocumentTree = {
  documentId: 'memo',
  totalPages: 1,
  nodes: [node({ nodeId: '0001', title: 'Memo', pageStart: 1, pageTexts: [{ page: 1, text: 'Budget approved.' }] })],
};
const trees = new Map([
  ['report', report],
  ['memo', memo],
]);
const hit = (documentId: string, nodeId: string, page: number) => ({ unit: { documentId, documentName: `${documentId}.pdf`, nodeId, page } });

describe('stitchSections', () => {
  it('labels passages, dedupes a section hit twice, and orders sections by document order', () => {
    const passages = stitchSections([hit('report', '0005', 5), hit('report', '0001', 1), hit('report', '0005', 5)], trees);
    expect(passages.map(passage => [passage.documentName, passage.nodeId, passage.titlePath, passage.pages])).toEqual([
      ['report.pdf', '0001', ['1 Intro'], [1]],
      ['report.pdf', '0005', ['3 Outlook'], [5]],
    ]);
  });

  it('lists documents by their best hit, sections within each in document order', () => {
    const passages = stitchSections([hit('memo', '0001', 1), hit('report', '0005', 5), hit('report', '0001', 1)], trees);
    expect(passages.map(passage => `${passage.documentId}:${passage.nodeId}`)).toEqual(['memo:0001', 'report:0001', 'report:0005']);
  });

  it('brings in neighbouring pages of a short page and the tables and figures on the pages used', () => {
    const [results] = stitchSections([hit('report', '0002', 3)], trees, { budgetTokens: 10_000 });
    expect(results.pages).toEqual([2, 3, 4]);
    expect(results.text).toContain('growth');
    expect(results.text).toContain('Short note.');
    expect(results.text).toContain('| 2021 | 12 |');
    expect(results.text).toContain('Figure 2: Margins');
    expect(results.text).toContain('Bar chart of margins by region.');
  });

  it('keeps a long page alone and leaves out attachments of other pages', () => {
    const [results] = stitchSections([hit('report', '0002', 2)], trees, { budgetTokens: 10_000 });
    expect(results.pages).toEqual([2]);
    expect(results.text).not.toContain('Revenue');
    expect(results.text).not.toContain('margin');
  });

  it('turns a table hit into its section, naming the table page', () => {
    const passages = stitchSections([hit('report', '0003', 3), hit('report', '0002', 3)], trees, { budgetTokens: 10_000 });
    expect(passages).toHaveLength(1);
    expect(passages[0].nodeId).toBe('0002');
    expect(passages[0].titlePath).toEqual(['2 Results']);
    expect(passages[0].text).toContain('Table 1: Revenue');
  });

  it('stays within the token budget, giving it to the best hits first', () => {
    const budgetTokens = 200;
    const passages = stitchSections([hit('report', '0005', 5), hit('report', '0001', 1), hit('report', '0002', 2)], trees, { budgetTokens });
    const totalChars = passages.reduce((sum, passage) => sum + passage.text.length, 0);
    expect(totalChars).toBeLessThanOrEqual(budgetTokens * 4);
    expect(passages.map(passage => passage.nodeId)).toContain('0005');
    expect(passages.find(passage => passage.nodeId === '0005')!.text.startsWith('outlook')).toBe(true);
    expect(passages.map(passage => passage.nodeId)).not.toContain('0002');
  });

  it('ignores hits whose document or node it does not know', () => {
    expect(stitchSections([hit('missing', '0001', 1), hit('report', '9999', 1)], trees)).toEqual([]);
  });
});
