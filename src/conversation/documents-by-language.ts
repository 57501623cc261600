import type { DocumentRecord } from '../documents/types.ts';
import { documentLanguage } from '../text/detect-language.ts';
import { documentLanguagesNamed } from '../text/language-names.ts';

/**
 * The ready documents a question names by the language they are written in: "the Korean slides", "im
 * koreanischen Bericht", "de Arabische tekst" (language-names.ts). A document's language is read from
 * its title and opening words. None when no document, or every one, is in that language.
 */
export function documentsByLanguage(question: string, ready: DocumentRecord[]): DocumentRecord[] {
  const named = new Set(documentLanguagesNamed(question).map(entry => entry.language));
  if (named.size === 0) return [];
  const inLanguage = ready.filter(record => named.has(documentLanguage([record.title ?? '', record.opening ?? ''])));
  return inLanguage.length < ready.length ? inLanguage : [];
}
