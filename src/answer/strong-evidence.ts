import type { KnowledgeStore } from '../index/types.ts';
import type { PageSearch } from '../retrieve/page-search.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { ContextPassage } from './context-passage.ts';
import { loadDocumentWords } from './document-words.ts';
import { extractiveAnswer } from './extractive-answer.ts';
import { keyTerms, missingFrom, passagesOf } from './unmentioned-terms.ts';

/**
 * The evidence a model's NOT_FOUND is overruled on. The offline answer's bar (FOLIO_EXTRACTIVE_MIN_EVIDENCE,
 * 0.05) only keeps out quotes that share almost nothing with the question; with the key-term check it
 * leaves a quarter of the evaluation set's unanswerable questions above 0.3 (docs/asking.md). A model that
 * read the passages and said "not found" is a better judge than that, so it is overruled only when the
 * best quote holds most of the question's weighted words on a top-ranked page: 0.6 is 60 % coverage on
 * the best page, or about 46 % when the quote carries the kind of answer asked for (a count for "how
 * many"). To be calibrated on the development set with a real model.
 */
export const modelNotFoundMinimumEvidence = 0.6;

/**
 * Whether the offline answer would answer the question from these passages with at least
 * `minimumEvidence`: the same test as ask-question.ts's extractive answer (everything the question names
 * is in one document of the context, then the best quote's score), at a bar of one's choosing.
 */
export async function offlineEvidenceHolds(
  input: { question: string; subQuestions: string[]; passages: ContextPassage[]; language: string; spaces: SpaceId[] },
  dependencies: { store: KnowledgeStore; pageSearch: PageSearch },
  minimumEvidence: number,
): Promise<boolean> {
  const { passages, language } = input;
  const contextDocuments = [...new Set(passages.map(passage => passage.documentId))];
  const named = keyTerms(input.question, { language });
  const words = await loadDocumentWords(named, contextDocuments, input.spaces, dependencies);
  const missing = contextDocuments.map(documentId => missingFrom(named, documentId, words));
  if (named.length > 0 && missing.every(terms => terms.length > 0)) return false;
  const holding = new Set(contextDocuments.filter((_, index) => missing[index].length === 0));
  const answering = holding.size < contextDocuments.length ? passagesOf(passages, holding) : passages;
  return extractiveAnswer(input.subQuestions, answering, { language, minimumEvidence }).grounded;
}
