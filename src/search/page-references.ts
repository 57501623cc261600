/**
 * Pages a question points at by position: "on page 17", "pages 10-11", "the cover", "the last page",
 * "slide 3", "Folie 3". A number may be a printed page number, a PDF page label (a deck's slide number)
 * or a physical page.
 */
export type PageReference = { kind: 'number'; value: string } | { kind: 'fromStart'; page: number } | { kind: 'fromEnd'; offset: number };

const numberWords: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const ordinals: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5 };
const numberPattern = '(\\d{1,5}|[ivxlc]{1,6}|one|two|three|four|five|six|seven|eight|nine|ten)';
/** "page", "slide" and their words in the languages answers are given in ("Seite", "Folie", "página", "diapositive"…). */
const pageWord = "(?:pages?|pp?\\.|slides?|seiten?|folien?|p[áa]ginas?|pagine|pagina's|diapositiv[aeo]s?)";
const numbered = new RegExp(
  `\\b${pageWord}\\s*\\(?\\s*${numberPattern}\\b(?:\\s*\\)?\\s*(?:-|–|to|and|&|bis|à|a|y|e|tot|en)\\s*(?:${pageWord}\\s*)?${numberPattern}\\b)?`,
  'giu',
);
const ordinalPage = /\b(first|second|third|fourth|fifth)\s+(?:page|slide)\b/giu;
const lastPage =
  /\b(?:(second|2nd)[\s-]+(?:to[\s-]+)?last|penultimate|last|final)\s+(?:page|slide)\b|\bpage\s+at\s+the\s+(second\s+)?last\b|\bback\s+cover\b/giu;
const cover = /\b(?:front\s+)?cover\b|\bfront\s+page\b|\btitle\s+page\b/iu;

/** True when the question names slides ("slide 4", "Folie 4"): it is about a deck. */
export function pointsAtSlides(question: string): boolean {
  return /\b(?:slides?|folien?|diapositiv[aeo]s?)\b/iu.test(question);
}

export function pageReferences(question: string): PageReference[] {
  const references: PageReference[] = [];
  for (const match of question.matchAll(numbered)) {
    for (const value of [match[1], match[2]]) {
      if (!value) continue;
      const lower = value.toLowerCase();
      // A lone "i" or "c" after "page" is rarely a roman numeral ("page I mentioned" is not a page).
      if (/^[ivxlc]+$/u.test(lower) && !/^(?:i{2,3}|iv|vi{0,3}|ix|xi{0,3})$/u.test(lower)) continue;
      references.push({ kind: 'number', value: String(numberWords[lower] ?? lower) });
    }
  }
  for (const match of question.matchAll(ordinalPage)) references.push({ kind: 'fromStart', page: ordinals[match[1].toLowerCase()] });
  for (const match of question.matchAll(lastPage)) references.push({ kind: 'fromEnd', offset: match[1] || match[2] ? 1 : 0 });
  if (cover.test(question) && !/\bback\s+cover\b/iu.test(question)) references.push({ kind: 'fromStart', page: 1 });
  return references;
}

/**
 * Physical pages a reference can mean in one document. `likely`: the pages printing that number or
 * labelled so, else the physical page of that number; `fallback`: the physical page of that number when
 * the document calls another page so (readers cite the number they see, but some count PDF pages).
 */
export function referencedPages(
  reference: PageReference,
  document: { pagesNamed: (name: string) => number[]; lastPage: number },
): { likely: number[]; fallback: number[] } {
  if (reference.kind === 'fromStart') return { likely: [reference.page], fallback: [] };
  if (reference.kind === 'fromEnd') return { likely: [document.lastPage - reference.offset].filter(page => page >= 1), fallback: [] };
  const physical = /^\d+$/u.test(reference.value) ? [Number(reference.value)] : [];
  const named = document.pagesNamed(reference.value);
  if (named.length === 0) return { likely: physical, fallback: [] };
  return { likely: named, fallback: physical.filter(page => !named.includes(page)) };
}
