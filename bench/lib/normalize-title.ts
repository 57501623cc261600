/**
 * Title normalization shared by the fidelity benchmark's matchers. Reference trees and Folio's tree
 * disagree on numbering ("I. INTRODUCTION" vs "INTRODUCTION"), case, punctuation and HTML escaping
 * (PageIndex titles carry "&amp;"), none of which says anything about whether a heading was found.
 */

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const codePoint = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(codePoint) && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }
    return namedEntities[entity.toLowerCase()] ?? whole;
  });
}

// Leading section numbers: "1", "1.2.3", "2)", "IV.", "A.", "(3)", "-2-5" (Docling's reading of a
// right-to-left "5-2-"), optionally after "Chapter"/"Section"/"Part"/"Appendix". Roman numerals and
// letters need their dot or bracket, so real words ("I think", "A note") are left alone.
const numberingPrefix = /^(?:(?:chapter|section|part|appendix)\s+)?(?:\d+(?:[.-]\d+)*[.):]?|[ivxlcdm]+[.):]|\p{L}[.)]|\(\w{1,4}\)|-\d+(?:-\d+)*)(?:\s+|$)/iu;

/** Separators between words: everything that is not a letter, a combining mark or a digit. */
const nonWordCharacters = /[^\p{L}\p{M}\p{N}]+/gu;

function simplify(text: string): string {
  return text.replace(nonWordCharacters, ' ').trim();
}

/**
 * Lowercase, NFKC, HTML entities decoded, leading numbering removed (unless `keepNumbering`),
 * punctuation turned into single spaces. A title that is nothing but a number ("1", a chapter opener)
 * keeps its number, so it can still match itself.
 */
export function normalizeTitle(title: string, options: { keepNumbering?: boolean } = {}): string {
  const cleaned = decodeHtmlEntities(title).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  if (options.keepNumbering) return simplify(cleaned);
  const withoutNumbering = simplify(cleaned.replace(numberingPrefix, ''));
  return withoutNumbering.length > 0 ? withoutNumbering : simplify(cleaned);
}
