import type { AskConfig } from '../config.ts';
import type { DocumentRecord } from '../documents/types.ts';
import { asFolioError } from '../errors.ts';
import type { DocumentTree } from '../documents/document-tree.ts';
import type { Logger } from '../log.ts';
import type { Models } from '../models/types.ts';
import { keywordVariants } from '../search/offline-plan.ts';
import type { PageSearch } from '../search/page-search.ts';
import { searchDepth, searchSpace, wholePageOptions, type SearchPrefetch, type SearchSpaceOptions } from '../search/search-space.ts';
import type { QueryPlan, SearchResult } from '../search/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { detectLanguage } from '../text/detect-language.ts';
import type { KnowledgeStore } from '../store/types.ts';
import type { TreeCache } from './tree-cache.ts';
import type { AskInput } from './types.ts';

/** What a question's search reads: the store, its whole-page search, the embedding model, the fusion constant. */
export interface QuestionSearchDependencies {
  store: KnowledgeStore;
  models: Models;
  config: Pick<AskConfig, 'rrfK'>;
  pageSearch: PageSearch;
}

/** Fused units the search returns (for the search's own lists' depth; the context is built from pages). */
const searchK = 48;

/** Documents for the table of contents, most relevant first by a quick whole-page BM25 of the question. */
export async function tocDocuments(
  question: string,
  spaces: SpaceId[],
  records: Map<string, DocumentRecord>,
  dependencies: QuestionSearchDependencies,
  trees: TreeCache,
) {
  // The same whole-page search the search step runs for the question's keywords: the question's page search answers it once.
  const keywords = keywordVariants(question)[0] ?? question;
  const pages = await dependencies.pageSearch.search(keywords, wholePageOptions({ spaces, k: searchDepth(searchK), language: detectLanguage(question) }));
  const ranked = [...new Set(pages.map(hit => hit.unit.documentId))];
  const rest = [...records.values()].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1)).map(record => record.id);
  const ordered = [...new Set([...ranked, ...rest])].slice(0, 40);
  const documents: Array<{ record: DocumentRecord; tree: DocumentTree }> = [];
  for (const documentId of ordered) {
    const record = records.get(documentId);
    const tree = record ? await trees.get(dependencies.store, record) : null;
    if (record && tree) documents.push({ record, tree });
  }
  return documents;
}

/** The search's options: the same for its prefetched lists and the search itself. */
export function searchOptions(input: AskInput, dependencies: QuestionSearchDependencies, withVectors: boolean): SearchSpaceOptions {
  return {
    spaces: input.spaces,
    documentIds: input.documentIds,
    language: detectLanguage(input.question),
    k: searchK,
    rrfK: dependencies.config.rrfK,
    pageSearch: dependencies.pageSearch,
    signal: input.signal,
    embedder: withVectors ? dependencies.models.embedding : undefined,
  };
}

/** The question's search; when the embedding model fails, again without vectors, with a note. */
export async function search(
  plan: QueryPlan,
  input: AskInput,
  dependencies: QuestionSearchDependencies,
  notes: string[],
  log: Logger,
  prefetched?: SearchPrefetch,
): Promise<SearchResult> {
  try {
    return await searchSpace(dependencies.store, plan, { ...searchOptions(input, dependencies, true), prefetched });
  } catch (error) {
    if (!dependencies.models.embedding) throw error;
    input.signal?.throwIfAborted();
    // The embedding model failing must not cost the answer: lexical search still works.
    log.warn({ err: asFolioError(error).message }, 'vector search failed; searching without vectors');
    notes.push('Searched by keywords only: the embedding model was unavailable.');
    const lexicalOnly = prefetched ? { lexical: prefetched.lexical, subQuestionVectors: new Map() } : undefined;
    return await searchSpace(dependencies.store, plan, { ...searchOptions(input, dependencies, false), prefetched: lexicalOnly });
  }
}
