import { foldWord, stopwords, withoutMarks, writtenAsAcronym } from './stopwords.ts';
import { hasSnowballStemmer, wordMatcher } from './word-stems.ts';

/**
 * Text → search terms for the page index: folded, stopwords dropped, inflections trimmed so a
 * question's wording meets the document's. English (and any language without a Snowball stemmer) is
 * trimmed by a light stemmer ("countries" → "countri", "growing" → "grow"); the other Snowball
 * languages by their own ("Dateien" and "Datei" → "datei"). Both sides of a comparison must go
 * through this function with the same language.
 */
export function searchTerms(text: string, language = 'en'): string[] {
  if (language === 'en' || !hasSnowballStemmer(language)) return topicWords(withoutMarks(text), lowerCase).map(word => stem(word.toLowerCase()));
  // The stems quoting compares words by (word-stems.ts), taken before folding: the German stemmer knows "ü" and "ß".
  const { stem: stemIn } = wordMatcher(language);
  return topicWords(text.normalize('NFC'), foldWord).map(word => stemIn(word.toLowerCase()));
}

const lowerCase = (word: string) => word.toLowerCase();

/**
 * The languages a query's terms are made in to meet pages of every language: English, whose terms also
 * meet names and numbers on any page, and the question's own language when it has a stemmer.
 */
export function queryLanguages(language: string): string[] {
  return language !== 'en' && hasSnowballStemmer(language) ? ['en', language] : ['en'];
}

/**
 * The words of a text that carry a topic, as written: no stopwords (compared `folded`, which need only
 * lower the case of a text already without marks) unless written as an acronym ("IT", "NOS";
 * stopwords.ts), no single letters.
 */
function topicWords(text: string, folded: (word: string) => string): string[] {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word, index) => (word.length > 1 || /\d/u.test(word)) && (!stopwords.has(folded(word)) || writtenAsAcronym(words, index)));
}

/** Each word that is one search term, with that term; words that are none (a stopword) or several are left out. */
export function singleSearchTerms(words: Iterable<string>, language = 'en'): Map<string, string> {
  const termOf = new Map<string, string>();
  for (const word of words) {
    const terms = searchTerms(word, language);
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
