import type { KnowledgeStore } from '../index/types.ts';
import type { PageSearch } from '../retrieve/page-search.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { ContextPassage } from './context-passage.ts';
import { loadDocumentWords } from './document-words.ts';
import { extractiveAnswer } from './extractive-answer.ts';
import { keyTerms, missingFrom, passagesOf, type KeyTerm } from './unmentioned-terms.ts';

/**
 * The evidence a model's NOT_FOUND (or an answer none of whose claims is supported) is overruled on. The
 * offline answer's bar (FOLIO_EXTRACTIVE_MIN_EVIDENCE, 0.05) only keeps out quotes that share almost
 * nothing with the question; with the key-term check it leaves a quarter of the evaluation set's
 * unanswerable questions above 0.3 (docs/asking.md). A model that read the passages is a better judge
 * than that, so it is overruled only when the best quote holds most of the question's weighted words on
 * a top-ranked page: 0.6 is 60 % coverage on the best page, or about 46 % when the quote carries the kind
 * of answer asked for (a count for "how many").
 */
export const modelNotFoundMinimumEvidence = 0.6;

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

/**
 * Whether the offline answer would answer the question from these passages with at least
 * `minimumEvidence`: the same test as ask-question.ts's extractive answer, at a bar of one's choosing.
 */
export async function offlineEvidenceHolds(
  input: { question: string; subQuestions: string[]; passages: ContextPassage[]; language: string; spaces: SpaceId[] },
  dependencies: { store: KnowledgeStore; pageSearch: PageSearch },
  minimumEvidence: number,
): Promise<boolean> {
  const answering = await answeringPassages(input, dependencies);
  if (answering.passages.length === 0) return false;
  return extractiveAnswer(input.subQuestions, answering.passages, { language: input.language, minimumEvidence }).grounded;
}
