import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../documents/types.ts';
import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';
import { seededRandom } from '../../bench/lib/search-benchmark.ts';
import { tableOfContents } from './table-of-contents.ts';

const node = (nodeId: string, title: string, level: number, pages: [number, number], children: TreeNode[] = []): TreeNode => ({
  nodeId,
  title,
  kind: 'section',
  level,
  pageStart: pages[0],
  pageEnd: pages[1],
  text: `${title} body text that goes on for a while to make a snippet worth cutting short.`,
  pageTexts: [],
  children,
});

const document = (id: string, sections: number): { record: DocumentRecord; tree: DocumentTree } => ({
  record: { id, name: `${id}.pdf` } as DocumentRecord,
  tree: {
    documentId: id,
    totalPages: sections * 2,
    nodes: Array.from({ length: sections }, (_, index) =>
      node(
        String(index * 2 + 1).padStart(4, '0'),
        `${index + 1} Chapter`,
        0,
        [index * 2 + 1, index * 2 + 2],
        [node(String(index * 2 + 2).padStart(4, '0'), `${index + 1}.1 Detail`, 1, [index * 2 + 2, index * 2 + 2])],
      ),
    ),
  },
});

describe('tableOfContents', () => {
  it('lists sections with node ids, pages and text starts, labelled per document', () => {
    const toc = tableOfContents([document('a', 2)], { maxChars: 10_000 });
    expect(toc.text.split('\n').slice(0, 3)).toEqual([
      '[D1] a.pdf (4 pages)',
      '  0001 1 Chapter (p. 1–2) — 1 Chapter body text that goes on for a while to make a snippet worth cutting…',
      '    0002 1.1 Detail (p. 2) — 1.1 Detail body text that goes on for a while to make a snippet worth cutting…',
    ]);
    expect(toc.documents.map(entry => entry.label)).toEqual([1]);
  });

  it('stays within its budget: shallower outlines, then fewer documents', () => {
    const toc = tableOfContents([document('a', 200), document('b', 200), document('c', 200)], { maxChars: 6_000 });
    expect(toc.text.length).toBeLessThanOrEqual(6_000);
    expect(toc.text).not.toContain('Detail');
    expect(toc.documents.length).toBeGreaterThanOrEqual(1);
    expect(toc.documents.length).toBeLessThan(3);
  });

  it('cuts the snippet of a long text as if the whole text were flattened (whitespace runs, leading space, short texts)', () => {
    const reference = (text: string, maxChars: number) => {
      const flat = text.replace(/\s+/gu, ' ').trim();
      return flat.length <= maxChars ? flat : `${flat.slice(0, maxChars).replace(/\s+\S*$/u, '')}…`;
    };
    const next = seededRandom(9);
    const texts = Array.from({ length: 300 }, () =>
      Array.from({ length: Math.floor(next() * 60) }, () =>
        next() < 0.2 ? ' \n\t  '.slice(0, 1 + Math.floor(next() * 5)).repeat(1 + Math.floor(next() * 40)) : 'word'.slice(0, 1 + Math.floor(next() * 4)),
      ).join(next() < 0.5 ? ' ' : ''),
    );
    for (const text of texts) {
      for (const snippetChars of [5, 12, 30]) {
        const tree: DocumentTree = { documentId: 'x', totalPages: 1, nodes: [{ ...node('0001', 'T', 0, [1, 1]), text }] };
        const line = tableOfContents([{ record: { id: 'x', name: 'x.pdf' } as DocumentRecord, tree }], { maxChars: 10_000, snippetChars }).text.split('\n')[1];
        const snippet = reference(text, snippetChars);
        expect(line).toBe(`  0001 T (p. 1)${snippet ? ` — ${snippet}` : ''}`);
      }
    }
  });
});
