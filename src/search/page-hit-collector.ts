import type { UnitHit } from '../store/types.ts';
import type { DocumentPages } from './page-search.ts';

/**
 * Adds pages to ranked lists as their page units, each page once across every list the collector
 * serves, scored by its position in its list. For lists of pages a question points at (page numbers,
 * captions), whose order is their ranking.
 */
export function pageHitCollector(documents: ReadonlyMap<string, DocumentPages>): (hits: UnitHit[], documentId: string, page: number) => void {
  const seen = new Set<string>();
  return (hits, documentId, page) => {
    const unit = documents.get(documentId)?.pageUnit(page);
    if (!unit || seen.has(unit.id)) return;
    seen.add(unit.id);
    hits.push({ unit, score: 1 / (1 + hits.length) });
  };
}
