import type { KnowledgeStore } from '../store/types.ts';
import type { PageSearch } from '../search/page-search.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { ContextPassage } from './context-passage.ts';
import { loadDocumentWords } from './document-words.ts';
import { keyTerms, missingFrom, passagesOf, type KeyTerm } from './unmentioned-terms.ts';

/**
 * The evidence a model's NOT_FOUND (or an answer none of whose claims is supported) is overruled on, by
 * the offline answer on the offline-sized context. The offline answer's own bar
 * (FOLIO_EXTRACTIVE_MIN_EVIDENCE, 0.05) only keeps out quotes that share almost nothing with the
 * question. Calibrated on the evaluation set with Qwen2.5-Coder 1.5B (docs/benchmarks.md, answers with a
 * local model): a small model says NOT_FOUND, or nothing it can show, for about half the answerable
 * questions and nearly all unanswerable ones, so the bar decides both false "not found" and abstention;
 * 0.25 (a quarter of the question's weighted words on the best page) keeps both near their targets,
 * where 0.6 left a quarter of the answerable questions "not found".
 */
export const modelNotFoundMinimumEvidence = 0.25;

export type AnsweringPassages = { passages: ContextPassage[] } | { passages: []; unmentioned: KeyTerm[] };

/**
 * The passages that can answer the question: what the question names (a year, a name, a code, a figure,
 * a page…) must all be in one document of the context, otherwise none answers it, however well their
 * sentences match its other words; the passages of the documents that hold it all. None: with the terms
 * no context document holds.
 */
export async function answeringPassages(
  input: { question: string; passages: ContextPassage[]; language: string; spaces: SpaceId[] },
  dependencies: { store: KnowledgeStore; pageSearch: PageSearch },
): Promise<AnsweringPassages> {
  const { passages, language } = input;
  const contextDocuments = [...new Set(passages.map(passage => passage.documentId))];
  const named = keyTerms(input.question, { language });
  const words = await loadDocumentWords(named, contextDocuments, input.spaces, dependencies);
  const missing = contextDocuments.map(documentId => missingFrom(named, documentId, words));
  if (named.length > 0 && missing.every(terms => terms.length > 0)) {
    return { passages: [], unmentioned: named.filter(term => missing.every(terms => terms.includes(term))) };
  }
  const holding = new Set(contextDocuments.filter((_, index) => missing[index].length === 0));
  return { passages: holding.size < contextDocuments.length ? passagesOf(passages, holding) : passages };
}
