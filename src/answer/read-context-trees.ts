import { pageContents } from '../documents/page-contents.ts';
import type { DocumentRecord } from '../documents/types.ts';
import type { DocumentTree } from '../documents/document-tree.ts';
import type { RankedPage } from '../search/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { treeOfPages, type TreePage } from '../store/tree-pages.ts';
import type { KnowledgeStore } from '../store/types.ts';

/**
 * The documents' trees as far as the context reaches (pagePassages), read page by page
 * (KnowledgeStore.getTreePages) rather than whole: a tree is a large read (a 250-page document's is
 * ~400 KB of JSON) of which a question uses a few pages. The context takes the best `contextPages` pages
 * that have text, in the documents of the best `contextPages` pages (of the best 2 × `contextPages` when
 * one of those has none), and the pages next to them; so those documents' ranked pages are read in
 * rank order, each with its neighbours, until that many with text are read. What the context sees is
 * what the whole trees would show it.
 */
export async function readContextTrees(
  ranked: RankedPage[],
  records: Map<string, DocumentRecord>,
  store: KnowledgeStore,
  contextPages: number,
): Promise<Map<string, DocumentTree>> {
  const pagesRead = new Map<string, Map<number, TreePage>>();
  const asked = new Set<string>();
  const trees = new Map<string, DocumentTree>();
  const read = async (pages: RankedPage[]) => {
    const wanted = new Map<string, number[]>();
    for (const { documentId, page } of pages) {
      for (const number of [page - 1, page, page + 1]) {
        const key = `${documentId}\n${number}`;
        if (number < 1 || asked.has(key)) continue;
        asked.add(key);
        wanted.set(documentId, [...(wanted.get(documentId) ?? []), number]);
      }
    }
    await Promise.all(
      [...wanted].map(async ([documentId, numbers]) => {
        const record = records.get(documentId)!;
        const own = pagesRead.get(documentId) ?? new Map<number, TreePage>();
        for (const treePage of await store.getTreePages(record.space, documentId, numbers)) own.set(treePage.page, treePage);
        pagesRead.set(documentId, own);
        const tree = treeOfPages(documentId, [...own.values()]);
        if (tree) trees.set(documentId, tree);
      }),
    );
  };
  const withText = (page: RankedPage) => {
    const tree = trees.get(page.documentId);
    return tree !== undefined && (pageContents(tree).get(page.page)?.length ?? 0) > 0;
  };
  const best = ranked.slice(0, contextPages);
  await read(best);
  const reachable = new Set((best.every(withText) ? best : ranked.slice(0, contextPages * 2)).map(page => page.documentId));
  const candidates = ranked.filter(page => reachable.has(page.documentId));
  let taken = 0;
  for (let next = 0; next < candidates.length && taken < contextPages; ) {
    const round = candidates.slice(next, next + contextPages - taken);
    await read(round);
    taken += round.filter(withText).length;
    next += round.length;
  }
  return trees;
}

/** The ready documents of the spaces (only `documentIds` among them, when given). */
export async function readyRecords(store: KnowledgeStore, spaces: SpaceId[], documentIds?: string[]): Promise<Map<string, DocumentRecord>> {
  const records = new Map<string, DocumentRecord>();
  const only = documentIds ? new Set(documentIds) : undefined;
  for (const space of spaces) {
    for (const record of await store.listDocuments(space)) if (record.status === 'ready' && (!only || only.has(record.id))) records.set(record.id, record);
  }
  return records;
}
