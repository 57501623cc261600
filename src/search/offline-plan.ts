import { foldWord, stopwords, writtenAsAcronym } from '../text/stopwords.ts';
import type { QueryPlan } from './types.ts';
import { financialStatementTerms } from './financial-metrics.ts';
import { withoutSourcePhrase } from './source-phrase.ts';

/**
 * The query plan without a language model: the question, its parts when it plainly asks
 * several things, and keyword variants for BM25 (first, when the question names a financial ratio, its
 * keywords plus the statements and line items the ratio is computed from). No HyDE passages and no node
 * picks: those need a model. A question asked of chosen documents (`focused`) is searched without the
 * phrase that names them (source-phrase.ts).
 */
export function offlinePlan(question: string, options: { focused?: boolean } = {}): QueryPlan {
  const whole = normalizeSpace(question);
  const parts = splitQuestion(whole);
  const subQuestions = unique([whole, ...(parts.length > 1 ? parts : [])]);
  // Asked of chosen documents (`focused`), the phrase naming them is on all their pages: its keywords
  // without it come first, the question's own after them (the phrase's words may also be the subject:
  // "In the Azure CO2 thesis, what are the Scope 3 emissions per vCPU hour?").
  const searched = options.focused ? withoutSourcePhrase(whole) : whole;
  const searchedParts = splitQuestion(searched);
  const withoutPhrase = searched !== whole && contentWords(searched).length > 0 ? unique([searched, ...(searchedParts.length > 1 ? searchedParts : [])]) : [];
  const variants = unique([...withoutPhrase, ...subQuestions].flatMap(keywordVariants));
  // A financial ratio is answered by statements that never name it: search for those first (see financial-metrics.ts).
  const statementTerms = financialStatementTerms(whole);
  if (statementTerms) variants.unshift(`${variants[0] ?? ''} ${statementTerms}`.trim());
  return { subQuestions, variants, hyde: [], nodePicks: [] };
}

const questionStart = new RegExp(
  '^(?:' +
    [
      'what',
      'which',
      'who',
      'whom',
      'whose',
      'when',
      'where',
      'why',
      'how',
      'is',
      'are',
      'was',
      'were',
      'do',
      'does',
      'did',
      'can',
      'could',
      'should',
      'would',
      'will',
      'has',
      'have',
      'had',
      'list',
      'name',
      'give',
      'tell',
      'describe',
      'explain',
      'compare',
      'quel',
      'quelle',
      'quels',
      'quelles',
      'qui',
      'que',
      'quand',
      'comment',
      'combien',
      'pourquoi',
      'ou',
      'où',
      'was',
      'wer',
      'wie',
      'wo',
      'wann',
      'warum',
      'welche',
      'welcher',
      'welches',
      'qué',
      'que',
      'cuál',
      'cuáles',
      'quién',
      'cómo',
      'cuándo',
      'dónde',
      'cuánto',
      'cuántos',
      'por qué',
    ].join('|') +
    ')\\b',
  'iu',
);

/** True when a fragment reads as a question of its own, not as a clause of the previous one. */
function isQuestion(fragment: string): boolean {
  return questionStart.test(fragment.trim()) || fragment.trim().endsWith('?');
}

/**
 * Splits on "?", ";" and "and" (and its French/German/Spanish forms), but only when every piece is a
 * question by itself: "revenue and profit in 2020?" stays whole, "What is X and how does Y work?" splits.
 */
export function splitQuestion(question: string): string[] {
  const pieces = question
    .split(/(?<=\?)\s+|;\s*/u)
    .map(piece => piece.trim())
    .filter(piece => piece.length > 0);
  const questions = pieces.length > 1 && pieces.every(isQuestion) ? pieces : [question];
  return questions.flatMap(piece => {
    const halves = piece.split(/,?\s+(?:and|et|und|y)\s+/iu);
    return halves.length > 1 && halves.every(half => questionStart.test(half)) ? halves.map(tidyQuestion) : [tidyQuestion(piece)];
  });
}

function tidyQuestion(text: string): string {
  const trimmed = text.trim().replace(/[,;]+$/u, '');
  return /[?.!]$/u.test(trimmed) ? trimmed : `${trimmed}?`;
}

/**
 * Keyword forms of one question: every content word (numbers, years and names included), and each
 * quoted phrase on its own. No variant of only the names and numbers: it pulls rankings towards pages
 * that merely repeat a name (docs/retrieval.md).
 */
export function keywordVariants(question: string): string[] {
  const content = contentWords(question);
  const variants: string[] = [];
  if (content.length > 0) variants.push(content.join(' '));
  const quoted = [...question.matchAll(/["“«]([^"”»]{2,80})["”»]/gu)].map(match => normalizeSpace(match[1]));
  variants.push(...quoted);
  return variants;
}

/** Words worth searching for, in question order, stopwords (but those written as acronyms: "IT", "NOS") and one-letter words removed. */
export function contentWords(text: string): string[] {
  const words = tokens(text);
  return unique(words.filter((word, index) => (!stopwords.has(foldWord(word)) || writtenAsAcronym(words, index)) && (word.length > 1 || /\d/u.test(word))));
}

/** Letters/digits runs, keeping inner dots, hyphens and apostrophes ("U.S.", "COVID-19", "3.5"). */
function tokens(text: string): string[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:[.'’-][\p{L}\p{N}]+)*/gu)].map(match => match[0]);
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter(value => {
    const key = foldWord(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
