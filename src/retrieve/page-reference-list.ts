import type { UnitHit } from '../index/types.ts';
import type { PageIndex } from './page-index.ts';
import { pageReferences, referencedPages } from './page-references.ts';

/**
 * The pages the question points at, in each document of `documentOrder` (best document first, at most
 * `maxDocuments`): a printed label before the physical page of the same number.
 */
export function pageReferenceList(question: string, pageIndex: PageIndex, documentOrder: string[], options: { maxDocuments: number }): UnitHit[] {
  const references = pageReferences(question);
  if (references.length === 0) return [];
  const hits: UnitHit[] = [];
  const seen = new Set<string>();
  for (const documentId of documentOrder.slice(0, options.maxDocuments)) {
    const document = { pagesLabelled: (label: string) => pageIndex.pagesLabelled(documentId, label), lastPage: pageIndex.lastPage(documentId) };
    for (const reference of references) {
      for (const page of referencedPages(reference, document)) {
        const unit = pageIndex.pageUnit(documentId, page);
        if (!unit || seen.has(unit.id)) continue;
        seen.add(unit.id);
        hits.push({ unit, score: 1 / (1 + hits.length) });
      }
    }
  }
  return hits;
}
