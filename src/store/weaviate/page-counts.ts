import { Filters, type FilterValue } from 'weaviate-client';
import { pairToken, type PageProperties, type Pages } from './page-objects.ts';
import type { ScopeDocument } from './page-scope.ts';
import { eachConcurrently } from './scoped-counts.ts';
import { orEmpty, pageSize, type Documents } from './weaviate-objects.ts';

/** Count requests in flight per call and space; gRPC multiplexes them over one connection. */
const countConcurrency = 16;
/** Versions read at a time when counting from the pages themselves. */
const readConcurrency = 4;
/**
 * Reading a page's terms costs about what one count request does per 20 pages (measured on 1.39 with
 * the eval set: ~12 ms for a 44-page document's terms, ~1.5–4 ms per filtered count), so a scope is
 * counted from its pages when it has fewer than 20 pages per term to count.
 */
const pagesPerCountRequest = 20;
/**
 * Up to this many versions a count filters on them; above, it groups the term's pages by version and
 * sums the groups in scope: a filter on hundreds of versions costs more than the count itself
 * (measured on 1.39, a pair on 1–100 of 100,000 pages: 9–14 ms filtered on 400 versions, 2–7 ms grouped).
 */
const filterUpToVersions = 8;
const maxGroups = 100_000;

/**
 * How many pages of the scope hold each term (or pair: two terms joined by a space), exactly as the
 * SQLite store counts them. Either one Aggregate count per term (filters: the scope's versions, term in
 * `terms` or pair in `pairs`) or, when that would cost more, by reading the scope's page terms once.
 */
export async function countPagesHolding(pages: Pages, scope: ScopeDocument[], terms: string[]): Promise<Map<string, number>> {
  const scopePages = scope.reduce((total, document) => total + document.pageCount, 0);
  if (scope.length === 0 || scopePages === 0) return new Map(terms.map(term => [term, 0]));
  return scopePages <= pagesPerCountRequest * terms.length ? countFromPages(pages, scope, terms) : countByRequests(pages, scope, terms);
}

async function countByRequests(pages: Pages, scope: ScopeDocument[], terms: string[]): Promise<Map<string, number>> {
  const inScope = versionFilter(pages, scope);
  const versions = new Set(scope.map(document => document.version));
  const counts = new Map<string, number>();
  await eachConcurrently(terms, countConcurrency, async term => {
    const holding = term.includes(' ') ? pages.filter.byProperty('pairs').equal(pairToken(term)) : pages.filter.byProperty('terms').equal(term);
    const grouped = versions.size > filterUpToVersions ? await pagesPerVersion(pages, holding) : undefined;
    const count = grouped
      ? grouped.reduce((total, group) => total + (versions.has(group.version) ? group.pages : 0), 0)
      : await orEmpty(
          pages.aggregate.overAll({ filters: Filters.and(inScope, holding) }).then(result => result.totalCount),
          0,
        );
    counts.set(term, count);
  });
  return counts;
}

/** The pages matching `filter` per version (pages of versions no longer live included); undefined when there are too many versions to group. */
async function pagesPerVersion(pages: Pages, filter: FilterValue): Promise<Array<{ version: string; pages: number }> | undefined> {
  const groups = await orEmpty(
    pages.aggregate.groupBy.overAll({ groupBy: { property: 'version', limit: maxGroups }, filters: filter }).catch(error => {
      // weaviate-client 3.12 rejects a group-by that matched no object instead of returning no groups.
      if (error instanceof Error && /no grouped results/i.test(error.message)) return [];
      throw error;
    }),
    [],
  );
  if (groups.length >= maxGroups) return undefined;
  return groups.map(group => ({ version: String(group.groupedBy.value), pages: group.totalCount }));
}

async function countFromPages(pages: Pages, scope: ScopeDocument[], terms: string[]): Promise<Map<string, number>> {
  const wanted = new Set(terms);
  const counts = new Map(terms.map(term => [term, 0]));
  await eachConcurrently(scope, readConcurrency, async document => {
    for await (const batch of versionPages(pages, document.version, ['terms'])) {
      for (const page of batch) {
        const held = new Set<string>();
        const tokens = page.terms ? page.terms.split(' ') : [];
        for (let index = 0; index < tokens.length; index++) {
          if (wanted.has(tokens[index])) held.add(tokens[index]);
          const pair = index > 0 ? `${tokens[index - 1]} ${tokens[index]}` : '';
          if (pair && wanted.has(pair)) held.add(pair);
        }
        for (const term of held) counts.set(term, counts.get(term)! + 1);
      }
    }
  });
  return counts;
}

/** Documents of the scope whose pageTerms hold each term: one Aggregate count per term over FolioDocument. */
export async function countDocumentsHolding(documents: Documents, scope: ScopeDocument[], terms: string[]): Promise<Map<string, number>> {
  const inScope = documents.filter.byProperty('activeVersion').containsAny(scope.map(document => document.version));
  const counts = new Map<string, number>();
  await eachConcurrently(terms, countConcurrency, async term => {
    const filters = Filters.and(inScope, documents.filter.byProperty('pageTerms').equal(term));
    counts.set(
      term,
      await orEmpty(
        documents.aggregate.overAll({ filters }).then(result => result.totalCount),
        0,
      ),
    );
  });
  return counts;
}

/** One version's pages in page order, a result page at a time (paged by page number: no offset limit). */
export async function* versionPages<Key extends keyof PageProperties>(
  pages: Pages,
  version: string,
  properties: Key[],
): AsyncGenerator<Array<Pick<PageProperties, Key | 'page'>>> {
  for (let lastPage = 0; ; ) {
    const result = await orEmpty(
      pages.query.fetchObjects({
        limit: pageSize,
        filters: Filters.and(pages.filter.byProperty('version').equal(version), pages.filter.byProperty('page').greaterThan(lastPage)),
        sort: pages.sort.byProperty('page'),
        returnProperties: [...new Set<keyof PageProperties>([...properties, 'page'])],
      }),
      { objects: [] },
    );
    const batch = result.objects.map(object => object.properties as Pick<PageProperties, Key | 'page'>);
    if (batch.length > 0) yield batch;
    if (batch.length < pageSize) return;
    lastPage = Number(batch[batch.length - 1].page);
  }
}

export function versionFilter(pages: Pages, scope: ScopeDocument[]) {
  return scope.length === 1
    ? pages.filter.byProperty('version').equal(scope[0].version)
    : pages.filter.byProperty('version').containsAny(scope.map(document => document.version));
}
