import type { FilterValue } from 'weaviate-client';
import { everyDocument } from './document-queries.ts';
import type { DocumentProperties } from './serialize.ts';
import { orEmpty, type Documents } from './weaviate-objects.ts';

/** A committed document as page reads see it: its live version and that version's page statistics. */
export interface ScopeDocument {
  documentId: string;
  version: string;
  pageCount: number;
  /** Summed length of its pages, in terms. */
  pageLength: number;
}

const scopeProperties: Array<keyof DocumentProperties> = ['documentId', 'activeVersion', 'pagesVersion', 'unitCount', 'pageCount', 'pageLength'];
/** Up to this many listed documents are fetched by id; more, or a whole space, go through the live versions. */
const fetchByIdUpTo = 8;
const maxGroups = 100_000;
const maxRemembered = 200_000;
const maxTenants = 10_000;

/**
 * The committed documents of a space's tenant (or only some) with their page statistics: every page read
 * filters pages on these versions (like unit reads on activeVersions), so a commit flips pages and
 * statistics at once.
 *
 * A FolioDocument object carries the whole tree (megabytes for a long document), and Weaviate reads the
 * whole object even to return one property, so listing a space's documents costs far more than asking
 * which versions are live (a group-by over the filterable `activeVersion`). A version's document and
 * statistics never change once its pages are written, so they are remembered per version, in any
 * process: only versions not seen before are fetched. A whole tenant's list is kept with a fingerprint
 * (document count and sums of versionStamp and page counts, one Aggregate the filterable index answers)
 * and reused while the fingerprint is unchanged: any commit or deletion, in any process,
 * changes it (a re-commit leaves it unchanged with a chance of about 2^-32, see versionStamp).
 */
export class LiveDocuments {
  private readonly byVersion = new Map<string, ScopeDocument>();
  private readonly tenants = new Map<string, { fingerprint: string; written: ScopeDocument[] }>();

  /**
   * The committed documents in scope. `tenant` names the tenant `documents` reads. While the tenant's
   * fingerprint is that of its remembered list, listed documents are taken from that list too.
   */
  async of(documents: Documents, tenant: string, documentIds?: string[]): Promise<ScopeDocument[]> {
    const fingerprint = await fingerprintOf(documents);
    const known = this.tenants.get(tenant);
    if (known?.fingerprint === fingerprint) {
      if (!documentIds) return known.written;
      const asked = new Set(documentIds);
      return known.written.filter(document => asked.has(document.documentId));
    }
    if (documentIds && documentIds.length <= fetchByIdUpTo) {
      return this.remember(await fetchDocuments(documents, documents.filter.byProperty('documentId').containsAny(documentIds), documentIds.length));
    }
    if (documentIds) return this.ofVersions(documents, documentIds);
    // Read after the fingerprint: a change in between makes the next fingerprint differ, never the list stale.
    const found = await this.ofVersions(documents);
    if (this.tenants.size >= maxTenants) this.tenants.clear();
    this.tenants.set(tenant, { fingerprint, written: found });
    return found;
  }

  private async ofVersions(documents: Documents, documentIds?: string[]): Promise<ScopeDocument[]> {
    const versions = await liveVersions(documents, documentIds);
    if (!versions) return this.remember(await fetchDocuments(documents, undefined, 0));
    const known = new Map<string, ScopeDocument>();
    for (const version of versions) {
      const document = this.byVersion.get(version);
      if (document) known.set(version, document);
    }
    const unknown = versions.filter(version => !known.has(version));
    if (unknown.length === 0) return [...known.values()];
    const fetched = this.remember(await fetchDocuments(documents, documents.filter.byProperty('activeVersion').containsAny(unknown), unknown.length));
    for (const document of fetched) known.set(document.version, document);
    return versions.flatMap(version => known.get(version) ?? []);
  }

  private remember(found: Array<Partial<DocumentProperties>>): ScopeDocument[] {
    const written: ScopeDocument[] = [];
    for (const properties of found) {
      // Documents saved but never committed have activeVersion ''.
      if (!properties.activeVersion) continue;
      const document = {
        documentId: String(properties.documentId),
        version: properties.activeVersion,
        pageCount: Number(properties.pageCount ?? 0),
        pageLength: Number(properties.pageLength ?? 0),
      };
      if (this.byVersion.size >= maxRemembered) this.byVersion.clear();
      this.byVersion.set(document.version, document);
      written.push(document);
    }
    return written;
  }
}

/**
 * Changes whenever a document of the tenant is added, committed or removed, or its record
 * is written (a status change).
 */
export async function fingerprintOf(documents: Documents): Promise<string> {
  const result = await orEmpty(
    documents.aggregate.overAll({
      returnMetrics: [
        documents.metrics.aggregate('versionStamp').integer(['count', 'sum']),
        documents.metrics.aggregate('pageCount').integer(['sum']),
        documents.metrics.aggregate('recordStamp').integer(['count', 'sum']),
      ],
    }),
    null,
  );
  if (!result) return 'none';
  const { versionStamp, pageCount, recordStamp } = result.properties;
  return [result.totalCount, versionStamp?.count, versionStamp?.sum, pageCount?.sum, recordStamp?.count, recordStamp?.sum].join(':');
}

/** The distinct non-empty activeVersions of the tenant (or of some documents); undefined when there are too many to group. */
export async function liveVersions(documents: Documents, documentIds?: string[]): Promise<string[] | undefined> {
  const groups = await orEmpty(
    documents.aggregate.groupBy
      .overAll({
        groupBy: { property: 'activeVersion', limit: maxGroups },
        filters: documentIds ? documents.filter.byProperty('documentId').containsAny(documentIds) : undefined,
      })
      .catch(error => {
        // weaviate-client 3.12 rejects a group-by that matched no object instead of returning no groups.
        if (error instanceof Error && /no grouped results/i.test(error.message)) return [];
        throw error;
      }),
    [],
  );
  if (groups.length >= maxGroups) return undefined;
  return groups.map(group => String(group.groupedBy.value)).filter(Boolean);
}

/** Documents matching `filter` (every document of the tenant without one), with the scope properties. */
async function fetchDocuments(documents: Documents, filter: FilterValue | undefined, limit: number): Promise<Array<Partial<DocumentProperties>>> {
  if (!filter) {
    const found: Array<Partial<DocumentProperties>> = [];
    for await (const properties of everyDocument(documents, scopeProperties)) found.push(properties);
    return found;
  }
  const page = await orEmpty(documents.query.fetchObjects({ limit, filters: filter, returnProperties: scopeProperties }), null);
  return page?.objects.map(object => object.properties) ?? [];
}
