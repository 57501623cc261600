import { pdfjs } from './open-pdf.ts';

const { OPS } = pdfjs;

/**
 * TeX's text fonts (OT1: cmr, cmbx, cmti, …) keep the ligatures ff, fi, fl, ffi and ffl at codes 11–15,
 * and curly quotes and dashes where ASCII has other marks: “ at \, ” at ", – at { and — at |. Drawn as
 * Type3 fonts (dvips bitmaps), they often come without a Unicode for those codes, and pdf.js reads the
 * codes themselves: control characters, which count as spaces ("first" reads "rst", "different"
 * "di erent", and the words are not found; pdftotext loses them too), and ASCII marks
 * (\the type of a module").
 *
 * The same codes hold other glyphs in TeX's other fonts (Greek letters in math italic, arrows and
 * ASCII in typewriter), so a font is taken for a text font only when its glyphs at 11–15 are as wide as
 * their letters in the same font, less a little kerning: ff is 0.58 em in cmr10, f + f 0.61; math
 * italic's α at code 11 is 0.64 em against 0.98 for its two f's, and a typewriter's every glyph is one
 * width.
 *
 * Returns, by the character pdf.js reads, what a text font's unmapped glyphs are; null for other fonts.
 */
export function unmappedTexCharacters(charProcs: Readonly<Record<string, CharProc>> | undefined): ReadonlyMap<string, string> | null {
  if (!charProcs) return null;
  const widthOf = (name: string): number | null => glyphWidth(charProcs[name]);
  const found = new Map<string, string>();
  for (const [code, letters] of ligatureCodes) {
    const name = String.fromCharCode(code);
    const width = widthOf(name);
    if (width === null || width <= 0) continue;
    const letterWidths = [...letters].map(widthOf);
    if (letterWidths.some(letterWidth => letterWidth === null || letterWidth <= 0)) continue;
    const ratio = width / letterWidths.reduce<number>((sum, letterWidth) => sum + letterWidth!, 0);
    if (ratio >= minimumWidthRatio && ratio <= maximumWidthRatio) found.set(name, letters);
  }
  if (found.size === 0) return null;
  for (const [ascii, mark] of punctuation) if (charProcs[ascii]) found.set(ascii, mark);
  return found;
}

/** A Type3 glyph's drawing, as pdf.js's main-thread font object keeps it (`charProcOperatorList`). */
export interface CharProc {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

const ligatureCodes: Array<[number, string]> = [
  [11, 'ff'],
  [12, 'fi'],
  [13, 'fl'],
  [14, 'ffi'],
  [15, 'ffl'],
];

/** OT1's marks at ASCII codes, by the ASCII character. */
const punctuation: Array<[string, string]> = [
  ['\\', '“'],
  ['"', '”'],
  ['{', '–'],
  ['|', '—'],
];

/** A ligature's width over its letters' sum: kerning makes it a little narrower, never wider. */
const minimumWidthRatio = 0.85;
const maximumWidthRatio = 1.02;

/** The advance a glyph procedure sets with d0 or d1, its first operator. */
function glyphWidth(charProc: CharProc | undefined): number | null {
  if (!charProc || charProc.fnArray.length === 0) return null;
  const operator = charProc.fnArray[0];
  if (operator !== OPS.setCharWidth && operator !== OPS.setCharWidthAndBounds) return null;
  const width = (charProc.argsArray[0] as ArrayLike<unknown> | null)?.[0];
  return typeof width === 'number' && Number.isFinite(width) ? width : null;
}
