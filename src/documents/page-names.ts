import { isRomanNumeral, romanValue } from '../text/roman-numerals.ts';
import type { DocumentTree } from './document-tree.ts';
import type { IngestStats } from './types.ts';

/**
 * How a person names a document's pages: a deck's pages by the slide they show ("slide 4" for the third
 * page when slide 3 is hidden), a PDF's by its page labels ("p. iv") or the numbers printed on them
 * ("p. 45" on the 47th page), anything else by position. The physical page stays the key for links,
 * page images, highlights and evaluation; these names are only what people read.
 */
export interface PageNames {
  /** Whether the pages are slides. */
  unit: 'slide' | 'page';
  /** The bare name of a physical page: "4", "iv", "12–13" for a spread; undefined when it has none of its own. */
  label(page: number): string | undefined;
}

const slideMimes = /presentation|powerpoint|slideshow/iu;

/** True for the presentation formats (PowerPoint, OpenDocument), whose pages are slides. */
export function isSlideDeckMime(mime: string): boolean {
  return slideMimes.test(mime);
}

/**
 * The names of a document's pages. `numbering` is the document's tree or the part of it at hand (a
 * context's pages): its page labels (a deck's slide numbers; a PDF's `/PageLabels`) and printed numbers.
 */
export function pageNamesOf(mime: string, numbering: Pick<DocumentTree, 'pageLabels' | 'printedPageNumbers'> | undefined): PageNames {
  const labels = numbering?.pageLabels;
  const printed = numbering?.printedPageNumbers;
  if (isSlideDeckMime(mime)) return { unit: 'slide', label: page => labels?.[page - 1] ?? String(page) };
  // Printed numbers are kept only for documents that number their pages (an empty list where a page
  // prints none), so any entry at hand, even of one page, tells whether the document does.
  const numbered = printed?.some(numbers => numbers !== undefined) ?? false;
  return {
    unit: 'page',
    label: page => {
      // A PDF's own label when it names the page otherwise than its position ("iv", "A-3").
      const own = labels?.[page - 1]?.trim();
      if (own && own !== String(page)) return own;
      const numbers = printed?.[page - 1] ?? [];
      if (numbers.length === 1) return String(numbers[0]);
      if (numbers.length === 2 && numbers[1] === numbers[0] + 1) return `${numbers[0]}–${numbers[1]}`;
      // A page printing no number of a document that numbers its pages has no name a reader would see.
      return own || !numbered ? String(page) : undefined;
    },
  };
}

/** A document's length for a person: "12 pages", "1 page"; a deck's "5 slides, 1 hidden" (hidden slides have no page, so are not read). */
export function pageCountLabel(pages: number, slides?: IngestStats['slides']): string {
  if (!slides) return `${pages} page${pages === 1 ? '' : 's'}`;
  const count = `${slides.count} slide${slides.count === 1 ? '' : 's'}`;
  return slides.hidden.length > 0 ? `${count}, ${slides.hidden.length} hidden` : count;
}

/** The position only: for documents whose tree is not at hand. */
export const pagePositions: PageNames = { unit: 'page', label: page => String(page) };

interface PageWords {
  slide: string;
  slides: string;
  page: string;
  pages: string;
  /** A page named by its position in the PDF, in a document whose pages print other numbers. */
  pdfPage: string;
}

const english: PageWords = { slide: 'slide', slides: 'slides', page: 'p.', pages: 'pp.', pdfPage: 'PDF p.' };

/** In every language the answer messages speak (messages.ts); others get English. */
const words: Record<string, PageWords> = {
  en: english,
  de: { slide: 'Folie', slides: 'Folien', page: 'S.', pages: 'S.', pdfPage: 'PDF-S.' },
  fr: { slide: 'diapositive', slides: 'diapositives', page: 'p.', pages: 'p.', pdfPage: 'p. PDF' },
  es: { slide: 'diapositiva', slides: 'diapositivas', page: 'pág.', pages: 'págs.', pdfPage: 'pág. PDF' },
  it: { slide: 'diapositiva', slides: 'diapositive', page: 'p.', pages: 'pp.', pdfPage: 'p. PDF' },
  pt: { slide: 'diapositivo', slides: 'diapositivos', page: 'p.', pages: 'pp.', pdfPage: 'p. PDF' },
  nl: { slide: 'dia', slides: "dia's", page: 'p.', pages: 'pp.', pdfPage: 'PDF-p.' },
};

/** "slide 4", "p. iv", "PDF p. 2" (a page without a printed number, in a document whose pages have them). */
export function namePage(names: PageNames, page: number, language = 'en'): string {
  return namePages(names, [page], language);
}

/**
 * Pages as one phrase: "slide 4", "slides 4–5" for a run, "pp. iv, 3" otherwise; pages without a name of
 * their own are named by position ("PDF p. 2"). An empty list is "p. ?".
 */
export function namePages(names: PageNames, pages: readonly number[], language = 'en'): string {
  const say = words[language] ?? english;
  if (pages.length === 0) return `${say.page} ?`;
  const labels = pages.map(page => names.label(page));
  if (labels.some(label => label === undefined)) {
    return pages
      .map((page, index) => (labels[index] === undefined ? `${say.pdfPage} ${page}` : `${names.unit === 'slide' ? say.slide : say.page} ${labels[index]}`))
      .join(', ');
  }
  const named = labels as string[];
  const [singular, plural] = names.unit === 'slide' ? [say.slide, say.slides] : [say.page, say.pages];
  if (named.length === 1) return `${singular} ${named[0]}`;
  return `${plural} ${runOrList(named)}`;
}

/** Every page of a document, 1 to `totalPages`, as a person names it (`tree.pageNames` in the CLI and REST). */
export function allPageNames(names: PageNames, totalPages: number, language = 'en'): string[] {
  return Array.from({ length: totalPages }, (_, index) => namePage(names, index + 1, language));
}

/** A run of pages by its ends, as a section's extent: "pp. 3–7", "slides 2–5" (hidden slides between). */
export function namePageRange(names: PageNames, first: number, last: number, language = 'en'): string {
  if (first >= last) return namePages(names, [first], language);
  const [from, to] = [names.label(first), names.label(last)];
  if (from === undefined || to === undefined) return `${namePages(names, [first], language)} – ${namePages(names, [last], language)}`;
  const say = words[language] ?? english;
  // A spread's name is a run itself ("12–13"): the range runs from its first number to the last one's last.
  return `${names.unit === 'slide' ? say.slides : say.pages} ${from.split('–')[0]}–${to.split('–').at(-1)}`;
}

/** "4–6" when the names are consecutive numbers (or roman numerals, not mixed), "4, 9" otherwise. */
function runOrList(labels: string[]): string {
  const numbers = labels.map(labelValue);
  const sameKind = labels.every(label => /^\d+$/u.test(label)) || labels.every(isRomanNumeral);
  const consecutive =
    labels.length >= 2 && sameKind && numbers.every((value, index) => value !== undefined && (index === 0 || value === numbers[index - 1]! + 1));
  return consecutive ? `${labels[0]}–${labels.at(-1)}` : labels.join(', ');
}

/** The number a label stands for: "45" → 45, "iv" → 4; undefined for anything else ("A-3", "12–13"). */
function labelValue(label: string): number | undefined {
  if (/^\d+$/u.test(label)) return Number(label);
  return isRomanNumeral(label) ? romanValue(label) : undefined;
}
