import type { DocumentRecord } from '../documents/types.ts';
import { recordLanguage } from '../documents/record-language.ts';
import { documentLanguagesNamed } from '../text/language-names.ts';

/**
 * The ready documents a question names by the language they are written in: "the Korean slides", "im
 * koreanischen Bericht", "de Arabische tekst" (language-names.ts). A document's language is the one its
 * record keeps (record-language.ts). None when no document, or every one, is in that language.
 */
export function documentsByLanguage(question: string, ready: DocumentRecord[]): DocumentRecord[] {
  const named = new Set(documentLanguagesNamed(question).map(entry => entry.language));
  if (named.size === 0) return [];
  const inLanguage = ready.filter(record => named.has(recordLanguage(record)));
  return inLanguage.length < ready.length ? inLanguage : [];
}
