/**
 * Turns free text into a safe FTS5 MATCH expression. Every token is double-quoted (so AND, OR, NEAR,
 * `*`, `-`, `:` and `^` are never read as syntax) and tokens are OR-ed, leaving the ranking to BM25.
 */

const tokenPattern = /[\p{L}\p{N}\p{M}]+/gu;
const cjkPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const cjkRunPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
/** Longer queries (a pasted paragraph) add little to BM25 and cost time. */
const maxTokens = 48;

export function containsCjk(text: string): boolean {
  return cjkPattern.test(text);
}

/** For the unicode61 table; null when the text has no word characters at all. */
export function toWordQuery(text: string): string | null {
  return orQuery(wordTokens(text));
}

/** The distinct words of a query, at most `maxTokens`. */
export function wordTokens(text: string): string[] {
  return unique(text.normalize('NFKC').match(tokenPattern) ?? []).slice(0, maxTokens);
}

export function orQuery(tokens: string[]): string | null {
  return tokens.length === 0 ? null : tokens.map(quote).join(' OR ');
}

/** Rows holding every token. */
export function andQuery(tokens: string[]): string | null {
  return tokens.length === 0 ? null : tokens.map(quote).join(' AND ');
}

/** Roughly what unicode61 with remove_diacritics 2 indexes for a word (used only to look up counts). */
export function foldedTerm(token: string): string {
  // ASCII tokens (nearly all of them) need no normalization: counting a commit's words folds every token.
  return /^[\x00-\x7f]*$/u.test(token) ? token.toLowerCase() : token.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface CjkQuery {
  /** MATCH expression for the trigram table, or null when no token is 3+ characters long. */
  trigramQuery: string | null;
  /** Terms shorter than a trigram (2-character words are common in CJK); matched with instr(). */
  shortTerms: string[];
}

/**
 * The trigram tokenizer matches substrings of 3+ characters. CJK text has no spaces, so each CJK run
 * is cut into overlapping trigrams (a hit on more of them ranks higher); other words stay whole.
 */
export function toCjkQuery(text: string): CjkQuery {
  const normalized = text.normalize('NFKC');
  const terms: string[] = [];
  const shortTerms: string[] = [];
  for (const run of normalized.match(cjkRunPattern) ?? []) {
    const characters = [...run];
    if (characters.length < 3) shortTerms.push(run);
    for (let start = 0; start + 3 <= characters.length; start += 1) terms.push(characters.slice(start, start + 3).join(''));
  }
  for (const word of normalized.replace(cjkRunPattern, ' ').match(tokenPattern) ?? []) {
    if ([...word].length >= 3) terms.push(word);
    else shortTerms.push(word);
  }
  const trigramTerms = unique(terms).slice(0, maxTokens);
  return {
    trigramQuery: trigramTerms.length === 0 ? null : trigramTerms.map(quote).join(' OR '),
    shortTerms: trigramTerms.length === 0 ? unique(shortTerms).slice(0, 8) : [],
  };
}

function quote(token: string): string {
  return `"${token.replaceAll('"', '""')}"`;
}

function unique(tokens: string[]): string[] {
  return [...new Set(tokens)];
}
