import type { DocumentTree, PageNumber } from '../../src/documents/document-tree.ts';
import { matchOneToOne } from './match-one-to-one.ts';
import type { PageIndexNode } from './pageindex-reference.ts';
import { titleMatchThreshold, titleSimilarity } from './title-similarity.ts';
import { predictedTitledNodes } from './tree-predictions.ts';

/** A PageIndex start page and Folio's may differ by one: PageIndex (an LLM) often names the page before. */
export const pageToleranceForPageIndex = 1;

export interface PageIndexScore {
  /** PageIndex nodes compared (synthetic "Preface" nodes already removed by the caller). */
  reference: number;
  /** Of those, how many Folio has as a section/slide node with a similar title starting within ±1 page. */
  matched: number;
  /** Folio's section/slide nodes. */
  predicted: number;
  /** Folio nodes PageIndex has no counterpart for; for information, not an error. */
  extra: number;
  missed: Array<{ title: string; page: PageNumber }>;
}

export function scorePageIndex(reference: PageIndexNode[], tree: DocumentTree): PageIndexScore {
  const nodes = predictedTitledNodes(tree);
  const matches = matchOneToOne(reference, nodes, (expected, node) => {
    const pageDistance = Math.abs(node.pageStart - expected.page);
    if (pageDistance > pageToleranceForPageIndex) return null;
    const similarity = titleSimilarity(expected.title, node.title);
    // Among equally similar titles, the one on the exact page wins.
    return similarity >= titleMatchThreshold ? similarity - pageDistance * 0.01 : null;
  });
  const matchedReferences = new Set(matches.map(match => match.referenceIndex));
  return {
    reference: reference.length,
    matched: matches.length,
    predicted: nodes.length,
    extra: nodes.length - matches.length,
    missed: reference.filter((_, index) => !matchedReferences.has(index)).map(node => ({ title: node.title, page: node.page })),
  };
}
