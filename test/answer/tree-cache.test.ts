import { describe, expect, it } from 'vitest';
import { TreeCache } from '../../src/answer/tree-cache.ts';
import type { DocumentRecord } from '../../src/documents/types.ts';
import type { KnowledgeStore } from '../../src/store/types.ts';
import type { DocumentTree } from '../../src/documents/document-tree.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';

const space = 'web:tree-cache' as SpaceId;

function record(id: string, sha256 = id): DocumentRecord {
  return {
    id,
    space,
    name: `${id}.pdf`,
    mime: 'application/pdf',
    sha256,
    sizeBytes: 0,
    pageCount: 1,
    status: 'ready',
    source: { platform: 'cli' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A store whose every tree holds `chars` characters of text (half in the body, half in its page copy), counting reads. */
function storeOfTrees(chars: number): { store: KnowledgeStore; reads: string[] } {
  const reads: string[] = [];
  const half = 'x'.repeat(chars / 2);
  const store = {
    async getTree(_space: SpaceId, documentId: string): Promise<DocumentTree> {
      reads.push(documentId);
      return {
        documentId,
        totalPages: 1,
        nodes: [
          { nodeId: '0001', title: '', kind: 'section', level: 0, pageStart: 1, pageEnd: 1, text: half, pageTexts: [{ page: 1, text: half }], children: [] },
        ],
      };
    },
  } as unknown as KnowledgeStore;
  return { store, reads };
}

describe('TreeCache', () => {
  it('reads a tree once, and again for a new version of the document', async () => {
    const { store, reads } = storeOfTrees(100);
    const cache = new TreeCache();
    const first = await cache.get(store, record('a'));
    expect(await cache.get(store, record('a'))).toBe(first);
    await cache.get(store, record('a', 'changed'));
    expect(reads).toEqual(['a', 'a']);
  });

  it('keeps the text it holds within its budget, dropping the least recently used first', async () => {
    const { store, reads } = storeOfTrees(100);
    const cache = new TreeCache(200, 250);
    await cache.get(store, record('a'));
    await cache.get(store, record('b'));
    await cache.get(store, record('a'));
    await cache.get(store, record('c'));
    await cache.get(store, record('a'));
    await cache.get(store, record('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps the newest tree even when it alone is over the budget', async () => {
    const { store, reads } = storeOfTrees(1000);
    const cache = new TreeCache(200, 250);
    await cache.get(store, record('a'));
    await cache.get(store, record('a'));
    await cache.get(store, record('b'));
    await cache.get(store, record('a'));
    expect(reads).toEqual(['a', 'b', 'a']);
  });
});
