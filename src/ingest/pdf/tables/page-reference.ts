import { isRomanNumeral, romanValue } from '../../../text/roman-numerals.ts';

/**
 * A page number as printed at the end of a table-of-contents entry: arabic ("12"), roman ("xiv",
 * front matter) or chapter-page ("2-15", "A-3", manuals). `order` sorts references of the same
 * `style`; the styles are not comparable with each other (front matter restarts at 1).
 */
export interface PageReference {
  style: 'arabic' | 'roman' | 'chapter';
  order: number;
}

const arabic = /^\d{1,4}$/;
const chapterPage = /^([A-Z]|\d{1,2})[-–](\d{1,3})$/;

export function parsePageReference(text: string): PageReference | undefined {
  const trimmed = text.trim();
  // No document has a page 0: a lone 0 is a value in a table.
  if (arabic.test(trimmed)) return Number(trimmed) === 0 ? undefined : { style: 'arabic', order: Number(trimmed) };
  const chapter = chapterPage.exec(trimmed);
  if (chapter) {
    const major = /\d/.test(chapter[1]) ? Number(chapter[1]) : 100 + chapter[1].charCodeAt(0);
    return { style: 'chapter', order: major * 1000 + Number(chapter[2]) };
  }
  // One case throughout ("xiv", "XIV"), at most 7 letters: longer strings are words.
  if (trimmed.length > 7 || (trimmed !== trimmed.toLowerCase() && trimmed !== trimmed.toUpperCase())) return undefined;
  // Well-formed only, so "dim" or "mild" are not page numbers ("mix" still is: context decides).
  if (!isRomanNumeral(trimmed)) return undefined;
  return { style: 'roman', order: romanValue(trimmed) };
}
