import type { ContextPassage } from '../../../src/answer/context-passage.ts';
import { pagePositions } from '../../../src/documents/page-names.ts';
import type { DocumentRecord } from '../../../src/documents/types.ts';
import type { SpaceId } from '../../../src/spaces/space-id.ts';

const record = { id: 'd1', space: 'web:test' as SpaceId, name: 'report.pdf' } as DocumentRecord;

/**
 * Passage [n] of report.pdf (section `000n`) with the given pages; a page without `rank` ranks by its
 * position in the list (0 = best).
 */
export function contextPassage(
  n: number,
  pageTexts: Array<{ page: number; text: string; rank?: number }>,
  figures: ContextPassage['figures'] = [],
): ContextPassage {
  return {
    n,
    record,
    documentId: 'd1',
    documentName: 'report.pdf',
    nodeId: `000${n}`,
    titlePath: [`Section ${n}`],
    pages: pageTexts.map(entry => entry.page),
    text: pageTexts.map(entry => entry.text).join('\n\n'),
    pageTexts: pageTexts.map((entry, index) => ({ page: entry.page, text: entry.text, rank: entry.rank ?? index })),
    figures,
    names: pagePositions,
  };
}
