import { randomBytes } from 'node:crypto';
import type { DocumentRecord } from '../../../src/documents/types.ts';
import type { DocumentTree } from '../../../src/documents/document-tree.ts';
import type { IndexUnit } from '../../../src/store/types.ts';
import { parseSpaceId, type SpaceId } from '../../../src/spaces/space-id.ts';

/** A space no other test run uses, so parallel runs against one server never share a tenant. */
export function uniqueSpace(label: string): SpaceId {
  return parseSpaceId(`web:wvtest-${label}-${randomBytes(5).toString('hex')}`);
}

export function makeRecord(space: SpaceId, id: string, name: string, overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  const now = new Date().toISOString();
  return {
    id,
    space,
    name,
    mime: 'application/pdf',
    sha256: `sha-${id}`,
    sizeBytes: 1000,
    pageCount: 3,
    status: 'indexing',
    source: { platform: 'cli' },
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function makeTree(documentId: string, figureSha256?: string): DocumentTree {
  return {
    documentId,
    totalPages: 3,
    nodes: [
      {
        nodeId: '0001',
        title: 'Results',
        kind: 'section',
        level: 0,
        pageStart: 1,
        pageEnd: 3,
        text: '',
        pageTexts: [],
        children: figureSha256
          ? [
              {
                nodeId: '0002',
                title: 'Figure 1',
                kind: 'figure',
                level: 1,
                pageStart: 2,
                pageEnd: 2,
                text: 'a chart',
                pageTexts: [{ page: 2, text: 'a chart' }],
                figure: { sha256: figureSha256, widthPx: 10, heightPx: 10, source: 'raster' },
                children: [],
              },
            ]
          : [],
      },
    ],
  };
}

export function makeUnit(record: DocumentRecord, nodeId: string, page: number, text: string, vector?: number[], part = 0): IndexUnit {
  return {
    id: `${record.id}:${nodeId}:${page}:${part}`,
    space: record.space,
    documentId: record.id,
    documentName: record.name,
    nodeId,
    titlePath: ['Results', `Section ${nodeId}`],
    kind: 'section',
    page,
    part,
    text,
    vector,
  };
}
