import { randomUUID } from 'node:crypto';
import { Filters, generateUuid5, type FilterValue } from 'weaviate-client';
import type { DocumentRecord } from '../../documents/types.ts';
import type { DocumentTree } from '../../documents/document-tree.ts';
import { figureSha256s } from '../figure-sha256s.ts';
import type { IndexUnit } from '../types.ts';
import { insertObjects } from './insert-objects.ts';
import { pageObjects, type Pages } from './page-objects.ts';
import { unitVectorName } from './schema.ts';
import { compareUnits, recordToProperties, unitToProperties } from './serialize.ts';
import { deleteAll, documentUuid, type Documents, type Units } from './weaviate-objects.ts';

export interface CommitTarget {
  documents: Documents;
  units: Units;
  pages: Pages;
  batchSize: number;
  /** Units of a version that never went live (a crashed or lost commit) are swept after this long. */
  abandonedVersionAfterMs: number;
}

/**
 * Makes a new version of a document live, with versions instead of transactions.
 *
 * Weaviate has no multi-object transactions, but a single object write is atomic. So:
 * 1. insert the new units and page records, each tagged with a fresh `version` token (nothing reads them yet);
 * 2. write the document object with `activeVersion` = that token: record, tree, page statistics and
 *    pointer in one object write. This is the commit point;
 * 3. delete the units and pages of the version that was live before.
 * Every read of units and pages filters on the active versions of the documents that exist,
 * so readers see the old version until step 2 and the new one after it, never a mix. A failure before
 * step 2 deletes what step 1 wrote and leaves the previous state untouched. A failure after it only
 * leaves invisible units and pages, which the next commit of the document (or deleting it) removes.
 *
 * Step 3 deletes only versions known to be dead (the previously active one, or ones older than
 * `abandonedVersionAfterMs`): a concurrent commit of the same document may have units in flight.
 */
export async function commitVersion(target: CommitTarget, input: { record: DocumentRecord; tree: DocumentTree; units: IndexUnit[] }): Promise<void> {
  const { documents, units, pages } = target;
  const { record, tree } = input;
  const previous = await documents.query.fetchObjectById(documentUuid(record.id), { returnProperties: ['activeVersion'] });
  const createdAtMs = Date.now();
  const version = `${createdAtMs.toString(36)}-${randomUUID()}`;
  const objects = [...input.units].sort(compareUnits).map((unit, ordinal) => ({
    id: generateUuid5(`${version}:${unit.id}`),
    properties: unitToProperties(unit, version, ordinal, createdAtMs),
    vectors: unit.vector ? { [unitVectorName]: unit.vector } : undefined,
  }));

  const pageVersion = pageObjects(input.units, tree, version, createdAtMs, record.language);

  try {
    await insertObjects(units, objects, target.batchSize);
    await insertObjects(pages, pageVersion.objects, target.batchSize);
    const documentObject = {
      id: documentUuid(record.id),
      properties: {
        ...recordToProperties(record),
        activeVersion: version,
        treeJson: JSON.stringify(tree),
        figureSha256s: figureSha256s(tree),
        ...pageVersion.document,
      },
    };
    await insertObjects(documents, [documentObject], 1);
  } catch (error) {
    await deleteAll(units, units.filter.byProperty('version').equal(version)).catch(() => undefined);
    await deleteAll(pages, pages.filter.byProperty('version').equal(version)).catch(() => undefined);
    throw error;
  }

  // Filters are plain data: the unit collection's builders serve for pages too (same property names).
  const dead: FilterValue[] = [units.filter.byProperty('createdAtMs').lessThan(createdAtMs - target.abandonedVersionAfterMs)];
  if (previous?.properties.activeVersion) dead.push(units.filter.byProperty('version').equal(previous.properties.activeVersion));
  const deadVersions = Filters.and(
    units.filter.byProperty('documentId').equal(record.id),
    units.filter.byProperty('version').notEqual(version),
    dead.length === 1 ? dead[0] : Filters.or(...dead),
  );
  // Invisible leftovers when these fail; the next commit or deletion sweeps them.
  await deleteAll(units, deadVersions).catch(() => undefined);
  await deleteAll(pages, deadVersions).catch(() => undefined);
}
