import { FolioError } from '../../errors.ts';
import type { WeaviateRest } from './weaviate-rest.ts';

export const documentCollectionName = 'FolioDocument';
export const unitCollectionName = 'FolioUnit';
/** The named vector that holds unit embeddings (client-side vectors, no vectorizer module). */
export const unitVectorName = 'default';

export interface PropertySchema {
  name: string;
  dataType: ['text'] | ['text[]'] | ['int'];
  /** 'field' = whole value, exact match (ids, hashes); 'word' = BM25 tokens. */
  tokenization?: 'field' | 'word' | 'whitespace';
  indexFilterable?: boolean;
  indexSearchable?: boolean;
  indexRangeFilters?: boolean;
  textAnalyzer?: { asciiFold: boolean };
}

const exact = (name: string): PropertySchema => ({ name, dataType: ['text'], tokenization: 'field', indexFilterable: true, indexSearchable: false });
/** Stored and returned, never filtered or searched: no index work on insert. */
const stored = (name: string): PropertySchema => ({ name, dataType: ['text'], tokenization: 'field', indexFilterable: false, indexSearchable: false });
const storedNumber = (name: string): PropertySchema => ({ name, dataType: ['int'], indexFilterable: false, indexSearchable: false });
const searchable = (name: string, dataType: ['text'] | ['text[]']): PropertySchema => ({
  name,
  dataType,
  tokenization: 'word',
  indexFilterable: false,
  indexSearchable: true,
  // "Café" and "cafe" should meet, like the SQLite store's unicode61 remove_diacritics.
  textAnalyzer: { asciiFold: true },
});

export const documentProperties: PropertySchema[] = [
  exact('documentId'),
  exact('spaceId'),
  exact('name'),
  exact('sha256'),
  exact('activeVersion'),
  // Figure crops the committed tree uses: forget may delete a crop only when no document holds it.
  { name: 'figureSha256s', dataType: ['text[]'], tokenization: 'field', indexFilterable: true, indexSearchable: false },
  stored('updatedAt'),
  stored('createdAt'),
  // The whole DocumentRecord and DocumentTree as JSON. Kept on the same object as activeVersion so the
  // commit point of commitDocument is one object write (see weaviate-knowledge-store.ts).
  stored('recordJson'),
  stored('treeJson'),
];

export const unitProperties: PropertySchema[] = [
  exact('unitId'),
  exact('documentId'),
  exact('version'),
  exact('nodeId'),
  stored('spaceId'),
  stored('documentName'),
  stored('kind'),
  storedNumber('page'),
  storedNumber('part'),
  { name: 'ordinal', dataType: ['int'], indexFilterable: true, indexSearchable: false, indexRangeFilters: true },
  { name: 'createdAtMs', dataType: ['int'], indexFilterable: true, indexSearchable: false, indexRangeFilters: true },
  searchable('text', ['text']),
  searchable('titlePath', ['text[]']),
  // CJK bigrams of title path and text (see cjk-bigrams.ts); empty for other scripts.
  { name: 'cjkText', dataType: ['text'], tokenization: 'whitespace', indexFilterable: false, indexSearchable: true },
];

function collectionDefinition(name: string, properties: PropertySchema[], vectorIndex: boolean): Record<string, unknown> {
  return {
    class: name,
    description: `Folio ${name === documentCollectionName ? 'document records and trees' : 'search units'}; one tenant per space`,
    multiTenancyConfig: { enabled: true, autoTenantCreation: true, autoTenantActivation: true },
    vectorConfig: {
      [unitVectorName]: {
        vectorizer: { none: {} },
        vectorIndexType: vectorIndex ? 'hnsw' : 'flat',
        vectorIndexConfig: { distance: 'cosine' },
      },
    },
    properties,
  };
}

interface ExistingCollection {
  class: string;
  multiTenancyConfig?: { enabled?: boolean };
  properties?: Array<{ name: string; dataType: string[]; tokenization?: string }>;
}

/**
 * Creates Folio's collections on first use and checks existing ones for drift: missing properties are
 * added (older Folio versions wrote fewer), incompatible ones stop start-up with a message saying what
 * differs, because searching them would silently give wrong results.
 */
export async function ensureSchema(rest: WeaviateRest): Promise<void> {
  await ensureCollection(rest, documentCollectionName, documentProperties, false);
  await ensureCollection(rest, unitCollectionName, unitProperties, true);
}

export async function ensureCollection(rest: WeaviateRest, name: string, properties: PropertySchema[], vectorIndex: boolean): Promise<void> {
  let existing = await rest.request<ExistingCollection>('GET', `/v1/schema/${name}`);
  if (!existing) {
    try {
      await rest.request('POST', '/v1/schema', collectionDefinition(name, properties, vectorIndex));
      return;
    } catch (error) {
      // Another Folio process may have created it between our GET and POST.
      existing = await rest.request<ExistingCollection>('GET', `/v1/schema/${name}`);
      if (!existing) throw error;
    }
  }
  const problems = schemaDrift(existing, properties);
  if (problems.length > 0) {
    throw new FolioError({
      code: 'config_invalid',
      message: `Weaviate collection ${name} does not match what Folio needs: ${problems.join('; ')}. Delete the collection (its data is rebuilt by re-ingesting) or point WEAVIATE_URL at another cluster.`,
      userMessage: 'Folio is misconfigured; an administrator needs to fix its search index.',
    });
  }
  const present = new Set((existing.properties ?? []).map(property => property.name));
  for (const property of properties) {
    if (present.has(property.name)) continue;
    try {
      await rest.request('POST', `/v1/schema/${name}/properties`, property);
    } catch (error) {
      const now = await rest.request<ExistingCollection>('GET', `/v1/schema/${name}`);
      if (!now?.properties?.some(candidate => candidate.name === property.name)) throw error;
    }
  }
}

/** What differs between an existing collection and Folio's definition, in words; empty when compatible. */
export function schemaDrift(existing: ExistingCollection, properties: PropertySchema[]): string[] {
  const problems: string[] = [];
  if (!existing.multiTenancyConfig?.enabled) problems.push('multi-tenancy is disabled');
  for (const wanted of properties) {
    const found = existing.properties?.find(property => property.name === wanted.name);
    if (!found) continue;
    if (found.dataType.join() !== wanted.dataType.join()) {
      problems.push(`property ${wanted.name} is ${found.dataType.join()} instead of ${wanted.dataType.join()}`);
    } else if (wanted.tokenization && found.tokenization !== wanted.tokenization) {
      problems.push(`property ${wanted.name} uses tokenization ${found.tokenization ?? 'none'} instead of ${wanted.tokenization}`);
    }
  }
  return problems;
}
