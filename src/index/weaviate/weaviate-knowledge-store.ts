import { Filters, type FilterValue, type WeaviateClient } from 'weaviate-client';
import type { DocumentRecord } from '../../documents/types.ts';
import type { DocumentTree } from '../../ingest/types.ts';
import type { SpaceId } from '../../spaces/space-id.ts';
import { checkCommit } from '../check-commit.ts';
import type { IndexUnit, KnowledgeStore, LexicalQuery, ScopedQuery, UnitHit, VectorQuery, VectorsQuery } from '../types.ts';
import { cjkBigrams, containsCjk } from './cjk-bigrams.ts';
import { commitVersion } from './commit-version.ts';
import { connectWeaviate, type WeaviateConnectionOptions } from './connect-weaviate.ts';
import { activeVersions, countDocumentsWithSha, documentsNamed, listRecords } from './document-queries.ts';
import { mergeSpaceHits } from './merge-space-hits.ts';
import { documentCollectionName, ensureSchema, unitCollectionName, unitVectorName } from './schema.ts';
import { SerialByKey } from './serial-by-key.ts';
import { compareUnits, recordFromProperties, recordToProperties, treeFromProperties, unitFromProperties, type DocumentProperties, type UnitProperties } from './serialize.ts';
import { tenantNameForSpace } from './tenant-name.ts';
import { isDimensionMismatch, weaviateWriteFailed } from './weaviate-errors.ts';
import { deleteAll, documentUuid, orEmpty, pageSize, unitReturnProperties, vectorOf, type Documents, type Units } from './weaviate-objects.ts';
import { WeaviateRest } from './weaviate-rest.ts';
import { pickNamedDocument } from '../pick-named-document.ts';

export interface WeaviateKnowledgeStoreOptions extends WeaviateConnectionOptions {
  /** Objects per gRPC batch request. */
  batchSize?: number;
  /** Units of a version that never went live are swept after this long (a crashed or lost commit). */
  abandonedVersionAfterMs?: number;
}

/**
 * KnowledgeStore on Weaviate: collections FolioDocument (record + tree JSON, one object per document) and
 * FolioUnit (search units with client-side vectors), both multi-tenant with one tenant per space, so every
 * read names a tenant and isolation between spaces is structural. Commits are atomic through versions
 * (commit-version.ts). Calls on one document are applied in call order within this process.
 */
export class WeaviateKnowledgeStore implements KnowledgeStore {
  readonly kind = 'weaviate' as const;
  private readonly options: WeaviateKnowledgeStoreOptions;
  private readonly rest: WeaviateRest;
  private connecting: Promise<WeaviateClient> | null = null;
  private readonly knownTenants = new Set<string>();
  private readonly perDocument = new SerialByKey();

  constructor(options: WeaviateKnowledgeStoreOptions) {
    this.options = options;
    this.rest = new WeaviateRest({ url: options.url, apiKey: options.apiKey });
  }

  async saveRecord(record: DocumentRecord): Promise<void> {
    await this.perDocument.run(documentKey(record.space, record.id), async () => {
      const documents = await this.writableDocuments(record.space);
      const id = documentUuid(record.id);
      const properties = recordToProperties(record);
      // A merge update keeps activeVersion and treeJson: during a re-ingest the last version stays live.
      if (await documents.data.exists(id)) return documents.data.update({ id, properties });
      try {
        await documents.data.insert({ id, properties: { ...properties, activeVersion: '', treeJson: '', figureSha256s: [] } });
      } catch (error) {
        // Another process created it meanwhile.
        if (!(await documents.data.exists(id))) throw error;
        await documents.data.update({ id, properties });
      }
    });
  }

  async commitDocument(input: { record: DocumentRecord; tree: DocumentTree; units: IndexUnit[] }): Promise<{ replacedDocumentIds: string[] }> {
    checkCommit(input);
    const record: DocumentRecord = { ...input.record, status: 'ready' };
    return this.perDocument.run(documentKey(record.space, record.id), async () => {
      const documents = await this.writableDocuments(record.space);
      const units = await this.units(record.space);
      const replaced = (await documentsNamed(documents, record.name)).filter(other => other.id !== record.id);
      await commitVersion(
        { documents, units, batchSize: this.options.batchSize ?? 500, abandonedVersionAfterMs: this.options.abandonedVersionAfterMs ?? 3_600_000 },
        { record, tree: input.tree, units: input.units },
      );
      // Not through perDocument: two same-name commits replacing each other would wait on each other.
      for (const other of replaced) await this.removeDocument(record.space, other.id);
      return { replacedDocumentIds: replaced.map(other => other.id) };
    });
  }

  async getRecord(space: SpaceId, documentId: string): Promise<DocumentRecord | null> {
    const documents = await this.documents(space);
    const found = await orEmpty(documents.query.fetchObjectById(documentUuid(documentId), { returnProperties: ['recordJson'] }), null);
    return found ? recordFromProperties(found.properties) : null;
  }

  async findDocument(space: SpaceId, idOrName: string): Promise<DocumentRecord | null> {
    const byId = await this.getRecord(space, idOrName);
    if (byId) return byId;
    return pickNamedDocument(await documentsNamed(await this.documents(space), idOrName));
  }

  async listDocuments(space: SpaceId): Promise<DocumentRecord[]> {
    return listRecords(await this.documents(space));
  }

  async getTree(space: SpaceId, documentId: string): Promise<DocumentTree | null> {
    const documents = await this.documents(space);
    const found = await orEmpty(documents.query.fetchObjectById(documentUuid(documentId), { returnProperties: ['treeJson'] }), null);
    return found ? treeFromProperties(found.properties) : null;
  }

  async getUnits(space: SpaceId, documentId: string, nodeIds?: string[], options: { vectors?: boolean } = {}): Promise<IndexUnit[]> {
    if (nodeIds && nodeIds.length === 0) return [];
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

  async deleteDocument(space: SpaceId, documentId: string): Promise<boolean> {
    return this.perDocument.run(documentKey(space, documentId), () => this.removeDocument(space, documentId));
  }

  async countDocumentsWithSha(sha256: string): Promise<number> {
    const client = await this.client();
    return countDocumentsWithSha(client.collections.use<string, DocumentProperties>(documentCollectionName), sha256);
  }

  async searchLexical(query: LexicalQuery): Promise<UnitHit[]> {
    // Punctuation alone has no tokens: nothing can match.
    if (!/[\p{L}\p{N}]/u.test(query.text)) return [];
    const cjk = containsCjk(query.text);
    const text = cjk ? `${query.text} ${cjkBigrams(query.text)}` : query.text;
    // Title words count a little more than body words: a section named for the question is a good hit.
    const queryProperties = ['text', 'titlePath^1.5', ...(cjk ? ['cjkText'] : [])] as Array<'text'>;
    const lists = await this.searchEachSpace(query, async (units, filters) => {
      const result = await units.query.bm25(text, { limit: query.k, filters, queryProperties, returnMetadata: ['score'], returnProperties: unitReturnProperties });
      return result.objects.map(object => ({ unit: unitFromProperties(object.properties), score: object.metadata?.score ?? 0 }));
    });
    return mergeSpaceHits(lists, query.k, 'bm25');
  }

  async searchVector(query: VectorQuery): Promise<UnitHit[]> {
    if (query.vector.length === 0) return [];
    const lists = await this.searchEachSpace(query, async (units, filters) => {
      const result = await units.query
        .nearVector(query.vector, { limit: query.k, filters, targetVector: unitVectorName, returnMetadata: ['distance'], returnProperties: unitReturnProperties })
        .catch(error => {
          // The space's vectors come from another model (other length): like the SQLite store, nothing matches.
          if (isDimensionMismatch(error)) return { objects: [] };
          throw error;
        });
      // Cosine distance is 1 - cosine similarity.
      return result.objects.map(object => ({ unit: unitFromProperties(object.properties), score: 1 - (object.metadata?.distance ?? 1) }));
    });
    return mergeSpaceHits(lists, query.k, 'cosine');
  }

  /** Weaviate searches each vector on the server; the requests go out together. */
  async searchVectors(query: VectorsQuery): Promise<UnitHit[][]> {
    return Promise.all(query.vectors.map(vector => this.searchVector({ ...query, vector })));
  }

  /** Removes a whole space (its tenant in both collections). Not part of KnowledgeStore: for operators and tests. */
  async deleteSpace(space: SpaceId): Promise<void> {
    const client = await this.client();
    const tenant = tenantNameForSpace(space);
    for (const name of [documentCollectionName, unitCollectionName]) {
      const collection = client.collections.use(name);
      if (await collection.tenants.getByName(tenant)) await collection.tenants.remove(tenant);
    }
    this.knownTenants.delete(tenant);
  }

  async close(): Promise<void> {
    const connecting = this.connecting;
    this.connecting = null;
    if (connecting) await (await connecting.catch(() => null))?.close();
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
    return true;
  }

  private async searchEachSpace(query: ScopedQuery, search: (units: Units, filters: FilterValue) => Promise<UnitHit[]>): Promise<UnitHit[][]> {
    if (query.k <= 0 || query.spaces.length === 0) return [];
    if (query.documentIds && query.documentIds.length === 0) return [];
    return Promise.all(
      [...new Set(query.spaces)].map(async space => {
        const versions = await activeVersions(await this.documents(space), query.documentIds);
        if (versions.length === 0) return [];
        const units = await this.units(space);
        return orEmpty(search(units, units.filter.byProperty('version').containsAny(versions)), []);
      }),
    );
  }

  private client(): Promise<WeaviateClient> {
    if (!this.connecting) {
      this.connecting = (async () => {
        const client = await connectWeaviate(this.options);
        await ensureSchema(this.rest);
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
    return client.collections.use<string, DocumentProperties>(documentCollectionName).withTenant(tenantNameForSpace(space));
  }

  private async units(space: SpaceId): Promise<Units> {
    const client = await this.client();
    return client.collections.use<string, UnitProperties>(unitCollectionName).withTenant(tenantNameForSpace(space));
  }

  /** Tenants are created explicitly on the first write of a space; reads of a missing tenant are empty. */
  private async writableDocuments(space: SpaceId): Promise<Documents> {
    const tenant = tenantNameForSpace(space);
    if (!this.knownTenants.has(tenant)) {
      const client = await this.client();
      for (const name of [documentCollectionName, unitCollectionName]) {
        const tenants = client.collections.use(name).tenants;
        if (await tenants.getByName(tenant)) continue;
        try {
          await tenants.create([{ name: tenant }]);
        } catch (error) {
          // Concurrent writers race to create the same tenant; only a still-missing tenant is a failure.
          if (!(await tenants.getByName(tenant))) throw weaviateWriteFailed(`creating tenant ${tenant} of ${name}`, error);
        }
      }
      this.knownTenants.add(tenant);
    }
    return this.documents(space);
  }
}

function documentKey(space: SpaceId, documentId: string): string {
  return `${space}\n${documentId}`;
}
