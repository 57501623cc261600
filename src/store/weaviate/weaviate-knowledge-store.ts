import { Filters, type Collection, type ConsistencyLevel, type FilterValue, type WeaviateClient } from 'weaviate-client';
import type { DocumentRecord } from '../../documents/types.ts';
import type { DocumentTree } from '../../documents/document-tree.ts';
import type { SpaceId } from '../../spaces/space-id.ts';
import { checkCommit } from '../check-commit.ts';
import type { IndexUnit, KnowledgeStore, LexicalQuery, PageRecord, ScopedQuery, UnitHit, UnitMatches, VectorQuery, VectorsQuery } from '../types.ts';
import { commitVersion } from './commit-version.ts';
import { connectWeaviate, type WeaviateConnectionOptions } from './connect-weaviate.ts';
import { activeVersions, documentsNamed, everyTenantMatching } from './document-queries.ts';
import { mergeSpaceHits } from '../merge-space-hits.ts';
import type { PageProperties, Pages } from './page-objects.ts';
import { WeaviatePageIndex } from './page-queries.ts';
import { documentCollectionName, ensureSchema, pageCollectionName, unitCollectionName, unitVectorName } from './schema.ts';
import { SerialByKey } from './serial-by-key.ts';
import { SpaceTenants } from './space-tenants.ts';
import {
  compareUnits,
  recordFromProperties,
  recordToProperties,
  treeFromProperties,
  unitFromProperties,
  type DocumentProperties,
  type UnitProperties,
} from './serialize.ts';
import { TenantListings } from './tenant-listings.ts';
import { tenantNameForSpace } from './tenant-name.ts';
import { isDimensionMismatch } from './weaviate-errors.ts';
import { deleteAll, documentUuid, orEmpty, pageSize, unitReturnProperties, vectorOf, type Documents, type Units } from './weaviate-objects.ts';
import { WeaviateRest } from './weaviate-rest.ts';
import { searchUnitsLexically } from './unit-lexical-search.ts';
import { pickNamedDocument } from '../pick-named-document.ts';
import type { TreePage } from '../tree-pages.ts';

export interface WeaviateKnowledgeStoreOptions extends WeaviateConnectionOptions {
  /** Objects per gRPC batch request. */
  batchSize?: number;
  /** Units of a version that never went live are swept after this long (a crashed or lost commit). */
  abandonedVersionAfterMs?: number;
  /** replicationConfig.factor of the collections (WEAVIATE_REPLICATION_FACTOR); see ReplicationSettings in schema.ts. */
  replicationFactor?: number;
  /** Replicas that must acknowledge every read and write of objects (WEAVIATE_CONSISTENCY_LEVEL); unset: the server's defaults. */
  consistencyLevel?: ConsistencyLevel;
  /** Deactivate a space's unit tenant once this process has not used it for this long (WEAVIATE_TENANT_IDLE_MINUTES); 0 or absent: never. */
  tenantIdleMs?: number;
  /** How often idle tenants are looked for (tests shorten it); see SpaceTenants. */
  tenantIdleCheckMs?: number;
}

/**
 * KnowledgeStore on Weaviate: collections FolioDocument (record + tree JSON, one object per document),
 * FolioUnit (search units with client-side vectors) and FolioPage (page records, page-queries.ts), all
 * multi-tenant with one tenant per space, so every read names a tenant and isolation between spaces is structural. Commits are atomic through versions
 * (commit-version.ts). Calls on one document are applied in call order within this process.
 */
export class WeaviateKnowledgeStore implements KnowledgeStore {
  readonly kind = 'weaviate' as const;
  private readonly options: WeaviateKnowledgeStoreOptions;
  private readonly rest: WeaviateRest;
  private connecting: Promise<WeaviateClient> | null = null;
  private readonly tenants: SpaceTenants;
  private readonly perDocument = new SerialByKey();
  private readonly listings = new TenantListings();
  private readonly pageIndex: WeaviatePageIndex;

  constructor(options: WeaviateKnowledgeStoreOptions) {
    this.options = options;
    this.rest = new WeaviateRest({ url: options.url, apiKey: options.apiKey });
    this.tenants = new SpaceTenants({ client: () => this.client(), rest: this.rest, idleMs: options.tenantIdleMs, idleCheckMs: options.tenantIdleCheckMs });
    this.pageIndex = new WeaviatePageIndex({
      documents: space => this.documents(space),
      pages: space => this.pages(space),
      read: (space, operation) => this.tenants.read(space, operation),
    });
  }

  async saveRecord(record: DocumentRecord): Promise<void> {
    await this.perDocument.run(documentKey(record.space, record.id), () =>
      this.tenants.write(record.space, async () => {
        const documents = await this.documents(record.space);
        const id = documentUuid(record.id);
        const properties = recordToProperties(record);
        // fetchObjectById rather than exists(): exists() reports an inactive or missing tenant as a bare 422.
        const exists = async () => (await documents.query.fetchObjectById(id, { returnProperties: ['documentId'] })) !== null;
        // A merge update keeps activeVersion and treeJson: during a re-ingest the last version stays live.
        if (await exists()) return documents.data.update({ id, properties });
        try {
          await documents.data.insert({ id, properties: { ...properties, activeVersion: '', treeJson: '', figureSha256s: [] } });
        } catch (error) {
          // Another process created it meanwhile.
          if (!(await exists())) throw error;
          await documents.data.update({ id, properties });
        }
      }),
    );
  }

  async commitDocument(input: { record: DocumentRecord; tree: DocumentTree; units: IndexUnit[] }): Promise<{ replacedDocumentIds: string[] }> {
    checkCommit(input);
    const record: DocumentRecord = { ...input.record, status: 'ready' };
    return this.perDocument.run(documentKey(record.space, record.id), () =>
      this.tenants.write(record.space, async () => {
        const documents = await this.documents(record.space);
        const units = await this.units(record.space);
        const replaced = (await documentsNamed(documents, record.name)).filter(other => other.id !== record.id);
        await commitVersion(
          {
            documents,
            units,
            pages: await this.pages(record.space),
            batchSize: this.options.batchSize ?? 500,
            abandonedVersionAfterMs: this.options.abandonedVersionAfterMs ?? 3_600_000,
          },
          { record, tree: input.tree, units: input.units },
        );
        // Not through perDocument: two same-name commits replacing each other would wait on each other.
        for (const other of replaced) await this.removeDocument(record.space, other.id);
        return { replacedDocumentIds: replaced.map(other => other.id) };
      }),
    );
  }

  async getRecord(space: SpaceId, documentId: string): Promise<DocumentRecord | null> {
    return this.tenants.read(space, async () => {
      const documents = await this.documents(space);
      const found = await orEmpty(documents.query.fetchObjectById(documentUuid(documentId), { returnProperties: ['recordJson'] }), null);
      return found ? recordFromProperties(found.properties) : null;
    });
  }

  async findDocument(space: SpaceId, idOrName: string): Promise<DocumentRecord | null> {
    const byId = await this.getRecord(space, idOrName);
    if (byId) return byId;
    return this.tenants.read(space, async () => pickNamedDocument(await documentsNamed(await this.documents(space), idOrName)));
  }

  async listDocuments(space: SpaceId): Promise<DocumentRecord[]> {
    return this.tenants.read(space, async () => this.listings.records(await this.documents(space), space));
  }

  async getTree(space: SpaceId, documentId: string): Promise<DocumentTree | null> {
    return this.tenants.read(space, async () => {
      const documents = await this.documents(space);
      const found = await orEmpty(documents.query.fetchObjectById(documentUuid(documentId), { returnProperties: ['treeJson'] }), null);
      return found ? treeFromProperties(found.properties) : null;
    });
  }

  /** From the page objects, which hold their tree page. */
  async getTreePages(space: SpaceId, documentId: string, pages: number[]): Promise<TreePage[]> {
    return this.pageIndex.treePages(space, documentId, pages);
  }

  async getUnits(space: SpaceId, documentId: string, nodeIds?: string[], options: { vectors?: boolean } = {}): Promise<IndexUnit[]> {
    if (nodeIds && nodeIds.length === 0) return [];
    return this.tenants.read(space, () => this.readUnits(space, documentId, nodeIds, options));
  }

  async deleteDocument(space: SpaceId, documentId: string): Promise<boolean> {
    // A read, not a write: deleting from a space without a tenant creates none.
    return this.perDocument.run(documentKey(space, documentId), () => this.tenants.read(space, () => this.removeDocument(space, documentId)));
  }

  async countDocumentsWithSha(sha256: string): Promise<number> {
    const matching = (documents: Documents) =>
      Filters.or(documents.filter.byProperty('sha256').equal(sha256), documents.filter.byProperty('figureSha256s').containsAny([sha256]));
    return (await everyTenantMatching(await this.documentCollection(), matching, ['documentId'], (tenant, read) => this.tenants.visit(tenant, read))).length;
  }

  async sha256sInUse(sha256s: string[]): Promise<Set<string>> {
    const wanted = [...new Set(sha256s)];
    const used = new Set<string>();
    // A few hundred values per filter keep each request small; each chunk is one walk over the tenants.
    for (let start = 0; start < wanted.length; start += 200) {
      const chunk = wanted.slice(start, start + 200);
      const matching = (documents: Documents) =>
        Filters.or(documents.filter.byProperty('sha256').containsAny(chunk), documents.filter.byProperty('figureSha256s').containsAny(chunk));
      const found = await everyTenantMatching(await this.documentCollection(), matching, ['sha256', 'figureSha256s'], (tenant, read) =>
        this.tenants.visit(tenant, read),
      );
      const asked = new Set(chunk);
      for (const properties of found) for (const sha256 of [properties.sha256, ...(properties.figureSha256s ?? [])]) if (asked.has(sha256)) used.add(sha256);
    }
    return used;
  }

  /** Units by their words (unit-lexical-search.ts), one match per space of the query. */
  async matchUnits(query: LexicalQuery): Promise<UnitMatches[]> {
    // Punctuation alone has no tokens: nothing can match.
    if (!/[\p{L}\p{N}]/u.test(query.text)) return [];
    return this.searchEachSpace(query, (units, filters, space) => searchUnitsLexically(units, filters, query, space, this.pageIndex), { hits: [] });
  }

  async searchVector(query: VectorQuery): Promise<UnitHit[]> {
    if (query.vector.length === 0) return [];
    const lists = await this.searchEachSpace(
      query,
      async (units, filters) => {
        const result = await units.query
          .nearVector(query.vector, {
            limit: query.k,
            filters,
            targetVector: unitVectorName,
            returnMetadata: ['distance'],
            returnProperties: unitReturnProperties,
          })
          .catch(error => {
            // The space's vectors come from another model (other length): like the SQLite store, nothing matches.
            if (isDimensionMismatch(error)) return { objects: [] };
            throw error;
          });
        // Cosine distance is 1 - cosine similarity.
        return result.objects.map(object => ({ unit: unitFromProperties(object.properties), score: 1 - (object.metadata?.distance ?? 1) }));
      },
      [],
    );
    return mergeSpaceHits(lists, query.k, 'cosine');
  }

  /** Weaviate searches each vector on the server; the requests go out together. */
  async searchVectors(query: VectorsQuery): Promise<UnitHit[][]> {
    return Promise.all(query.vectors.map(vector => this.searchVector({ ...query, vector })));
  }

  /** Page records live in FolioPage; page-queries.ts implements these. */
  searchPages(query: Parameters<KnowledgeStore['searchPages']>[0]): Promise<PageRecord[]> {
    return this.pageIndex.search(query);
  }

  pageStatistics(query: Parameters<KnowledgeStore['pageStatistics']>[0]): ReturnType<KnowledgeStore['pageStatistics']> {
    return this.pageIndex.pageStatistics(query);
  }

  documentStatistics(query: Parameters<KnowledgeStore['documentStatistics']>[0]): ReturnType<KnowledgeStore['documentStatistics']> {
    return this.pageIndex.documentStatistics(query);
  }

  getPages(space: SpaceId, documentId: string, options?: { terms?: boolean }): Promise<PageRecord[]> {
    return this.pageIndex.getPages(space, documentId, options);
  }

  documentVocabulary(space: SpaceId, documentId: string): Promise<string[]> {
    return this.pageIndex.documentVocabulary(space, documentId);
  }

  /** Nothing to ready: the client connects on first use (a server may start before Weaviate is up). */
  async warmUp(): Promise<void> {}

  /** Drops the space's tenant from every collection: records, trees, units and pages go in one step per collection. */
  async deleteSpace(space: SpaceId): Promise<number> {
    const documents = await this.tenants.read(space, async () =>
      orEmpty(
        (await this.documents(space)).aggregate.overAll().then(result => result.totalCount),
        0,
      ),
    );
    await this.tenants.remove(space);
    return documents;
  }

  /** One idle-tenant check now (tests); the tenants it deactivated. The timer runs it otherwise. */
  deactivateIdleTenants(): Promise<string[]> {
    return this.tenants.deactivateIdle();
  }

  async close(): Promise<void> {
    this.tenants.close();
    const connecting = this.connecting;
    this.connecting = null;
    if (connecting) await (await connecting.catch(() => null))?.close();
  }

  private async readUnits(space: SpaceId, documentId: string, nodeIds: string[] | undefined, options: { vectors?: boolean }): Promise<IndexUnit[]> {
    const versions = await activeVersions(await this.documents(space), [documentId]);
    if (versions.length === 0) return [];
    const units = await this.units(space);
    const scope: FilterValue[] = [units.filter.byProperty('version').equal(versions[0])];
    if (nodeIds) scope.push(units.filter.byProperty('nodeId').containsAny(nodeIds));
    const found: IndexUnit[] = [];
    // Paged by ordinal rather than offset: a long document may have more units than offsets reach.
    for (let lastOrdinal = -1; ; ) {
      const page = await units.query.fetchObjects({
        limit: pageSize,
        filters: Filters.and(...scope, units.filter.byProperty('ordinal').greaterThan(lastOrdinal)),
        sort: units.sort.byProperty('ordinal'),
        returnProperties: [...unitReturnProperties, 'ordinal'],
        includeVector: options.vectors === false ? false : [unitVectorName],
      });
      for (const object of page.objects) found.push(unitFromProperties(object.properties, options.vectors === false ? undefined : vectorOf(object.vectors)));
      if (page.objects.length < pageSize) break;
      lastOrdinal = Number(page.objects[page.objects.length - 1].properties.ordinal);
    }
    return found.sort(compareUnits);
  }

  private async removeDocument(space: SpaceId, documentId: string): Promise<boolean> {
    const documents = await this.documents(space);
    const units = await this.units(space);
    // fetchObjectById rather than exists(): on a never-written space exists() fails with a bare 422.
    const existing = await orEmpty(documents.query.fetchObjectById(documentUuid(documentId), { returnProperties: ['documentId'] }), null);
    if (!existing) return false;
    // Record first: from then on no read finds an active version, so the units are already invisible.
    await documents.data.deleteById(documentUuid(documentId));
    await deleteAll(units, units.filter.byProperty('documentId').equal(documentId));
    const pages = await this.pages(space);
    await deleteAll(pages, pages.filter.byProperty('documentId').equal(documentId));
    return true;
  }

  /** `search` in each space of the query that has live versions in scope; `nothing` stands for a space it could not search. */
  private async searchEachSpace<Found>(
    query: ScopedQuery,
    search: (units: Units, filters: FilterValue, space: SpaceId) => Promise<Found>,
    nothing: Found,
  ): Promise<Found[]> {
    if (query.k <= 0 || query.spaces.length === 0) return [];
    if (query.documentIds && query.documentIds.length === 0) return [];
    return Promise.all(
      [...new Set(query.spaces)].map(space =>
        this.tenants.read(space, async () => {
          const documents = await this.documents(space);
          const versions = query.documentIds ? await activeVersions(documents, query.documentIds) : await this.listings.versions(documents, space);
          if (versions.length === 0) return nothing;
          const units = await this.units(space);
          return orEmpty(search(units, units.filter.byProperty('version').containsAny(versions), space), nothing);
        }),
      ),
    );
  }

  private client(): Promise<WeaviateClient> {
    if (!this.connecting) {
      this.connecting = (async () => {
        const client = await connectWeaviate(this.options);
        await ensureSchema(this.rest, { factor: this.options.replicationFactor });
        return client;
      })();
      // A failed start (server down) is retried by the next call instead of being remembered.
      this.connecting.catch(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private async documents(space: SpaceId): Promise<Documents> {
    const client = await this.client();
    return this.consistent(client.collections.use<string, DocumentProperties>(documentCollectionName)).withTenant(tenantNameForSpace(space));
  }

  private async pages(space: SpaceId): Promise<Pages> {
    const client = await this.client();
    return this.consistent(client.collections.use<string, PageProperties>(pageCollectionName)).withTenant(tenantNameForSpace(space));
  }

  private async units(space: SpaceId): Promise<Units> {
    const client = await this.client();
    return this.consistent(client.collections.use<string, UnitProperties>(unitCollectionName)).withTenant(tenantNameForSpace(space));
  }

  private async documentCollection() {
    const client = await this.client();
    return this.consistent(client.collections.use<string, DocumentProperties>(documentCollectionName));
  }

  /**
   * Every object read and write goes through a collection from here, so all of them use the configured
   * consistency level (the client sends it on gRPC searches and batches and as `consistency_level` on
   * its REST object calls). Tenant and schema changes go through Raft and take no level.
   */
  private consistent<Properties>(collection: Collection<Properties, string, undefined>): Collection<Properties, string, undefined> {
    return this.options.consistencyLevel ? collection.withConsistency(this.options.consistencyLevel) : collection;
  }
}

function documentKey(space: SpaceId, documentId: string): string {
  return `${space}\n${documentId}`;
}
