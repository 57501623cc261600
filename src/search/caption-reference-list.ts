import type { UnitHit } from '../store/types.ts';
import { captionReferences } from '../text/caption-references.ts';
import { pageHitCollector } from './page-hit-collector.ts';
import type { DocumentPages } from './page-search.ts';

/**
 * The pages carrying the captions of the figures and tables the question names ("in Figure 5"), in each
 * document of `documents` (best document first).
 */
export function captionReferenceList(question: string, documents: ReadonlyMap<string, DocumentPages>): UnitHit[] {
  const keys = captionReferences(question);
  const hits: UnitHit[] = [];
  if (keys.length === 0) return hits;
  const add = pageHitCollector(documents);
  for (const [documentId, document] of documents) {
    for (const key of keys) for (const page of document.pagesCaptioned(key)) add(hits, documentId, page);
  }
  return hits;
}
