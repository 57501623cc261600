import { foldWord } from '../text/stopwords.ts';
import type { QuoteCandidate } from './quote-candidates.ts';

/**
 * Which sentence (or table row) of a page a claim rests on: the candidate holding the largest weighted
 * share of the claim's words, numbers weighing three times a word. The citation quotes
 * (resolve-citations.ts) and the grounding check of a model's answer (ground-model-answer.ts) both
 * align claims this way; each brings its own words (folded words for quotes, content-word stems for
 * grounding).
 */
export interface QuoteAlignment {
  candidate: QuoteCandidate;
  /** Weight of the claim's words the candidate holds, and of all the claim's words. */
  score: number;
  total: number;
}

/** The best-aligned candidate (the first of equals), or undefined when the claim has no words to weigh. */
export function bestAlignment(
  claimWords: ReadonlySet<string>,
  candidates: QuoteCandidate[],
  candidateWords: ReadonlyArray<ReadonlySet<string>>,
): QuoteAlignment | undefined {
  const total = [...claimWords].reduce((sum, word) => sum + alignmentWeight(word), 0);
  if (total === 0) return undefined;
  let best: QuoteAlignment | undefined;
  candidates.forEach((candidate, index) => {
    let score = 0;
    for (const word of claimWords) if (candidateWords[index].has(word)) score += alignmentWeight(word);
    if (!best || score > best.score) best = { candidate, score, total };
  });
  return best;
}

/** Numbers weigh more than words when telling which sentence a claim rests on. */
export function alignmentWeight(word: string): number {
  return /\d/u.test(word) ? 3 : 1;
}

/** Folded words and numbers ("1,200" and "4.2" stay whole). */
export function alignmentWords(text: string): string[] {
  return foldWord(text).match(/[\p{L}\p{N}]+(?:[.,][\p{N}]+)*/gu) ?? [];
}
