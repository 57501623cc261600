import bidiModule from 'bidi-js';

/** The characters pdf.js's bidi() counts as right-to-left or Arabic numbers. */
export const rightToLeftCharacter = /[\u0590-\u05f4\u0600-\u08ac\ufb50-\ufdff\ufe70-\ufeff]/u;

// The package's CommonJS export is the factory itself; its types declare it as an ES default export.
const bidi = (bidiModule as unknown as typeof bidiModule.default)();

/**
 * The text of glyphs painted left to right, in reading order: the Unicode bidirectional algorithm
 * applied glyph by glyph. pdf.js reverses a right-to-left run character by character, so a glyph that
 * stands for several characters — the Arabic lam-alef ligature, mapped to "لا" or "لإ" — comes out
 * backwards: "علاوة" reads "عالوة", "الإنتاجية" reads "اإلنتاجية", and neither is found. Here each
 * glyph's characters keep their order. The paragraph runs right to left as pdf.js decides it: unless
 * under 30% of a text longer than four characters is right-to-left.
 */
export function readingOrder(glyphs: readonly string[]): string {
  const units = glyphs.filter(glyph => glyph.length > 0);
  const text = units.join('');
  const rightToLeft = [...text].filter(character => rightToLeftCharacter.test(character)).length;
  if (rightToLeft === 0) return text;
  const direction = rightToLeft / text.length < 0.3 && text.length > 4 ? 'ltr' : 'rtl';
  // One character a glyph, its first, stands for it in the algorithm: a ligature's letters share their direction.
  const representative = units.map(unit => (/[\ud800-\udfff]/u.test(unit[0]) ? '\u0020' : unit[0])).join('');
  const levels = bidi.getEmbeddingLevels(representative, direction);
  const ordered = bidi.getReorderedIndices(representative, levels).map(index => units[index]);
  return ordered.join('');
}
