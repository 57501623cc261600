import type { DocumentTree, PageNumber } from '../../src/documents/document-tree.ts';
import type { DoclingReference } from './docling-reference.ts';
import { matchOneToOne } from './match-one-to-one.ts';
import { titleMatchThreshold, titleSimilarity } from './title-similarity.ts';
import { nodesOfKind, predictedHeadings } from './tree-predictions.ts';

/** Found vs expected for one kind of element; the ratios are computed when reporting. */
export interface MatchCounts {
  reference: number;
  predicted: number;
  matched: number;
}

export interface DoclingScore {
  headings: MatchCounts;
  tables: MatchCounts;
  figures: MatchCounts;
  /** Reference headings nobody matched and predicted headings that matched nothing, for reading by eye. */
  missedHeadings: Array<{ text: string; page: PageNumber }>;
  extraHeadings: Array<{ text: string; page: PageNumber }>;
}

/**
 * Compares Folio's tree with Docling's ground truth. A heading matches a section node on the same
 * page with a similar title (titleSimilarity ≥ 0.8); a table or picture matches a table or figure
 * node on the same page. All matching is one-to-one.
 */
export function scoreDocling(reference: DoclingReference, tree: DocumentTree): DoclingScore {
  const headings = predictedHeadings(tree);
  const headingMatches = matchOneToOne(reference.headings, headings, (expected, node) => {
    if (node.pageStart !== expected.page) return null;
    const similarity = titleSimilarity(expected.text, node.title);
    return similarity >= titleMatchThreshold ? similarity : null;
  });
  const matchedReferences = new Set(headingMatches.map(match => match.referenceIndex));
  const matchedPredictions = new Set(headingMatches.map(match => match.predictionIndex));

  return {
    headings: { reference: reference.headings.length, predicted: headings.length, matched: headingMatches.length },
    tables: countSamePage(reference.tables, nodesOfKind(tree, ['table'])),
    figures: countSamePage(reference.pictures, nodesOfKind(tree, ['figure'])),
    missedHeadings: reference.headings.filter((_, index) => !matchedReferences.has(index)),
    extraHeadings: headings.filter((_, index) => !matchedPredictions.has(index)).map(node => ({ text: node.title, page: node.pageStart })),
  };
}

function countSamePage(references: Array<{ page: PageNumber }>, predictions: Array<{ pageStart: PageNumber }>): MatchCounts {
  const matches = matchOneToOne(references, predictions, (expected, node) => (node.pageStart === expected.page ? 1 : null));
  return { reference: references.length, predicted: predictions.length, matched: matches.length };
}

export function addCounts(total: MatchCounts, counts: MatchCounts): MatchCounts {
  return {
    reference: total.reference + counts.reference,
    predicted: total.predicted + counts.predicted,
    matched: total.matched + counts.matched,
  };
}

export const emptyCounts: MatchCounts = { reference: 0, predicted: 0, matched: 0 };
