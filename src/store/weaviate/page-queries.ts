import { Filters } from 'weaviate-client';
import type { SpaceId } from '../../spaces/space-id.ts';
import type { TreePage } from '../tree-pages.ts';
import type {
  DocumentStatistics,
  DocumentStatisticsQuery,
  PageQuery,
  PageRecord,
  PageStatistics,
  PageStatisticsQuery,
  UnitHit,
  UnitStatistics,
} from '../types.ts';
import { DocumentVocabularies, pagesHolding } from './document-vocabularies.ts';
import { mergeSpaceHits } from '../merge-space-hits.ts';
import { countDocumentsHolding, countPagesHolding, versionFilter, versionPages } from './page-counts.ts';
import { pageFromProperties, pageReturnProperties, pageReturnPropertiesWithoutTerms, pairToken, type Pages } from './page-objects.ts';
import { LiveDocuments, type ScopeDocument } from './page-scope.ts';
import { ScopedCounts, versionsKey } from './scoped-counts.ts';
import { TenantTermIndex, type TermIndex } from './tenant-term-index.ts';
import { orEmpty, type Documents } from './weaviate-objects.ts';

export interface PageIndexAccess {
  documents(space: SpaceId): Promise<Documents>;
  pages(space: SpaceId): Promise<Pages>;
  /** Runs a read of one space (SpaceTenants.read: counts as a use, activates an inactive tenant). */
  read<T>(space: SpaceId, operation: () => Promise<T>): Promise<T>;
}

/**
 * Statistics come from the tenant's term index (tenant-term-index.ts) in tenants of up to this many
 * documents: building it reads a document object each, again whenever a document goes away. Larger
 * tenants are counted by Aggregate requests and from the documents' own vocabularies.
 */
const maxIndexedDocuments = 5_000;

/**
 * The KnowledgeStore page methods on the FolioPage collection, with the semantics of the SQLite store
 * (sqlite/page-search.ts). Each space is its own tenant, read in parallel; counts are summed over them.
 * Counts are cached by the versions in scope (scoped-counts.ts says why that is safe across processes).
 */
export class WeaviatePageIndex {
  private readonly live = new LiveDocuments();
  private readonly pageCounts = new ScopedCounts<number>(200_000);
  private readonly documentCounts = new ScopedCounts<number>(50_000);
  private readonly vocabularies = new DocumentVocabularies(500_000);
  private readonly termIndex = new TenantTermIndex(this.vocabularies, 2_000_000);

  constructor(private readonly access: PageIndexAccess) {}

  /** BM25 (Weaviate's BM25F) over `terms` and `pairs^0.5`; several spaces merge like unit searches. */
  async search(query: PageQuery): Promise<PageRecord[]> {
    if (query.spaces.length === 0 || query.k <= 0 || query.documentIds?.length === 0) return [];
    const terms = [...new Set(query.terms)];
    if (terms.length === 0) return [];
    const text = [...terms, ...new Set(query.pairs.map(pairToken))].join(' ');
    const lists = await this.eachSpace(query.spaces, async space => {
      const scope = await this.scope(space, query.documentIds);
      if (scope.length === 0) return [];
      const pages = await this.access.pages(space);
      const result = await orEmpty(
        pages.query.bm25(text, {
          limit: query.k,
          filters: versionFilter(pages, scope),
          queryProperties: ['terms', 'pairs^0.5'] as Array<'terms'>,
          returnMetadata: ['score'],
          returnProperties: pageReturnProperties,
        }),
        { objects: [] },
      );
      return result.objects.map(object => ({ page: pageFromProperties(object.properties), score: object.metadata?.score ?? 0 }));
    });
    // mergeSpaceHits ranks unit hits; each page travels as its stand-in unit (one object per page).
    const pageOfUnit = new Map(lists.flat().map(hit => [hit.page.unit, hit.page]));
    const merged = mergeSpaceHits(
      lists.map(list => list.map((hit): UnitHit => ({ unit: hit.page.unit, score: hit.score }))),
      query.k,
      'bm25',
    );
    return merged.map(hit => pageOfUnit.get(hit.unit)!);
  }

  async pageStatistics(query: PageStatisticsQuery): Promise<PageStatistics> {
    const frequencies = new Map<string, number>();
    if (query.spaces.length === 0 || query.documentIds?.length === 0) return { pages: 0, length: 0, frequencies };
    const terms = [...new Set(query.terms)];
    const perSpace = await this.eachSpace(query.spaces, async space => {
      const scope = await this.scope(space, query.documentIds);
      const counts =
        scope.length === 0
          ? new Map<string, number>()
          : await this.pageCounts.resolve(scopeKey(scope), terms, missing => this.countPages(space, scope, missing, query.documentIds === undefined));
      return { pages: sum(scope, document => document.pageCount), length: sum(scope, document => document.pageLength), counts };
    });
    for (const term of terms)
      frequencies.set(
        term,
        sum(perSpace, space => space.counts.get(term) ?? 0),
      );
    return { pages: sum(perSpace, space => space.pages), length: sum(perSpace, space => space.length), frequencies };
  }

  /** Counts over the documents' distinct page terms (FolioDocument.pageTerms). */
  async documentStatistics(query: DocumentStatisticsQuery): Promise<DocumentStatistics> {
    const frequencies = new Map<string, number>();
    const holdings = new Map<string, Set<string>>();
    if (query.spaces.length === 0) return { documents: 0, frequencies, holdings };
    const terms = [...new Set(query.terms)];
    const asked = new Set(query.documentIds);
    const perSpace = await this.eachSpace(query.spaces, async space => {
      const written = await this.scope(space);
      const withPages = written.filter(document => document.pageCount > 0);
      const askedHere = withPages.filter(document => asked.has(document.documentId));
      if (withPages.length === 0) return { documents: 0, counts: new Map<string, number>(), held: [] };
      const index = await this.wholeSpaceIndex(space, written);
      if (index) {
        const counts = new Map(terms.map(term => [term, index.documents(term)]));
        const documentOf = new Map(askedHere.map(document => [document.version, document.documentId]));
        const held = new Map(askedHere.map(document => [document.documentId, new Set<string>()]));
        for (const term of terms) {
          for (const version of index.holders(term)) {
            const documentId = documentOf.get(version);
            if (documentId !== undefined) held.get(documentId)!.add(term);
          }
        }
        return { documents: withPages.length, counts, held: [...held] };
      }
      const documents = await this.access.documents(space);
      const counts = await this.documentCounts.resolve(scopeKey(withPages), terms, missing => countDocumentsHolding(documents, withPages, missing));
      const vocabularies = await this.vocabularies.of(
        documents,
        askedHere.map(document => document.version),
      );
      const held = askedHere.map(document => {
        const vocabulary = vocabularies.get(document.version);
        return [document.documentId, new Set(vocabulary ? terms.filter(term => pagesHolding(vocabulary).has(term)) : [])] as const;
      });
      return { documents: withPages.length, counts, held };
    });
    for (const space of perSpace) for (const [documentId, terms] of space.held) holdings.set(documentId, terms);
    for (const term of terms)
      frequencies.set(
        term,
        sum(perSpace, space => space.counts.get(term) ?? 0),
      );
    return { documents: sum(perSpace, space => space.documents), frequencies, holdings };
  }

  async getPages(space: SpaceId, documentId: string, options: { terms?: boolean } = {}): Promise<PageRecord[]> {
    return this.access.read(space, async () => {
      const [document] = await this.scope(space, [documentId]);
      if (!document) return [];
      const found: PageRecord[] = [];
      const properties = options.terms === false ? pageReturnPropertiesWithoutTerms : pageReturnProperties;
      for await (const batch of versionPages(await this.access.pages(space), document.version, properties))
        for (const page of batch) found.push(pageFromProperties(page));
      return found;
    });
  }

  async documentVocabulary(space: SpaceId, documentId: string): Promise<string[]> {
    return this.access.read(space, async () => {
      const [document] = await this.scope(space, [documentId]);
      if (!document) return [];
      const vocabularies = await this.vocabularies.of(await this.access.documents(space), [document.version]);
      return [...(vocabularies.get(document.version)?.terms ?? [])];
    });
  }

  /**
   * The units of every live version of the space, counted as FTS5 counts them (UnitStatistics); undefined
   * when the tenant is too large to index.
   * Like FTS5's, these cover the whole index (the tenant) whatever documents a search is narrowed to.
   */
  async unitStatistics(space: SpaceId): Promise<UnitStatistics | undefined> {
    return this.access.read(space, async () => (await this.wholeSpaceIndex(space, await this.scope(space)))?.units);
  }

  /**
   * Pages of the scope holding each term or pair. A word's count is summed from the versions' stored
   * counts (the tenant's term index; the versions' own vocabularies in a tenant too large to index);
   * pairs are counted from the pages (page-counts.ts).
   */
  private async countPages(space: SpaceId, scope: ScopeDocument[], terms: string[], wholeSpace: boolean): Promise<Map<string, number>> {
    const words = terms.filter(term => !term.includes(' '));
    const pairs = terms.filter(term => term.includes(' '));
    const [fromWords, fromPairs] = await Promise.all([
      words.length > 0 ? this.storedCounts(space, scope, words, wholeSpace) : new Map<string, number>(),
      pairs.length > 0 ? countPagesHolding(await this.access.pages(space), scope, pairs) : new Map<string, number>(),
    ]);
    return new Map([...words.map(word => [word, fromWords.get(word) ?? 0] as const), ...fromPairs]);
  }

  /** Pages holding each word over the versions of the scope, from their stored counts. */
  private async storedCounts(space: SpaceId, scope: ScopeDocument[], words: string[], wholeSpace: boolean): Promise<Map<string, number>> {
    const index = await this.wholeSpaceIndex(space, wholeSpace ? scope : await this.scope(space));
    if (index) {
      const within = wholeSpace ? undefined : new Set(scope.map(document => document.version));
      return new Map(words.map(word => [word, index.pages(word, within)]));
    }
    const vocabularies = await this.vocabularies.of(
      await this.access.documents(space),
      scope.map(document => document.version),
    );
    const counts = new Map<string, number>();
    for (const document of scope) {
      const vocabulary = vocabularies.get(document.version);
      if (!vocabulary) continue;
      const holding = pagesHolding(vocabulary);
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + (holding.get(word) ?? 0));
    }
    return counts;
  }

  /** The term index of the tenant's documents with pages (`scope`: all of them); undefined when it has too many documents to index. */
  private async wholeSpaceIndex(space: SpaceId, scope: ScopeDocument[]): Promise<TermIndex | undefined> {
    if (scope.length > maxIndexedDocuments) return undefined;
    return this.termIndex.of(
      await this.access.documents(space),
      space,
      scope.map(document => document.version),
    );
  }

  /** The live version's tree pages among `pages`, from its page objects. */
  async treePages(space: SpaceId, documentId: string, pages: number[]): Promise<TreePage[]> {
    const wanted = [...new Set(pages)];
    if (wanted.length === 0) return [];
    return this.access.read(space, async () => {
      const [document] = await this.scope(space, [documentId]);
      if (!document) return [];
      const collection = await this.access.pages(space);
      const result = await collection.query.fetchObjects({
        limit: wanted.length,
        filters: Filters.and(collection.filter.byProperty('version').equal(document.version), collection.filter.byProperty('page').containsAny(wanted)),
        returnProperties: ['page', 'treePageJson'],
      });
      return result.objects.map(object => JSON.parse(String(object.properties.treePageJson)) as TreePage).sort((a, b) => a.page - b.page);
    });
  }

  /** The committed documents in scope (a commit writes a version's pages with it). */
  private async scope(space: SpaceId, documentIds?: string[]): Promise<ScopeDocument[]> {
    return this.live.of(await this.access.documents(space), space, documentIds);
  }

  private eachSpace<T>(spaces: SpaceId[], read: (space: SpaceId) => Promise<T>): Promise<T[]> {
    return Promise.all([...new Set(spaces)].map(space => this.access.read(space, () => read(space))));
  }
}

function scopeKey(scope: ScopeDocument[]): string {
  return versionsKey(scope.map(document => document.version));
}

function sum<T>(items: T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
