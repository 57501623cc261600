/** What a font's name tells about its style. */
export interface FontStyle {
  /** The name without its subset prefix ("ABCDEF+Arial-BoldMT" becomes "Arial-BoldMT"). */
  name: string;
  bold: boolean;
  italic: boolean;
  /** Font units per em, as fractions of the font size (ascent > 0 > descent). */
  ascent: number;
  descent: number;
}

const subsetPrefix = /^[A-Z]{6}\+/;
// Embedded fonts carry no bold/italic flag through pdf.js, so their names are the evidence. TeX fonts
// encode style in short codes (CMBX10 bold, CMTI10 italic, SFBX/SFTI for cm-super, NimbusRomNo9L-Medi
// is Times Bold); "Medium" alone is not treated as bold.
const boldName = /bold|black|heavy|semibold|demi(?!tasse)|extrabold|ultrabold|[-,_ ](bd|sb|blk|hv)$|-medi(ital)?$|(cm|sf|lm)(ss)?bx|cmb\d/i;
const italicName = /italic|oblique|slant|ital$|[-,](it|obl)$|(bold|semibold|light|medium|regular|book)it$|(cm|sf|lm)(bx)?(ti|sl|mi|bi)\d/i;
const monospaceName = /mono|courier|consol|menlo|inconsolata|typewriter|(cm|sf|lm)tt|code/i;
const mathName = /^(cmmi|cmsy|cmex|msam|msbm|stixmath|cambria ?math|symbol|mathematicalpi|euclid|lmmath|rsfs|esint|txsy|txex|pxsy)/i;

export function stripSubsetPrefix(fontName: string): string {
  return fontName.replace(subsetPrefix, '');
}

export function fontStyleFromName(fontName: string): { name: string; bold: boolean; italic: boolean } {
  const name = stripSubsetPrefix(fontName);
  return { name, bold: boldName.test(name), italic: italicName.test(name) };
}

// Weight words as type foundries use them in font names, heaviest first. "Medium" and "Md" sit between
// Regular and Semibold: in many CJK and sans families they are the heading weight over a Light body.
const weightNames: Array<[RegExp, number]> = [
  [/black|heavy|ultrabold|extrabold|[-,_ ](blk|hv)$/i, 800],
  [/semibold|demi(?!tasse)|[-,_ ]sb$/i, 600],
  [boldName, 700],
  [/medium|[-,_ ]md$|[-,_ ]med$/i, 500],
  [/light|thin|hairline|[-,_ ]lt$/i, 300],
];

/** CSS-style weight (300 light, 400 regular, 500 medium, 600 semibold, 700 bold, 800 black) read off a font name. */
export function fontWeightFromName(fontName: string): number {
  const name = stripSubsetPrefix(fontName);
  for (const [pattern, weight] of weightNames) if (pattern.test(name)) return weight;
  return 400;
}

/** A run's weight: the name's, raised to bold when pdf.js flags the font bold. */
export function runWeight(run: { fontName: string; bold: boolean }): number {
  const weight = fontWeightFromName(run.fontName);
  return run.bold ? Math.max(600, weight) : weight;
}

export function isMonospaceFontName(fontName: string): boolean {
  return monospaceName.test(fontName);
}

export function isMathFontName(fontName: string): boolean {
  return mathName.test(fontName);
}
