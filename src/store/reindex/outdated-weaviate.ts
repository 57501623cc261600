import type { WeaviateConfig } from '../../config.ts';
import type { DocumentRecord } from '../../documents/types.ts';
import { dataFormatOf, documentCollectionName, pageCollectionName, unitCollectionName, weaviateDataFormat } from '../weaviate/schema.ts';
import { WeaviateRest } from '../weaviate/weaviate-rest.ts';
import type { OutdatedData } from './outdated-data.ts';

const batch = 100;

/**
 * Folio's Weaviate collections of an older data format, if the cluster holds them (with
 * `includeCurrent`, of this format too, never of a newer one). Every format keeps a document's record
 * as JSON in FolioDocument's `recordJson`, which is all a reindex reads (tenant by tenant, inactive
 * ones activated first); removing them deletes the three collections.
 */
export async function outdatedWeaviate(config: WeaviateConfig, options: { includeCurrent?: boolean } = {}): Promise<OutdatedData | undefined> {
  const rest = new WeaviateRest({ url: config.url, apiKey: config.apiKey, timeoutMs: 120_000 });
  const collection = await rest.request<{ description?: string }>('GET', `/v1/schema/${documentCollectionName}`);
  if (!collection) return undefined;
  const format = dataFormatOf(collection.description);
  if (format > weaviateDataFormat || (format === weaviateDataFormat && !options.includeCurrent)) return undefined;
  const tenants = (await rest.request<Array<{ name: string; activityStatus?: string }>>('GET', `/v1/schema/${documentCollectionName}/tenants`)) ?? [];
  const inactive = tenants.filter(tenant => tenant.activityStatus && !['ACTIVE', 'HOT'].includes(tenant.activityStatus));
  if (inactive.length > 0) {
    await rest.request(
      'PUT',
      `/v1/schema/${documentCollectionName}/tenants`,
      inactive.map(tenant => ({ name: tenant.name, activityStatus: 'ACTIVE' })),
    );
  }
  const records: DocumentRecord[] = [];
  for (const tenant of tenants) {
    for (let after = ''; ; ) {
      const query = new URLSearchParams({ class: documentCollectionName, tenant: tenant.name, limit: String(batch), ...(after ? { after } : {}) });
      const page = await rest.request<{ objects?: Array<{ id: string; properties?: { recordJson?: string } }> }>('GET', `/v1/objects?${query}`);
      const objects = page?.objects ?? [];
      for (const object of objects) if (object.properties?.recordJson) records.push(JSON.parse(object.properties.recordJson) as DocumentRecord);
      if (objects.length < batch) break;
      after = objects[objects.length - 1].id;
    }
  }
  return {
    where: `Weaviate at ${config.url}`,
    format,
    records: records.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.space.localeCompare(b.space) || a.id.localeCompare(b.id)),
    remove: async () => {
      for (const name of [unitCollectionName, pageCollectionName, documentCollectionName]) await rest.request('DELETE', `/v1/schema/${name}`);
    },
  };
}
