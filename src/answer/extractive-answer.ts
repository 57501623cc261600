import { contentWords } from '../retrieve/offline-plan.ts';
import { foldWord } from '../retrieve/stopwords.ts';
import type { ContextPassage } from './context-passage.ts';

export interface ExtractiveAnswer {
  /** Bullet list of quoted sentences, each with its passage's [n] marker (resolveCitations renumbers them). */
  text: string;
  /** The best sentence covers at least half of the question's weighted content words. */
  grounded: boolean;
}

/**
 * The answer without a language model (DESIGN §4.6): the sentences of the retrieved passages that share
 * the most (rarer words weigh more) with the question, quoted with their source. Grounded only when the
 * best sentence covers at least half of what the question asks about.
 */
export function extractiveAnswer(questions: string[], passages: ContextPassage[], options: { maxSentences?: number } = {}): ExtractiveAnswer {
  const queryStems = [...new Set(questions.flatMap(contentWords).map(stem))];
  if (queryStems.length === 0 || passages.length === 0) return { text: '', grounded: false };

  const candidates: Array<{ n: number; text: string; stems: Set<string>; order: number }> = [];
  for (const passage of passages) {
    for (const { text } of passage.pageTexts) {
      for (const sentence of splitSentences(text)) {
        candidates.push({ n: passage.n, text: sentence, stems: new Set(wordsOf(sentence).map(stem)), order: candidates.length });
      }
    }
  }
  const documentFrequency = new Map(queryStems.map(term => [term, candidates.filter(candidate => candidate.stems.has(term)).length]));
  const weight = (term: string) => Math.log(1 + (candidates.length + 1) / (1 + (documentFrequency.get(term) ?? 0)));
  const totalWeight = queryStems.reduce((sum, term) => sum + weight(term), 0);
  const scored = candidates
    .map(candidate => ({ ...candidate, coverage: queryStems.reduce((sum, term) => sum + (candidate.stems.has(term) ? weight(term) : 0), 0) / totalWeight }))
    .filter(candidate => candidate.coverage > 0)
    // Passages come best section first within a document: a small tie-breaker for earlier ones.
    .sort((a, b) => b.coverage - a.coverage || a.n - b.n || a.order - b.order);

  const chosen: typeof scored = [];
  const seen = new Set<string>();
  for (const candidate of scored) {
    if (chosen.length >= (options.maxSentences ?? 3)) break;
    if (candidate.coverage < 0.3 && chosen.length > 0) break;
    const key = foldWord(candidate.text).replace(/\W+/gu, '');
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(candidate);
  }
  if (chosen.length === 0) return { text: '', grounded: false };
  return {
    text: chosen.map(candidate => `- “${candidate.text}” [${candidate.n}]`).join('\n'),
    grounded: chosen[0].coverage >= 0.5,
  };
}

/** Sentences and table rows of a page's text, trimmed to a quotable length. */
function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+(?=[\p{Lu}\p{N}"“(])|\n+/u)
    .map(sentence => sentence.replace(/\s+/gu, ' ').trim())
    .filter(sentence => sentence.length >= 20 && /\p{L}/u.test(sentence) && !/^\|?\s*[-:| ]+$/u.test(sentence))
    .map(sentence => (sentence.length > 400 ? `${sentence.slice(0, 400).replace(/\s+\S*$/u, '')} …` : sentence));
}

function wordsOf(text: string): string[] {
  return foldWord(text).match(/[\p{L}\p{N}]+(?:[.,][\p{N}]+)*/gu) ?? [];
}

/** A crude stem: the first six letters of a word (numbers whole), so "revenues" matches "revenue". */
function stem(word: string): string {
  const folded = foldWord(word);
  return /\d/u.test(folded) ? folded : folded.slice(0, 6);
}
