import type { Collection, FilterValue } from 'weaviate-client';
import type { DocumentRecord } from '../../documents/types.ts';
import { recordFromProperties, type DocumentProperties } from './serialize.ts';
import { orEmpty, pageSize, type Documents } from './weaviate-objects.ts';

/**
 * The live unit version of each committed document of a space (optionally only some documents). Every
 * read of units filters on these, which is what makes a commit atomic (see commit-version.ts).
 */
export async function activeVersions(documents: Documents, documentIds?: string[]): Promise<string[]> {
  if (documentIds) {
    const page = await orEmpty(
      documents.query.fetchObjects({
        limit: documentIds.length,
        filters: documents.filter.byProperty('documentId').containsAny(documentIds),
        returnProperties: ['activeVersion'],
      }),
      null,
    );
    // Documents saved but never committed have activeVersion ''.
    return page ? page.objects.map(object => object.properties.activeVersion).filter(Boolean) : [];
  }
  const versions: string[] = [];
  for await (const properties of everyDocument(documents, ['activeVersion'])) {
    if (properties.activeVersion) versions.push(properties.activeVersion);
  }
  return versions;
}

export async function documentsNamed(documents: Documents, name: string): Promise<DocumentRecord[]> {
  const page = await orEmpty(
    documents.query.fetchObjects({ limit: 10_000, filters: documents.filter.byProperty('name').equal(name), returnProperties: ['recordJson'] }),
    null,
  );
  return page ? page.objects.map(object => recordFromProperties(object.properties)) : [];
}

/** Oldest first, like the SQLite store. */
export async function listRecords(documents: Documents): Promise<DocumentRecord[]> {
  const records: DocumentRecord[] = [];
  for await (const properties of everyDocument(documents, ['recordJson'])) records.push(recordFromProperties(properties));
  return records.sort((left, right) => (left.createdAt < right.createdAt ? -1 : left.createdAt > right.createdAt ? 1 : left.id < right.id ? -1 : 1));
}

/**
 * The documents of every space (tenant) that match `filter`, with these properties, a handful of tenants
 * at a time (a cluster may hold thousands of spaces). `visit` runs each tenant's read (it activates an
 * inactive tenant); a tenant removed meanwhile counts as empty.
 */
export async function everyTenantMatching<Key extends keyof DocumentProperties>(
  collection: Collection<DocumentProperties, string, undefined>,
  filter: (documents: Documents) => FilterValue,
  properties: Key[],
  visit: <T>(tenant: string, read: () => Promise<T>) => Promise<T>,
): Promise<Array<Pick<DocumentProperties, Key>>> {
  const tenants = Object.keys(await collection.tenants.get());
  const found: Array<Pick<DocumentProperties, Key>> = [];
  for (let start = 0; start < tenants.length; start += 8) {
    const lists = await Promise.all(
      tenants.slice(start, start + 8).map(tenant =>
        visit(tenant, async () => {
          const documents = collection.withTenant(tenant);
          const page = await orEmpty(documents.query.fetchObjects({ limit: 10_000, filters: filter(documents), returnProperties: properties }), null);
          return page?.objects.map(object => object.properties as Pick<DocumentProperties, Key>) ?? [];
        }),
      ),
    );
    for (const list of lists) found.push(...list);
  }
  return found;
}

/**
 * Every document of a tenant, a result page at a time, paged by documentId. A filtered read: Weaviate
 * 1.39 reads a tenant without a filter (the cursor API included) about 20 times slower (400 documents of
 * 250 pages: ~2 s against ~100 ms), since each object, tree included, is read whole. Document ids are
 * ASCII (document-id.ts), for which the filter's order and the sort's agree.
 */
export async function* everyDocument<Key extends keyof DocumentProperties>(
  documents: Documents,
  properties: Key[],
): AsyncGenerator<Pick<DocumentProperties, Key>> {
  const returnProperties = [...new Set<keyof DocumentProperties>([...properties, 'documentId'])];
  for (let last = ''; ; ) {
    // Weaviate compares text too; the client's types allow GreaterThan on numbers and dates only.
    const after: FilterValue = { ...documents.filter.byProperty('documentId').equal(last), operator: 'GreaterThan' };
    const page = await orEmpty(
      documents.query.fetchObjects({ limit: pageSize, filters: after, sort: documents.sort.byProperty('documentId'), returnProperties }),
      null,
    );
    if (!page) return;
    for (const object of page.objects) yield object.properties as Pick<DocumentProperties, Key>;
    if (page.objects.length < pageSize) return;
    last = String(page.objects[page.objects.length - 1].properties.documentId);
  }
}
