import type { UnitHit } from '../store/types.ts';
import { pageHitCollector } from './page-hit-collector.ts';
import { pageReferences, referencedPages } from './page-references.ts';
import type { DocumentPages } from './page-search.ts';

/**
 * The pages the question points at, in each document of `documents` (best document first): `named`,
 * the pages printing or labelled with the number asked for (the physical page of that number when the
 * document has no such page), and `fallback`, the physical page of that number where the document calls
 * another page so. Two lists, so fusion can weigh them apart.
 */
export function pageReferenceList(question: string, documents: ReadonlyMap<string, DocumentPages>): { named: UnitHit[]; fallback: UnitHit[] } {
  const references = pageReferences(question);
  const named: UnitHit[] = [];
  const fallback: UnitHit[] = [];
  if (references.length === 0) return { named, fallback };
  const add = pageHitCollector(documents);
  for (const [documentId, document] of documents) {
    const pages = references.map(reference => referencedPages(reference, document));
    for (const { likely } of pages) for (const page of likely) add(named, documentId, page);
    for (const { fallback: physical } of pages) for (const page of physical) add(fallback, documentId, page);
  }
  return { named, fallback };
}
