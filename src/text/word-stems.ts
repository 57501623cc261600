import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { foldWord } from './stopwords.ts';

/**
 * Snowball stemmers (the `@orama/stemmers` ports) by ISO 639-1 code: "Farben" and "Farbe" → "farb",
 * "employees" → "employe". Languages without one fall back to English, which leaves most foreign
 * words as they are.
 */
const stemmers: Record<string, (word: string) => string> = {
  da: danish,
  de: german,
  en: english,
  es: spanish,
  fi: finnish,
  fr: french,
  it: italian,
  nl: dutch,
  no: norwegian,
  pt: portuguese,
  sv: swedish,
};

/** Whether a language has a Snowball stemmer of its own (wordMatcher falls back to English's otherwise). */
export function hasSnowballStemmer(language: string): boolean {
  return language in stemmers;
}

/** Languages that write compounds as one word ("Bundesflagge", "werknemersbijdrage"). */
const compounding = new Set(['da', 'de', 'fi', 'nl', 'no', 'sv']);

/** How words of one language are compared: stems, and for compounding languages parts of compounds. */
export interface WordMatcher {
  /** Lower case, diacritics removed, Snowball-stemmed; numbers stay whole. */
  stem(word: string): string;
  /** Whether a stem of the question matches a stem of the text. */
  matches(queryStem: string, textStem: string): boolean;
}

/** Shortest stem that may stand for a part of a compound ("flagg" in "bundesflagg"). */
const minimumPartLength = 4;

export function wordMatcher(language: string): WordMatcher {
  const snowball = stemmers[language] ?? english;
  const cache = new Map<string, string>();
  const stem = (word: string) => {
    const lower = word.toLowerCase();
    let stemmed = cache.get(lower);
    if (stemmed === undefined) {
      // Stem before folding: the German stemmer knows "ü" and "ß"; folding after makes "Über" = "uber".
      stemmed = /\d/u.test(lower) ? foldWord(lower) : foldWord(snowball(lower));
      cache.set(lower, stemmed);
    }
    return stemmed;
  };
  const compounds = compounding.has(language);
  return {
    stem,
    matches(queryStem, textStem) {
      if (queryStem === textStem) return true;
      if (!compounds || /\d/u.test(queryStem)) return false;
      // A compound ends with its head and starts with its modifier: "Flagge" is in "Bundesflagge",
      // "Bundesflagge" covers a text that says "Flagge des Bundes" only in part, so one direction suffices
      // for each: the shorter stem at either end of the longer one.
      const [short, long] = queryStem.length <= textStem.length ? [queryStem, textStem] : [textStem, queryStem];
      return short.length >= minimumPartLength && (long.endsWith(short) || long.startsWith(short));
    },
  };
}
