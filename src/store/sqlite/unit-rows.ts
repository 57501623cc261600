import type { SpaceId } from '../../spaces/space-id.ts';
import type { TreeNodeKind } from '../../documents/document-tree.ts';
import type { IndexUnit } from '../types.ts';
import { filterTokens } from './filter-tokens.ts';
import { decodeVector, encodeVector } from './vector-codec.ts';

/** One row of the units table, as better-sqlite3 returns it. */
export interface UnitRow {
  row_id: number;
  id: string;
  space: string;
  document_id: string;
  document_name: string;
  node_id: string;
  page: number;
  part: number;
  kind: string;
  title_path: string;
  text: string;
  vector: Buffer | null;
}

export const unitColumns = 'u.row_id, u.id, u.space, u.document_id, u.document_name, u.node_id, u.page, u.part, u.kind, u.title_path, u.text, u.vector';
/** The same without the vector, for readers that only need text (decoding vectors dominates their cost). */
export const unitColumnsWithoutVector =
  'u.row_id, u.id, u.space, u.document_id, u.document_name, u.node_id, u.page, u.part, u.kind, u.title_path, u.text, NULL AS vector';

export function unitFromRow(row: UnitRow): IndexUnit {
  return {
    id: row.id,
    space: row.space as SpaceId,
    documentId: row.document_id,
    documentName: row.document_name,
    nodeId: row.node_id,
    titlePath: JSON.parse(row.title_path) as string[],
    kind: row.kind as TreeNodeKind,
    page: row.page,
    part: row.part,
    text: row.text,
    ...(row.vector ? { vector: decodeVector(row.vector) } : {}),
  };
}

export function rowFromUnit(unit: IndexUnit): Omit<UnitRow, 'row_id'> & { filter_tokens: string } {
  return {
    filter_tokens: filterTokens(unit.space, unit.documentId),
    id: unit.id,
    space: unit.space,
    document_id: unit.documentId,
    document_name: unit.documentName,
    node_id: unit.nodeId,
    page: unit.page,
    part: unit.part,
    kind: unit.kind,
    title_path: JSON.stringify(unit.titlePath),
    text: unit.text,
    vector: unit.vector ? encodeVector(unit.vector) : null,
  };
}
