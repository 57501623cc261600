import { generateUuid5, type Collection, type FilterValue } from 'weaviate-client';
import { unitVectorName } from './schema.ts';
import type { DocumentProperties, UnitProperties } from './serialize.ts';
import { isTenantNotFound, weaviateWriteFailed } from './weaviate-errors.ts';

/** One space's tenant of each collection. */
export type Documents = Collection<DocumentProperties, string, undefined>;
export type Units = Collection<UnitProperties, string, undefined>;

/** What a search hit or getUnits needs; the bigram and bookkeeping properties stay on the server. */
export const unitReturnProperties: Array<keyof UnitProperties> = [
  'unitId',
  'spaceId',
  'documentId',
  'documentName',
  'nodeId',
  'titlePath',
  'kind',
  'page',
  'part',
  'text',
];

/** Objects per read request; Weaviate's QUERY_MAXIMUM_RESULTS (default 10,000) caps limit + offset. */
export const pageSize = 1000;

/** One FolioDocument object per document, at a uuid derived from its id (ids are unique per space = tenant). */
export function documentUuid(documentId: string): string {
  return generateUuid5(documentId);
}

export function vectorOf(vectors: Record<string, unknown> | undefined): number[] | undefined {
  const vector = vectors?.[unitVectorName];
  return Array.isArray(vector) && typeof vector[0] === 'number' ? (vector as number[]) : undefined;
}

/** A space never written to has no tenant; reading it is an empty result, not an error. */
export async function orEmpty<T>(pending: Promise<T>, empty: T): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (isTenantNotFound(error)) return empty;
    throw error;
  }
}

/** deleteMany removes at most QUERY_MAXIMUM_RESULTS objects per call, so repeat until nothing matches. */
export async function deleteAll<T>(collection: Collection<T, string, undefined>, where: FilterValue): Promise<void> {
  for (let round = 0; round < 1000; round += 1) {
    const result = await orEmpty(collection.data.deleteMany(where), null);
    if (!result || result.matches === 0) return;
    if (result.failed > 0) throw weaviateWriteFailed(`${result.failed} objects could not be deleted`);
  }
}
