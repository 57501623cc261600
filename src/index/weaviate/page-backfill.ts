import { Filters } from 'weaviate-client';
import type { IndexUnit } from '../types.ts';
import { insertObjects } from './insert-objects.ts';
import { pageObjects, type Pages } from './page-objects.ts';
import { treeFromProperties, unitFromProperties, type DocumentProperties } from './serialize.ts';
import { deleteAll, documentUuid, orEmpty, pageSize, unitReturnProperties, type Documents, type Units } from './weaviate-objects.ts';

/**
 * True when the document object describes `version`'s pages as this Folio writes them: page statistics
 * and unit counts. A document committed before Folio kept page records has neither; one committed
 * before it counted units has pages but no `unitCount`.
 */
export function hasPageRecords(properties: Pick<DocumentProperties, 'pagesVersion' | 'unitCount'>, version: string): boolean {
  return properties.pagesVersion === version && typeof properties.unitCount === 'number';
}

/**
 * Writes the page records of a document committed before Folio kept them as it does now (hasPageRecords),
 * from its live units and tree, lazily: page reads and unit searches call this for documents in their
 * scope without them, so an upgraded cluster needs no migration step and a space nobody asks about costs
 * nothing. Pages already written are written again (the same uuids: replaced), with their tree pages. The pages go in under the live version, then the page statistics are merged onto the document
 * object with `pagesVersion` = that version; only then do page reads use the document.
 *
 * Callers run it per document in call order with commits and deletions of this process. Across processes
 * it is safe to race: page uuids come from version + page (a second backfill replaces, never adds), and
 * if a commit elsewhere makes another version live meanwhile, the statistics merged here name the old
 * version, so readers see `pagesVersion` ≠ `activeVersion` and backfill again from the new one. Pages
 * written for a version that is no longer live are invisible and swept like abandoned unit versions.
 */
export async function backfillPages(target: { documents: Documents; units: Units; pages: Pages; batchSize: number }, documentId: string): Promise<void> {
  const { documents, units, pages } = target;
  const id = documentUuid(documentId);
  const current = await orEmpty(documents.query.fetchObjectById(id, { returnProperties: ['activeVersion', 'pagesVersion', 'unitCount', 'treeJson'] }), null);
  const version = current?.properties.activeVersion;
  if (!current || !version || hasPageRecords(current.properties, version)) return;
  const { objects, document } = pageObjects(await unitsOfVersion(units, version), treeFromProperties(current.properties) ?? {}, version, Date.now());
  await insertObjects(pages, objects, target.batchSize);
  try {
    await documents.data.update({ id, properties: document });
  } catch (error) {
    if ((await orEmpty(documents.query.fetchObjectById(id, { returnProperties: ['documentId'] }), null)) !== null) throw error;
    // Deleted by another process meanwhile, possibly after it deleted the pages: remove what was written here.
    await deleteAll(pages, pages.filter.byProperty('version').equal(version));
  }
}

/** One version's units in document order, without vectors, paged by ordinal like getUnits. */
async function unitsOfVersion(units: Units, version: string): Promise<IndexUnit[]> {
  const found: IndexUnit[] = [];
  for (let lastOrdinal = -1; ; ) {
    const page = await units.query.fetchObjects({
      limit: pageSize,
      filters: Filters.and(units.filter.byProperty('version').equal(version), units.filter.byProperty('ordinal').greaterThan(lastOrdinal)),
      sort: units.sort.byProperty('ordinal'),
      returnProperties: [...unitReturnProperties, 'ordinal'],
    });
    for (const object of page.objects) found.push(unitFromProperties(object.properties));
    if (page.objects.length < pageSize) return found;
    lastOrdinal = Number(page.objects[page.objects.length - 1].properties.ordinal);
  }
}
