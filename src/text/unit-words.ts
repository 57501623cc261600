/**
 * Words of unit queries and of units as the SQLite store's FTS5 table indexes them (unicode61,
 * remove_diacritics 2): both stores choose a question's words and count the units holding them with
 * these, so the same question asks the same words of either store (unit-query-words.ts).
 */

/** Word characters of a query: letters, numbers and their combining marks. */
export const queryTokenPattern = /[\p{L}\p{N}\p{M}]+/gu;
/** unicode61's token characters by default: letters, numbers and private-use code points; all else separates. */
const indexTokenPattern = /[\p{L}\p{N}\p{Co}\p{M}]+/gu;
/** Longer queries (a pasted paragraph) add little to BM25 and cost time. */
export const maxQueryTokens = 48;

/** The distinct words of a query, at most `maxQueryTokens`, as written. */
export function wordTokens(text: string): string[] {
  return [...new Set(text.normalize('NFKC').match(queryTokenPattern) ?? [])].slice(0, maxQueryTokens);
}

/** Roughly what unicode61 with remove_diacritics 2 indexes for a word: lower case, without diacritics. */
export function foldedTerm(token: string): string {
  // ASCII tokens (nearly all of them) need no normalization: counting a commit's words folds every token.
  return /^[\x00-\x7f]*$/u.test(token) ? token.toLowerCase() : token.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The folded terms of a column value in order, repeats kept: what BM25 counts in a unit. */
export function indexedTerms(value: string): string[] {
  return Array.from(value.matchAll(indexTokenPattern), match => foldedTerm(match[0]));
}
