import type { DocumentTree } from '../documents/document-tree.ts';
import { captionKeys } from '../text/caption-references.ts';
import { documentLanguage } from '../text/detect-language.ts';
import { searchTerms } from '../text/search-terms.ts';
import type { IndexUnit, PageRecord } from './types.ts';

/**
 * A document's pages as search records, from its units (any order) and tree: per page its search terms
 * in the document's language (the distinct title paths of its units, then their texts, units in
 * document order), the numbers printed on it and its PDF label, the captions on it, and its first unit.
 * Both stores build their page records with this, at commit, so a page reads the same everywhere. The
 * language is the one the record keeps (read at ingest from the whole text); a record kept before it
 * was read has it read here from the units.
 */
export function pageRecords(units: IndexUnit[], tree: Pick<DocumentTree, 'pageLabels' | 'printedPageNumbers'>, recordLanguage?: string): PageRecord[] {
  const ordered = [...units].sort(documentOrder);
  const language = recordLanguage ?? documentLanguage(ordered.map(unit => unit.text));
  const byPage = new Map<number, IndexUnit[]>();
  for (const unit of ordered) byPage.set(unit.page, [...(byPage.get(unit.page) ?? []), unit]);
  return [...byPage]
    .sort(([a], [b]) => a - b)
    .map(([page, pageUnits]) => {
      const first = pageUnits[0];
      const titles = [...new Set(pageUnits.map(unit => unit.titlePath.join(' ')))];
      const { vector: _vector, ...unit } = first;
      return {
        space: first.space,
        documentId: first.documentId,
        documentName: first.documentName,
        page,
        terms: searchTerms([...titles, ...pageUnits.map(pageUnit => pageUnit.text)].join('\n'), language),
        printedNumbers: tree.printedPageNumbers?.[page - 1] ?? [],
        ...(tree.pageLabels?.[page - 1] !== undefined ? { label: tree.pageLabels[page - 1] } : {}),
        captions: [...new Set(pageUnits.flatMap(pageUnit => captionKeys(pageUnit.text, pageUnit.titlePath.at(-1))))],
        unit,
      };
    });
}

/** Adjacent term pairs ("annual report" as one term): how page search rewards phrases. */
export function termPairs(terms: string[]): string[] {
  const pairs: string[] = [];
  for (let index = 1; index < terms.length; index++) pairs.push(`${terms[index - 1]} ${terms[index]}`);
  return pairs;
}

/** The order getUnits returns: node id, page, part. */
function documentOrder(a: IndexUnit, b: IndexUnit): number {
  return (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0) || a.page - b.page || a.part - b.part;
}
