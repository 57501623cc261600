import type { FilterValue } from 'weaviate-client';
import type { SpaceId } from '../../spaces/space-id.ts';
import type { LexicalQuery, UnitMatches } from '../types.ts';
import { cjkBigrams, containsCjk } from '../../text/cjk-bigrams.ts';
import type { WeaviatePageIndex } from './page-queries.ts';
import { unitFromProperties } from './serialize.ts';
import { unitReturnProperties, type Units } from './weaviate-objects.ts';
import { queryLanguages, singleSearchTerms } from '../../text/search-terms.ts';
import { frequentWordLimit } from '../frequent-words.ts';
import { unitQueryWords, unitsPerHit } from '../unit-query-words.ts';
import { foldedTerm, wordTokens } from '../../text/unit-words.ts';

/**
 * Unit searches read this many Weaviate candidates per unit asked for, to be ranked as FTS5 would: on
 * the mmlongbench set 2 found the same page hit@3 as the SQLite store per document, 1 did not, 3 no
 * more than 2 (docs/decisions/0022-rank-weaviate-units-as-fts5-does.md).
 */
const candidatesPerHit = 2;

/**
 * A unit search in one space's tenant. Where the tenant's term index has unit counts, it asks the
 * SQLite store's words (unit-query-words.ts) of Weaviate's BM25 for more candidates than wanted, for the
 * search module to rank as FTS5 would with those counts, so both stores give a question the same unit
 * list; with CJK text, or in a tenant too large to index, Weaviate's own BM25F ranks the query without
 * its frequent words.
 */
export async function searchUnitsLexically(
  units: Units,
  filters: FilterValue,
  query: LexicalQuery,
  space: SpaceId,
  pageIndex: WeaviatePageIndex,
): Promise<UnitMatches> {
  const cjk = containsCjk(query.text);
  const text = cjk ? `${query.text} ${cjkBigrams(query.text)}` : query.text;
  // Title words count a little more than body words: a section named for the question is a good hit.
  const queryProperties = ['text', 'titlePath^1.5', ...(cjk ? ['cjkText'] : [])] as Array<'text'>;
  const statistics = cjk ? undefined : await pageIndex.unitStatistics(space);
  if (statistics) {
    // The SQLite store's words, and more candidates than asked for: BM25F ranks them otherwise, and
    // what it puts just past k can be among FTS5's best k.
    const words = unitQueryWords(
      wordTokens(query.text),
      token => statistics.unitsHolding(foldedTerm(token)),
      statistics.units,
      query.documentIds ? Number.POSITIVE_INFINITY : unitsPerHit * query.k,
    );
    if (words.tokens.length === 0) return { hits: [] };
    const result = await units.query.bm25(words.tokens.join(' '), {
      limit: query.k * candidatesPerHit,
      filters,
      queryProperties,
      ...(words.all ? { operator: { operator: 'And' as const } } : {}),
      returnProperties: unitReturnProperties,
    });
    return { candidates: result.objects.map(object => unitFromProperties(object.properties)), words: words.tokens.map(foldedTerm), statistics };
  }
  const asked = cjk ? text : await withoutFrequentWords(pageIndex, space, text, query.language);
  if (!asked) return { hits: [] };
  const result = await units.query.bm25(asked, {
    limit: query.k,
    filters,
    queryProperties,
    returnMetadata: ['score'],
    returnProperties: unitReturnProperties,
  });
  return { hits: result.objects.map(object => ({ unit: unitFromProperties(object.properties), score: object.metadata?.score ?? 0 })) };
}

/**
 * The query's words not too frequent among the space's pages (frequent-words.ts; their search terms,
 * from the page statistics), as the SQLite store leaves out words frequent among its units: they
 * weigh little in BM25 yet move the ranking. When every word the space holds is frequent, its two
 * rarest are asked.
 */
async function withoutFrequentWords(pageIndex: WeaviatePageIndex, space: SpaceId, text: string, language = 'en'): Promise<string> {
  const words = [...new Set(text.match(/[\p{L}\p{N}]+/gu) ?? [])];
  // A word's term in each language the pages may stem it in: its frequency is that of the most held.
  const termsOf = queryLanguages(language).map(each => singleSearchTerms(words, each));
  const termOf = termsOf[0];
  if (new Set(termOf.values()).size < 2) return text;
  const terms = [...new Set(termsOf.flatMap(each => [...each.values()]))];
  const statistics = await pageIndex.pageStatistics({ spaces: [space], terms });
  const limit = frequentWordLimit(statistics.pages);
  const frequency = (word: string) => Math.max(...termsOf.map(each => statistics.frequencies.get(each.get(word) ?? '') ?? 0));
  const present = [...termOf.keys()].filter(word => frequency(word) > 0);
  if (present.length === 0) return text;
  const rare = present.filter(word => frequency(word) <= limit);
  return (rare.length > 0 ? rare : present.sort((left, right) => frequency(left) - frequency(right)).slice(0, 2)).join(' ');
}
