import type { KnowledgeStore } from '../index/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { PageIndex } from './page-index.ts';

/**
 * Brings a PageIndex up to date with the ready documents of the given spaces (or only the given
 * documents): new or changed documents (by sha256) are read from the store, deleted ones dropped.
 */
export async function loadPageIndex(
  store: KnowledgeStore,
  spaces: SpaceId[],
  documentIds?: string[],
  index: PageIndex = new PageIndex(),
): Promise<PageIndex> {
  for (const space of spaces) {
    const records = (await store.listDocuments(space)).filter(
      record => record.status === 'ready' && (!documentIds || documentIds.includes(record.id)),
    );
    for (const record of records) {
      if (index.has(record.id, record.sha256)) continue;
      const tree = await store.getTree(space, record.id);
      const numbering = { labels: tree?.pageLabels, printed: tree?.printedPageNumbers };
      index.addDocument(space, record.id, record.sha256, await store.getUnits(space, record.id, undefined, { vectors: false }), numbering);
    }
    if (!documentIds) {
      const present = new Set(records.map(record => record.id));
      for (const documentId of index.documentIds(space)) if (!present.has(documentId)) index.removeDocument(documentId);
    }
  }
  return index;
}
