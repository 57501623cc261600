import type { UnitHit } from '../index/types.ts';
import { pageHitCollector } from './page-hit-collector.ts';
import type { PageIndex } from './page-index.ts';
import { pageReferences, referencedPages } from './page-references.ts';

/**
 * The pages the question points at, in each document of `documentOrder` (best document first, at most
 * `maxDocuments`): `named`, the pages printing or labelled with the number asked for (the physical page
 * of that number when the document has no such page), and `fallback`, the physical page of that number
 * where the document calls another page so. Two lists, so fusion can weigh them apart.
 */
export function pageReferenceList(
  question: string,
  pageIndex: PageIndex,
  documentOrder: string[],
  options: { maxDocuments: number },
): { named: UnitHit[]; fallback: UnitHit[] } {
  const references = pageReferences(question);
  const named: UnitHit[] = [];
  const fallback: UnitHit[] = [];
  if (references.length === 0) return { named, fallback };
  const add = pageHitCollector(pageIndex);
  for (const documentId of documentOrder.slice(0, options.maxDocuments)) {
    const document = { pagesNamed: (name: string) => pageIndex.pagesNamed(documentId, name), lastPage: pageIndex.lastPage(documentId) };
    const pages = references.map(reference => referencedPages(reference, document));
    for (const { likely } of pages) for (const page of likely) add(named, documentId, page);
    for (const { fallback: physical } of pages) for (const page of physical) add(fallback, documentId, page);
  }
  return { named, fallback };
}
