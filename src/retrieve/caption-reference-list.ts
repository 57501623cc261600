import type { UnitHit } from '../index/types.ts';
import { captionReferences } from './caption-references.ts';
import type { PageIndex } from './page-index.ts';
import { pageHitCollector } from './page-hit-collector.ts';

/**
 * The pages carrying the captions of the figures and tables the question names ("in Figure 5"), in each
 * document of `documentOrder` (best document first, at most `maxDocuments`).
 */
export function captionReferenceList(question: string, pageIndex: PageIndex, documentOrder: string[], options: { maxDocuments: number }): UnitHit[] {
  const keys = captionReferences(question);
  const hits: UnitHit[] = [];
  if (keys.length === 0) return hits;
  const add = pageHitCollector(pageIndex);
  for (const documentId of documentOrder.slice(0, options.maxDocuments)) {
    for (const key of keys) for (const page of pageIndex.pagesCaptioned(documentId, key)) add(hits, documentId, page);
  }
  return hits;
}
