import { maxQueryTokens, queryTokenPattern, wordTokens } from '../../text/unit-words.ts';

/**
 * Turns free text into a safe FTS5 MATCH expression. Every token is double-quoted (so AND, OR, NEAR,
 * `*`, `-`, `:` and `^` are never read as syntax) and tokens are OR-ed, leaving the ranking to BM25.
 */

const cjkPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const cjkRunPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

export function containsCjk(text: string): boolean {
  return cjkPattern.test(text);
}

/** For the unicode61 table; null when the text has no word characters at all. */
export function toWordQuery(text: string): string | null {
  return orQuery(wordTokens(text));
}

export function orQuery(tokens: string[]): string | null {
  return tokens.length === 0 ? null : tokens.map(quote).join(' OR ');
}

/** Rows holding every token. */
export function andQuery(tokens: string[]): string | null {
  return tokens.length === 0 ? null : tokens.map(quote).join(' AND ');
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
  for (const word of normalized.replace(cjkRunPattern, ' ').match(queryTokenPattern) ?? []) {
    if ([...word].length >= 3) terms.push(word);
    else shortTerms.push(word);
  }
  const trigramTerms = unique(terms).slice(0, maxQueryTokens);
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
