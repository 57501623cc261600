/** The fields of a loaded pdf.js font that place text. */
export interface TextFont {
  name: string;
  vertical: boolean;
  /** Glyph space → text space; pdf.js's default (1/1000 em) when the font has none. */
  fontMatrix: ArrayLike<number> | undefined;
  isType3Font: boolean;
  bbox: ArrayLike<number> | undefined;
  /** What a TeX text font draws where pdf.js reads a control character or an ASCII mark, by that character (tex-text-font.ts); null for most fonts. */
  unmappedCharacters?: ReadonlyMap<string, string> | null;
}

export type TextFontLookup = (fontId: string) => TextFont | null;

export const FONT_IDENTITY_MATRIX = [0.001, 0, 0, 0.001, 0, 0];

/** pdf.js's TextState: the text part of the graphics state, saved and restored with it. */
export class TextState {
  ctm: ArrayLike<number> = [1, 0, 0, 1, 0, 0];
  /** The Tf font reference as pdf.js compares it (null after a font set by an ExtGState). */
  fontRef: string | null = null;
  fontId: string | null = null;
  font: TextFont | null = null;
  fontSize = 0;
  fontMatrix: ArrayLike<number> = FONT_IDENTITY_MATRIX;
  textMatrix = [1, 0, 0, 1, 0, 0];
  textLineMatrix = [1, 0, 0, 1, 0, 0];
  charSpacing = 0;
  wordSpacing = 0;
  leading = 0;
  hScale = 1;
  rise = 0;

  clone(): TextState {
    const copy = new TextState();
    copy.ctm = this.ctm;
    copy.fontRef = this.fontRef;
    copy.fontId = this.fontId;
    copy.font = this.font;
    copy.fontSize = this.fontSize;
    copy.fontMatrix = this.fontMatrix;
    copy.textMatrix = this.textMatrix.slice();
    copy.textLineMatrix = this.textLineMatrix.slice();
    copy.charSpacing = this.charSpacing;
    copy.wordSpacing = this.wordSpacing;
    copy.leading = this.leading;
    copy.hScale = this.hScale;
    copy.rise = this.rise;
    return copy;
  }
}

/**
 * ctm × textMatrix × [fontSize·hScale 0 0 fontSize 0 rise], in the order pdf.js multiplies (the
 * zeros dropped, which leaves every product and sum the same), into `out` (pdf.js allocates one per glyph).
 */
export function currentTransform(state: TextState, out: number[]): number[] {
  const font = state.font;
  const size = state.fontSize;
  let scaleY = size;
  if (font?.isType3Font && size <= 1 && !isFontIdentity(state.fontMatrix) && font.bbox) {
    const glyphHeight = font.bbox[3] - font.bbox[1];
    if (glyphHeight > 0) scaleY *= glyphHeight * state.fontMatrix[3];
  }
  const scaleX = size * state.hScale;
  const t = state.textMatrix;
  const rise = state.rise;
  const i0 = t[0] * scaleX;
  const i1 = t[1] * scaleX;
  const i2 = t[2] * scaleY;
  const i3 = t[3] * scaleY;
  const i4 = t[2] * rise + t[4];
  const i5 = t[3] * rise + t[5];
  const m = state.ctm;
  out[0] = m[0] * i0 + m[2] * i1;
  out[1] = m[1] * i0 + m[3] * i1;
  out[2] = m[0] * i2 + m[2] * i3;
  out[3] = m[1] * i2 + m[3] * i3;
  out[4] = m[0] * i4 + m[2] * i5 + m[4];
  out[5] = m[1] * i4 + m[3] * i5 + m[5];
  return out;
}

export function advanceScale(state: TextState): number {
  return Math.hypot(state.textLineMatrix[0], state.textLineMatrix[1]) * Math.hypot(state.ctm[0], state.ctm[1]);
}

export function translate(matrix: number[], x: number, y: number): void {
  matrix[4] = matrix[0] * x + matrix[2] * y + matrix[4];
  matrix[5] = matrix[1] * x + matrix[3] * y + matrix[5];
}

export function isFontIdentity(matrix: ArrayLike<number>): boolean {
  for (let k = 0; k < 6; k++) if (matrix[k] !== FONT_IDENTITY_MATRIX[k]) return false;
  return true;
}
