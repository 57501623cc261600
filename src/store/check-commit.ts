import type { DocumentRecord } from '../documents/types.ts';
import { FolioError } from '../errors.ts';
import type { DocumentTree } from '../documents/document-tree.ts';
import type { IndexUnit } from './types.ts';

/**
 * Rejects a commit that would store inconsistent data, before anything is written: units of another
 * space or document, duplicate unit ids, or vectors of mixed or empty length / non-finite values.
 * Every KnowledgeStore calls it first, so they all fail the same way.
 */
export function checkCommit(input: { record: DocumentRecord; tree: DocumentTree; units: IndexUnit[] }): void {
  const { record, units } = input;
  const problems: string[] = [];
  if (input.tree.documentId !== record.id) problems.push(`tree belongs to ${input.tree.documentId}`);
  const ids = new Set<string>();
  const dimensions = units.find(unit => unit.vector)?.vector?.length;
  for (const unit of units) {
    if (unit.space !== record.space || unit.documentId !== record.id) problems.push(`unit ${unit.id} belongs to ${unit.space}/${unit.documentId}`);
    if (ids.has(unit.id)) problems.push(`duplicate unit id ${unit.id}`);
    ids.add(unit.id);
    if (!unit.vector) continue;
    if (unit.vector.length === 0 || unit.vector.length !== dimensions)
      problems.push(`unit ${unit.id} has a vector of ${unit.vector.length} dimensions, expected ${dimensions}`);
    else if (!unit.vector.every(Number.isFinite)) problems.push(`unit ${unit.id} has a non-finite vector value`);
    if (problems.length > 5) break;
  }
  if (problems.length === 0) return;
  throw new FolioError({
    code: 'internal',
    message: `cannot commit ${record.space}/${record.id}: ${problems.join('; ')}`,
    userMessage: 'That document could not be added to the search index; the previous version stays searchable. Please try again or report it.',
  });
}
