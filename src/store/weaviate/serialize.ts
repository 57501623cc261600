import { createHash } from 'node:crypto';
import type { DocumentRecord } from '../../documents/types.ts';
import type { DocumentTree, TreeNodeKind } from '../../documents/document-tree.ts';
import type { SpaceId } from '../../spaces/space-id.ts';
import type { IndexUnit } from '../types.ts';
import { cjkBigrams } from '../../text/cjk-bigrams.ts';

/** Properties of a FolioUnit object. */
export type UnitProperties = {
  unitId: string;
  documentId: string;
  version: string;
  nodeId: string;
  spaceId: string;
  documentName: string;
  kind: string;
  page: number;
  part: number;
  ordinal: number;
  createdAtMs: number;
  text: string;
  titlePath: string[];
  cjkText: string;
};

/** Properties of a FolioDocument object; activeVersion is '' until a version has been committed. */
export type DocumentProperties = {
  documentId: string;
  spaceId: string;
  name: string;
  sha256: string;
  activeVersion: string;
  figureSha256s: string[];
  updatedAt: string;
  createdAt: string;
  recordJson: string;
  treeJson: string;
  /** Page statistics of the version named by pagesVersion (page-objects.ts); absent until its pages are written. */
  pageCount?: number;
  pageLength?: number;
  /** The distinct page terms, space-separated. */
  pageTerms?: string;
  /** How many pages hold each term of pageTerms, in its order, space-separated. */
  pageTermPages?: string;
  pagesVersion?: string;
  /**
   * Unit statistics of the same version, as the SQLite store's FTS5 table would count its units
   * (unit-words.ts): how many, their summed length in terms, their distinct terms and, in that order,
   * how many units hold each.
   */
  unitCount?: number;
  unitLength?: number;
  unitTerms?: string;
  unitTermUnits?: string;
  versionStamp?: number;
  /** stampOf(recordJson), written with it: a tenant's sum changes whenever any record does (tenant-listings.ts). */
  recordStamp?: number;
};

export function unitToProperties(unit: IndexUnit, version: string, ordinal: number, createdAtMs: number): UnitProperties {
  return {
    unitId: unit.id,
    documentId: unit.documentId,
    version,
    nodeId: unit.nodeId,
    spaceId: unit.space,
    documentName: unit.documentName,
    kind: unit.kind,
    page: unit.page,
    part: unit.part,
    ordinal,
    createdAtMs,
    text: unit.text,
    titlePath: unit.titlePath,
    cjkText: cjkBigrams(`${unit.titlePath.join(' ')} ${unit.text}`),
  };
}

export function unitFromProperties(properties: Partial<UnitProperties>, vector?: number[]): IndexUnit {
  const unit: IndexUnit = {
    id: String(properties.unitId),
    space: String(properties.spaceId) as SpaceId,
    documentId: String(properties.documentId),
    documentName: String(properties.documentName ?? ''),
    nodeId: String(properties.nodeId),
    // Weaviate returns an absent (not empty) array for a stored [].
    titlePath: properties.titlePath ?? [],
    kind: properties.kind as TreeNodeKind,
    page: Number(properties.page),
    part: Number(properties.part ?? 0),
    text: properties.text ?? '',
  };
  if (vector && vector.length > 0) unit.vector = vector;
  return unit;
}

/** Record fields only: writing these never touches the committed version or the tree. */
export function recordToProperties(record: DocumentRecord): Omit<DocumentProperties, 'activeVersion' | 'treeJson' | 'figureSha256s'> {
  const recordJson = JSON.stringify(record);
  return {
    documentId: record.id,
    spaceId: record.space,
    name: record.name,
    sha256: record.sha256,
    updatedAt: record.updatedAt,
    createdAt: record.createdAt,
    recordJson,
    recordStamp: stampOf(recordJson),
  };
}

/**
 * 32 bits of the text's hash: sums over 100,000 documents stay exact in a double (Weaviate returns
 * sums as floats), and a change leaves a tenant's sum unchanged with a chance of about 2^-32.
 */
export function stampOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

export function recordFromProperties(properties: Partial<DocumentProperties>): DocumentRecord {
  return JSON.parse(String(properties.recordJson)) as DocumentRecord;
}

export function treeFromProperties(properties: Partial<DocumentProperties>): DocumentTree | null {
  return properties.treeJson ? (JSON.parse(properties.treeJson) as DocumentTree) : null;
}

/** Document order of units: node, then page, then part. */
export function compareUnits(left: IndexUnit, right: IndexUnit): number {
  if (left.nodeId !== right.nodeId) return left.nodeId < right.nodeId ? -1 : 1;
  return left.page - right.page || left.part - right.part;
}
