import { documentKindWords, plainDocumentWords } from './document-kind-words.ts';
import { foldedWords, foldWord } from './stopwords.ts';

/** The languages whose names a question may use for a document's language: those Folio reads questions in. */
const questionLanguages = ['en', 'de', 'nl', 'fr', 'es', 'it', 'pt'];
/** The languages a document can be read as being in (detect-language.ts). */
const documentLanguages = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'ja', 'ko', 'zh', 'ru', 'ar', 'fa', 'he', 'el', 'th', 'hi'];

/** English name of a language code ("German"); in `inLanguage` when given ("Englisch"). */
export function languageName(code: string, inLanguage = 'en'): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Each document language's names, folded, in every question language: "korean", "koreanisch", "koreaans", "coreen"… */
const languageNames = new Map(documentLanguages.map(code => [code, [...new Set(questionLanguages.map(language => foldWord(languageName(code, language))))]]));

/** What a language's name may end in as an adjective: "koreanischen", "Koreaanse", "coréenne", "coreana" ("Germany" is no "German"). */
const inflections = new Set(['', 'e', 'en', 'er', 'es', 'em', 'n', 'ne', 'nes', 's', 'se', 'a', 'o', 'as', 'os']);

/** How far after the language's name the word for the document may stand ("the Korean insurance report"). */
const documentWordWindow = 3;

/**
 * The languages a question names documents by ("the Korean slides", "im koreanischen Bericht", "de
 * Arabische tekst"), with the words that name them as written (folded): a language's name, its
 * inflections too, closely followed by a word for a document, so "Korean exports" names none.
 */
export function documentLanguagesNamed(question: string): Array<{ language: string; word: string }> {
  const words = foldedWords(question);
  const named: Array<{ language: string; word: string }> = [];
  words.forEach((word, index) => {
    const following = words.slice(index + 1, index + 1 + documentWordWindow).join(' ');
    if (!documentKindWords.test(following) && !plainDocumentWords.test(following)) return;
    const language = languageNamedBy(word);
    if (language) named.push({ language, word });
  });
  return named;
}

/** The language a word names, in any question language and inflection ("Dutch", "koreanischen", "coréenne"); folded or not. */
export function languageNamedBy(word: string): string | undefined {
  const folded = foldWord(word);
  for (const [language, names] of languageNames) {
    if (names.some(name => folded.startsWith(name) && inflections.has(folded.slice(name.length)))) return language;
  }
  return undefined;
}
