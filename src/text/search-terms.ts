import { foldWord, stopwords } from './stopwords.ts';

/**
 * Text → search terms for the client-side indexes: folded, stopwords dropped, English inflections
 * trimmed ("countries" → "countri", "growing" → "grow") so a question's wording meets the document's.
 * Both sides of a comparison must go through this same function.
 */
export function searchTerms(text: string): string[] {
  const words = foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter(word => !stopwords.has(word) && (word.length > 1 || /\d/u.test(word))).map(stem);
}

/** Each word that is one search term, with that term; words that are none (a stopword) or several are left out. */
export function singleSearchTerms(words: Iterable<string>): Map<string, string> {
  const termOf = new Map<string, string>();
  for (const word of words) {
    const terms = searchTerms(word);
    if (terms.length === 1) termOf.set(word, terms[0]);
  }
  return termOf;
}

/** A light English stemmer (plurals, -ing, -ed, -ly); numbers and short words stay as they are. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/u.test(word)) return word;
  let stemmed = word;
  if (stemmed.endsWith('ies') && stemmed.length > 4) stemmed = `${stemmed.slice(0, -3)}i`;
  else if (stemmed.endsWith('sses')) stemmed = stemmed.slice(0, -2);
  else if (stemmed.endsWith('s') && !stemmed.endsWith('ss') && !stemmed.endsWith('us') && !stemmed.endsWith('is')) stemmed = stemmed.slice(0, -1);
  for (const suffix of ['ing', 'ed', 'ly']) {
    if (stemmed.endsWith(suffix) && stemmed.length - suffix.length >= 3 && /[aeiouy]/u.test(stemmed.slice(0, -suffix.length))) {
      stemmed = stemmed.slice(0, -suffix.length);
      break;
    }
  }
  if (stemmed.endsWith('y') && stemmed.length > 3) stemmed = `${stemmed.slice(0, -1)}i`;
  return stemmed;
}
