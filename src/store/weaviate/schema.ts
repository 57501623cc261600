import { FolioError } from '../../errors.ts';
import { dataFormatOutdated, dataFormatTooNew } from '../data-format.ts';
import { WeaviateRestError, type WeaviateRest } from './weaviate-rest.ts';

/**
 * The data format of Folio's collections, written into each collection's description when Folio
 * creates it ("…; data format 2"). A collection of another format is refused at start (`folio reindex`
 * rebuilds an older one from the stored originals), so nothing here reads objects another Folio wrote.
 * Bump it with any change to the properties below or to what is stored in them, and say so in
 * docs/weaviate.md. Collections from before formats were numbered have none: format 1.
 */
export const weaviateDataFormat = 2;
const dataFormatPattern = /\bdata format (\d+)\b/;

/** Throws data_format_outdated (or config_invalid for a newer one) when collection `name` is of another data format. */
function assertDataFormat(name: string, description: string | undefined): void {
  const format = dataFormatOf(description);
  if (format < weaviateDataFormat) throw dataFormatOutdated(`Weaviate collection ${name}`, format, weaviateDataFormat);
  if (format > weaviateDataFormat) throw dataFormatTooNew(`Weaviate collection ${name}`, format, weaviateDataFormat);
}

/** The data format a collection's description names (1 for one from before formats were numbered). */
export function dataFormatOf(description: string | undefined): number {
  return Number(dataFormatPattern.exec(description ?? '')?.[1] ?? 1);
}

export const documentCollectionName = 'FolioDocument';
export const unitCollectionName = 'FolioUnit';
export const pageCollectionName = 'FolioPage';
/** The named vector that holds unit embeddings (client-side vectors, no vectorizer module). */
export const unitVectorName = 'default';

export interface PropertySchema {
  name: string;
  dataType: ['text'] | ['text[]'] | ['int'] | ['int[]'];
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
/** A number filtered by value or range. */
const rangedNumber = (name: string): PropertySchema => ({ name, dataType: ['int'], indexFilterable: true, indexSearchable: false, indexRangeFilters: true });
/** Page terms and pairs, folded and stemmed already: whitespace tokens, counted by filters and ranked by BM25. */
const termList = (name: string): PropertySchema => ({ name, dataType: ['text'], tokenization: 'whitespace', indexFilterable: true, indexSearchable: true });
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
  // Page statistics of the committed version (page-objects.ts), in the same object write as
  // activeVersion so they flip with it. pagesVersion = the version they describe.
  rangedNumber('pageCount'),
  storedNumber('pageLength'),
  // The distinct terms of the pages, for document frequencies (filters only, never BM25).
  { name: 'pageTerms', dataType: ['text'], tokenization: 'whitespace', indexFilterable: true, indexSearchable: false },
  // How many pages hold each of those terms: a question's page statistics are summed from these instead
  // of one Aggregate count per word, which costs in proportion to the pages holding it.
  stored('pageTermPages'),
  stored('pagesVersion'),
  // Unit statistics of the same version: unit searches rank their candidates with them as the SQLite
  // store's FTS5 does (search/unit-search.ts), so both stores give a question the same unit list.
  storedNumber('unitCount'),
  storedNumber('unitLength'),
  stored('unitTerms'),
  stored('unitTermUnits'),
  // A number derived from pagesVersion: its sum over a tenant (an Aggregate the filterable index answers
  // in a few ms) changes with every commit and deletion, so a reader can tell its remembered
  // list of live documents is current without reading the document objects (page-scope.ts).
  { name: 'versionStamp', dataType: ['int'], indexFilterable: true, indexSearchable: false },
  // A number derived from recordJson: its sum changes with every record written (a status change too),
  // so a reader can reuse its list of the tenant's records while the sum is unchanged (tenant-listings.ts).
  { name: 'recordStamp', dataType: ['int'], indexFilterable: true, indexSearchable: false },
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
  rangedNumber('ordinal'),
  rangedNumber('createdAtMs'),
  searchable('text', ['text']),
  searchable('titlePath', ['text[]']),
  // CJK bigrams of title path and text (see cjk-bigrams.ts); empty for other scripts.
  { name: 'cjkText', dataType: ['text'], tokenization: 'whitespace', indexFilterable: false, indexSearchable: true },
];

/**
 * One object per page of a committed document version (see page-objects.ts): the page's search terms
 * as PageRecord keeps them (already folded and stemmed, so whitespace tokenization; BM25 over them gives
 * page-search candidates, filters on them count pages per term) and the fields a PageRecord returns.
 * No vectors: the collection gets the same unused flat vector index as FolioDocument.
 */
export const pageProperties: PropertySchema[] = [
  exact('documentId'),
  exact('version'),
  stored('spaceId'),
  stored('documentName'),
  rangedNumber('page'),
  rangedNumber('createdAtMs'),
  termList('terms'),
  // Adjacent term pairs joined by '_' ("annual_report"), space-separated.
  termList('pairs'),
  { name: 'printedNumbers', dataType: ['int[]'], indexFilterable: false, indexSearchable: false },
  stored('label'),
  { name: 'captions', dataType: ['text[]'], tokenization: 'field', indexFilterable: false, indexSearchable: false },
  stored('unitJson'),
  // The tree's page (tree-pages.ts) as JSON: what an answer reads of a page.
  stored('treePageJson'),
];

/**
 * How many copies of every tenant Folio's collections keep (WEAVIATE_REPLICATION_FACTOR). Without a
 * factor the collections are created with the server's default (1, or its REPLICATION_MINIMUM_FACTOR)
 * and an existing factor is accepted as it is.
 */
export interface ReplicationSettings {
  factor?: number;
}

/**
 * `replicationConfig` of a new collection. `asyncEnabled` is not sent: since 1.38 the server decides it
 * (on whenever the factor is > 1, unless ASYNC_REPLICATION_DISABLED) and ignores the field. Async
 * replication is what brings a replica that was down up to date by itself, instead of only the objects
 * a read happens to repair. `deletionStrategy: TimeBasedResolution`: when replicas disagree about an
 * object one of them deleted (a node was down during the delete), the later operation wins. Folio
 * deletes replaced unit versions and forgotten documents, and writes a document object again at the
 * same uuid when the same file is shared again after a forget, so "deletion always wins"
 * (DeleteOnConflict) would delete the document shared again, and NoAutomatedResolution would leave a
 * replica that missed a delete serving a forgotten document to ONE reads.
 */
export function replicationConfig(replication: ReplicationSettings): Record<string, unknown> | undefined {
  if (replication.factor === undefined) return undefined;
  return { factor: replication.factor, deletionStrategy: 'TimeBasedResolution' };
}

const collectionDescriptions: Record<string, string> = {
  [documentCollectionName]: 'document records and trees',
  [unitCollectionName]: 'search units',
  [pageCollectionName]: 'page records',
};

function collectionDefinition(name: string, properties: PropertySchema[], vectorIndex: boolean, replication: ReplicationSettings): Record<string, unknown> {
  return {
    class: name,
    description: `Folio ${collectionDescriptions[name] ?? 'objects'}; one tenant per space; data format ${weaviateDataFormat}`,
    multiTenancyConfig: { enabled: true, autoTenantCreation: true, autoTenantActivation: true },
    vectorConfig: {
      [unitVectorName]: {
        vectorizer: { none: {} },
        vectorIndexType: vectorIndex ? 'hnsw' : 'flat',
        vectorIndexConfig: { distance: 'cosine' },
      },
    },
    properties,
    replicationConfig: replicationConfig(replication),
  };
}

interface ExistingCollection {
  class: string;
  description?: string;
  multiTenancyConfig?: { enabled?: boolean };
  replicationConfig?: { factor?: number };
  properties?: Array<{ name: string; dataType: string[]; tokenization?: string }>;
}

/**
 * Throws data_format_outdated (or config_invalid for a newer format) when a Folio collection exists in
 * another data format; quiet when they are current, absent (created on first use) or Weaviate cannot
 * be reached (the store reports that on use). `folio serve` calls it before it starts.
 */
export async function checkDataFormat(rest: WeaviateRest): Promise<void> {
  for (const name of [documentCollectionName, unitCollectionName, pageCollectionName]) {
    const existing = await rest.request<ExistingCollection>('GET', `/v1/schema/${name}`).catch(() => null);
    if (!existing) continue;
    assertDataFormat(name, existing.description);
  }
}

/**
 * Creates Folio's collections on first use and checks existing ones: of this data format (else
 * data_format_outdated, naming `folio reindex`), with the configured replication, and with the
 * properties Folio defines (changed by hand, they would silently give wrong results).
 */
export async function ensureSchema(rest: WeaviateRest, replication: ReplicationSettings = {}): Promise<void> {
  await ensureCollection(rest, documentCollectionName, documentProperties, false, replication);
  await ensureCollection(rest, unitCollectionName, unitProperties, true, replication);
  await ensureCollection(rest, pageCollectionName, pageProperties, false, replication);
}

export async function ensureCollection(
  rest: WeaviateRest,
  name: string,
  properties: PropertySchema[],
  vectorIndex: boolean,
  replication: ReplicationSettings = {},
): Promise<void> {
  let existing = await rest.request<ExistingCollection>('GET', `/v1/schema/${name}`);
  if (!existing) {
    try {
      await rest.request('POST', '/v1/schema', collectionDefinition(name, properties, vectorIndex, replication));
      return;
    } catch (error) {
      // Another Folio process may have created it between our GET and POST.
      existing = await rest.request<ExistingCollection>('GET', `/v1/schema/${name}`);
      if (!existing) throw replicationRefused(name, replication, error) ?? error;
    }
  }
  assertDataFormat(name, existing.description);
  const factorProblem = replicationDrift(existing, replication);
  if (factorProblem) {
    throw new FolioError({
      code: 'config_invalid',
      message: `Weaviate collection ${name} ${factorProblem}. Weaviate does not change a collection's factor by itself: set WEAVIATE_REPLICATION_FACTOR=${existing.replicationConfig?.factor ?? 1} to use the collection as it is, or change its replication in Weaviate first (docs/weaviate.md, "Replication and consistency").`,
      userMessage: 'Folio is misconfigured; an administrator needs to fix its search index.',
    });
  }
  const problems = schemaDrift(existing, properties);
  if (problems.length > 0) {
    throw new FolioError({
      code: 'config_invalid',
      message: `Weaviate collection ${name} does not match what Folio needs: ${problems.join('; ')}. Run \`folio reindex\` to rebuild Folio's collections from the stored originals, or point WEAVIATE_URL at another cluster.`,
      userMessage: 'Folio is misconfigured; an administrator needs to fix its search index.',
    });
  }
}

/**
 * The factor an existing collection has when it is not the configured one, in words. Both directions
 * count: fewer copies than configured would fail the node losses the operator planned for, more means
 * the processes sharing the cluster disagree about it.
 */
export function replicationDrift(existing: ExistingCollection, replication: ReplicationSettings): string | undefined {
  if (replication.factor === undefined) return undefined;
  const found = existing.replicationConfig?.factor ?? 1;
  if (found === replication.factor) return undefined;
  return `keeps ${found} ${found === 1 ? 'copy' : 'copies'} of each tenant (replication factor ${found}) but WEAVIATE_REPLICATION_FACTOR is ${replication.factor}`;
}

/** A creation the server refused because of the factor (more copies than nodes, under its minimum): a configuration error. */
function replicationRefused(name: string, replication: ReplicationSettings, error: unknown): FolioError | undefined {
  if (replication.factor === undefined || !(error instanceof WeaviateRestError)) return undefined;
  if (!/nodes for replication|replication factor/i.test(error.message)) return undefined;
  return new FolioError({
    code: 'config_invalid',
    message: `Weaviate refused to create collection ${name} with WEAVIATE_REPLICATION_FACTOR=${replication.factor}: ${error.message.trim()}. The factor can be at most the number of nodes in the cluster (and at least its REPLICATION_MINIMUM_FACTOR).`,
    userMessage: 'Folio is misconfigured; an administrator needs to fix its search index.',
    cause: error,
  });
}

/** What differs between an existing collection and Folio's definition, in words; empty when compatible. */
export function schemaDrift(existing: ExistingCollection, properties: PropertySchema[]): string[] {
  const problems: string[] = [];
  if (!existing.multiTenancyConfig?.enabled) problems.push('multi-tenancy is disabled');
  for (const wanted of properties) {
    const found = existing.properties?.find(property => property.name === wanted.name);
    if (!found) {
      problems.push(`property ${wanted.name} is missing`);
      continue;
    }
    if (found.dataType.join() !== wanted.dataType.join()) {
      problems.push(`property ${wanted.name} is ${found.dataType.join()} instead of ${wanted.dataType.join()}`);
    } else if (wanted.tokenization && found.tokenization !== wanted.tokenization) {
      problems.push(`property ${wanted.name} uses tokenization ${found.tokenization ?? 'none'} instead of ${wanted.tokenization}`);
    }
  }
  return problems;
}
