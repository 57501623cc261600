import type { DocumentRecord } from '../../documents/types.ts';
import { activeVersions, listRecords } from './document-queries.ts';
import { fingerprintOf, liveVersions } from './page-scope.ts';
import type { Documents } from './weaviate-objects.ts';

const maxTenants = 10_000;
const maxRecords = 100_000;

/**
 * What a tenant's document objects list — the live version of every committed document (what unit
 * searches filter on) and every record (what each question lists) — remembered with the tenant's
 * fingerprint (page-scope.ts). A FolioDocument object carries the whole tree and Weaviate reads the
 * whole object even to return one property: listing 400 documents of 250 pages takes ~100 ms (paged
 * with a filter, document-queries.ts), the fingerprint ~6 ms. Any commit, deletion or record
 * write, in any process, changes the fingerprint, so a list is reused only while it is current; it is
 * read after the fingerprint, so a change in between makes the next fingerprint differ, never a list
 * stale.
 */
export class TenantListings {
  private readonly versionLists = new Map<string, { fingerprint: string; versions: string[] }>();
  private readonly recordLists = new Map<string, { fingerprint: string; records: DocumentRecord[] }>();
  private heldRecords = 0;

  /** The live versions of the tenant's committed documents. */
  async versions(documents: Documents, tenant: string): Promise<string[]> {
    const fingerprint = await fingerprintOf(documents);
    const known = this.versionLists.get(tenant);
    if (known?.fingerprint === fingerprint) return known.versions;
    // A group-by over the filterable activeVersion reads no object (~200 ms for 400 documents).
    const versions = (await liveVersions(documents)) ?? (await activeVersions(documents));
    if (this.versionLists.size >= maxTenants) this.versionLists.clear();
    this.versionLists.set(tenant, { fingerprint, versions });
    return versions;
  }

  /** The tenant's records, oldest first (listRecords); a new array each call. */
  async records(documents: Documents, tenant: string): Promise<DocumentRecord[]> {
    const fingerprint = await fingerprintOf(documents);
    const known = this.recordLists.get(tenant);
    if (known?.fingerprint === fingerprint) {
      this.recordLists.delete(tenant);
      this.recordLists.set(tenant, known);
      return [...known.records];
    }
    const records = await listRecords(documents);
    this.holdRecords(tenant, { fingerprint, records });
    return [...records];
  }

  private holdRecords(tenant: string, held: { fingerprint: string; records: DocumentRecord[] }): void {
    this.forgetRecords(tenant);
    this.recordLists.set(tenant, held);
    this.heldRecords += held.records.length;
    for (const oldest of this.recordLists.keys()) {
      if (this.heldRecords <= maxRecords || oldest === tenant) break;
      this.forgetRecords(oldest);
    }
  }

  private forgetRecords(tenant: string): void {
    const records = this.recordLists.get(tenant);
    if (!records) return;
    this.heldRecords -= records.records.length;
    this.recordLists.delete(tenant);
  }
}
