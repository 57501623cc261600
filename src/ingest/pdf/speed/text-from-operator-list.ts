import { pdfjs } from '../open-pdf.ts';
// multiplyMatrices multiplies in the order of pdf.js's Util.transform, which getTextContent uses.
import { multiplyMatrices } from '../graphics/affine-matrix.ts';
import { indexOfMatchingEnd } from '../graphics/walk-operator-list.ts';
import type { OperatorList } from '../graphics/walk-operator-list.ts';

const { OPS, normalizeUnicode } = pdfjs;

/** One stretch of text as pdf.js's text layer (`getTextContent`) would give it, without `dir`. */
export interface OperatorTextItem {
  str: string;
  /** Text space → PDF user space of the page, at the item's first glyph (pdf.js's item transform). */
  transform: number[];
  width: number;
  height: number;
  /** pdf.js's loaded font id (the key of the font in page.commonObjs). */
  fontName: string;
  hasEOL: boolean;
}

/** The fields of a loaded pdf.js font that place text. */
export interface TextFont {
  name: string;
  vertical: boolean;
  /** Glyph space → text space; pdf.js's default (1/1000 em) when the font has none. */
  fontMatrix: ArrayLike<number> | undefined;
  isType3Font: boolean;
  bbox: ArrayLike<number> | undefined;
}

export type TextFontLookup = (fontId: string) => TextFont | null;

/**
 * Why a page's text must come from pdf.js's own text layer instead: this reader does not order
 * right-to-left scripts (pdf.js runs its bidi algorithm), does not lay out vertical writing, cannot
 * tell how pdf.js sizes a Type3 font whose box it derived from the glyphs (`isCharBBox` does not
 * reach the font object the main thread sees), and cannot place text in a font it was not given.
 */
export type TextFromOperatorsUnsupported = 'right-to-left' | 'vertical' | 'type3-size' | 'unknown-font';

export type TextFromOperators = { items: OperatorTextItem[] } | { unsupported: TextFromOperatorsUnsupported };

// pdf.js's getTextContent thresholds, in units of the font size (evaluator.js).
const TRACKING_SPACE_FACTOR = 0.102;
const NOT_A_SPACE_FACTOR = 0.03;
const NEGATIVE_SPACE_FACTOR = -0.2;
const SPACE_IN_FLOW_MIN_FACTOR = 0.102;
const SPACE_IN_FLOW_MAX_FACTOR = 0.6;
const VERTICAL_SHIFT_RATIO = 0.25;
const FONT_IDENTITY_MATRIX = [0.001, 0, 0, 0.001, 0, 0];
/** The characters pdf.js's bidi() counts as right-to-left or Arabic numbers. */
const rightToLeft = /[\u0590-\u05f4\u0600-\u08ac\ufb50-\ufdff\ufe70-\ufeff]/;

/** The operators read below (a switch over pdf.js's OPS fields compares them one by one). */
const textOperators = new Uint8Array(256);
for (const name of [
  'beginAnnotation',
  'beginGroup',
  'save',
  'restore',
  'transform',
  'setFont',
  'setGState',
  'setTextRise',
  'setHScale',
  'setLeading',
  'moveText',
  'setLeadingMoveText',
  'nextLine',
  'setTextMatrix',
  'setCharSpacing',
  'setWordSpacing',
  'beginText',
  'showText',
  'beginMarkedContent',
  'beginMarkedContentProps',
  'endMarkedContent',
  'paintImageXObject',
  'paintImageXObjectRepeat',
  'paintImageMaskXObject',
  'paintImageMaskXObjectRepeat',
  'paintImageMaskXObjectGroup',
  'paintSolidColorImageMask',
  'paintFormXObjectBegin',
  'paintFormXObjectEnd',
] as const) {
  textOperators[OPS[name]] = 1;
}

/** A glyph in a showText operator's arguments (pdf.js's fonts_Glyph, handed over as is in this thread). */
interface Glyph {
  unicode: string;
  width: number;
  originalCharCode: number;
  category: { isWhitespace: boolean; isZeroWidthDiacritic: boolean; isInvisibleFormatMark: boolean };
}

/** pdf.js's TextState: the text part of the graphics state, saved and restored with it. */
class TextState {
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

/** What pdf.js compares to decide that the font changed enough to end the item. */
interface FontSnapshot {
  fontSize: number;
  fontRef: string | null;
  fontName: string | undefined;
  vertical: boolean | undefined;
}

/**
 * The item pdf.js is building, with its spacing thresholds. One per content stream (the page, and each
 * form XObject, which pdf.js reads with a getTextContent call of its own). Fields keep their values
 * after an item is flushed: pdf.js compares the next glyph with them.
 */
class ItemInProgress {
  initialized = false;
  str: string[] = [];
  totalWidth = 0;
  totalHeight = 0;
  width = 0;
  height = 0;
  /** pdf.js's prevTransform, kept as numbers; `hasPrevious` false means null. */
  hasPrevious = false;
  readonly previous = [0, 0, 0, 0, 0, 0];
  prevTextRise = 0;
  textAdvanceScale = 0;
  spaceInFlowMin = 0;
  spaceInFlowMax = 0;
  trackingSpaceMin = Infinity;
  negativeSpaceMax = -Infinity;
  notASpace = -Infinity;
  transform: number[] = [];
  fontName = '';
  hasEOL = false;
  /** pdf.js's twoLastChars ring: whether to add a space between words that a spacing gap split. */
  readonly twoLastChars = [' ', ' '];
  twoLastCharsPos = 0;

  constructor(public snapshot: FontSnapshot) {}
}

/**
 * Builds the text items pdf.js's getTextContent would build, from the page's operator list instead of a
 * second parse of its content streams. The operator list holds every shown glyph (Unicode value,
 * width) and every text-state operator, and pdf.js needs it anyway for the page's graphics and figures;
 * reading the content again would be a large share of all parse CPU.
 *
 * This follows pdf.js 5.6's getTextContent step for step (spaces from gaps, line ends, items split on
 * font changes, marked content and XObjects, glyphs outside the page view dropped, NFKC normalisation),
 * so the layout rules tuned on its output see the same items. Annotation appearances and soft-mask
 * content are not read, as getTextContent does not read them.
 */
export function readTextFromOperatorList(operatorList: OperatorList, fonts: TextFontLookup, view: ArrayLike<number>): TextFromOperators {
  const reader = new OperatorTextReader(fonts, view);
  const unsupported = reader.read(operatorList);
  return unsupported ? { unsupported } : { items: reader.items };
}

class OperatorTextReader {
  readonly items: OperatorTextItem[] = [];
  #state = new TextState();
  readonly #savedStates: TextState[] = [];
  /** Saved states below this belong to enclosing content: a form's stray Q cannot restore them. */
  #savedStatesFloor = 0;
  #item: ItemInProgress;
  /** The enclosing contents' items and floors, while inside forms. */
  readonly #outerContents: Array<{ item: ItemInProgress; savedStatesFloor: number }> = [];
  readonly #fonts: TextFontLookup;
  readonly #view: ArrayLike<number>;
  /** Scratch for the current text transform (pdf.js allocates one per glyph). */
  readonly #current = [0, 0, 0, 0, 0, 0];
  /** Set when a flushed item holds right-to-left text: the page then goes to pdf.js. */
  #pendingRightToLeft = false;

  constructor(fonts: TextFontLookup, view: ArrayLike<number>) {
    this.#fonts = fonts;
    this.#view = view;
    this.#item = new ItemInProgress(this.#snapshot());
  }

  read({ fnArray, argsArray }: OperatorList): TextFromOperatorsUnsupported | null {
    for (let index = 0; index < fnArray.length; index++) {
      // Most operators paint paths or set colours; one table lookup passes them by.
      if (textOperators[fnArray[index]] === 0) continue;
      // biome-ignore lint/suspicious/noExplicitAny: pdf.js leaves operator arguments untyped; each case reads the layout pdf.js 5.6 emits.
      const args = argsArray[index] as any[];
      const state = this.#state;
      switch (fnArray[index]) {
        case OPS.beginAnnotation:
          index = indexOfMatchingEnd(fnArray, index, OPS.beginAnnotation, OPS.endAnnotation);
          break;
        case OPS.beginGroup:
          // A soft mask's content shapes the mask; pdf.js's text layer never reads it.
          if ((args[0] as { smask?: unknown }).smask) index = indexOfMatchingEnd(fnArray, index, OPS.beginGroup, OPS.endGroup);
          break;
        case OPS.save:
          // Copied only when changed (#writable): most saved states only wrap a path or an image.
          this.#savedStates.push(state);
          break;
        case OPS.restore:
          if (this.#savedStates.length > this.#savedStatesFloor) this.#state = this.#savedStates.pop()!;
          break;
        case OPS.transform:
          this.#writable().ctm = multiplyMatrices(state.ctm, args);
          break;
        case OPS.setFont: {
          const [fontId, fontSize] = args as [string, number];
          if (state.font && fontId === state.fontRef && fontSize === state.fontSize) break;
          this.#setFont(fontId, fontId, fontSize);
          break;
        }
        case OPS.setGState:
          for (const [key, value] of args[0] as Array<[string, unknown]>) {
            if (key !== 'Font') continue;
            const [fontId, fontSize] = value as [string, number];
            this.#flush();
            this.#setFont(null, fontId, fontSize);
          }
          break;
        case OPS.setTextRise:
          this.#writable().rise = args[0];
          break;
        case OPS.setHScale:
          this.#writable().hScale = args[0] / 100;
          break;
        case OPS.setLeading:
          this.#writable().leading = args[0];
          break;
        case OPS.moveText:
          this.#moveLine(args[0], args[1]);
          break;
        case OPS.setLeadingMoveText:
          this.#writable().leading = -args[1];
          this.#moveLine(args[0], args[1]);
          break;
        case OPS.nextLine:
          this.#moveLine(0, -state.leading);
          break;
        case OPS.setTextMatrix:
          this.#writable().textMatrix = fromFloat32(args[0] as Float32Array);
          this.#state.textLineMatrix = this.#state.textMatrix.slice();
          this.#updateAdvanceScale();
          break;
        case OPS.setCharSpacing:
          this.#writable().charSpacing = args[0];
          break;
        case OPS.setWordSpacing:
          this.#writable().wordSpacing = args[0];
          break;
        case OPS.beginText:
          this.#writable().textMatrix = [1, 0, 0, 1, 0, 0];
          this.#state.textLineMatrix = [1, 0, 0, 1, 0, 0];
          break;
        case OPS.showText: {
          const unsupported = this.#showText(args[0] as Array<Glyph | number>);
          if (unsupported) return unsupported;
          break;
        }
        case OPS.beginMarkedContent:
        case OPS.beginMarkedContentProps:
        case OPS.endMarkedContent:
        // pdf.js ends the item at every XObject (`Do`), images included.
        case OPS.paintImageXObject:
        case OPS.paintImageXObjectRepeat:
        case OPS.paintImageMaskXObject:
        case OPS.paintImageMaskXObjectRepeat:
        case OPS.paintImageMaskXObjectGroup:
        case OPS.paintSolidColorImageMask:
          this.#flush();
          break;
        case OPS.paintFormXObjectBegin: {
          // pdf.js reads a form with a getTextContent of its own, from a copy of the current state.
          this.#flush();
          const [matrix] = args as [Float32Array | null];
          this.#outerContents.push({ item: this.#item, savedStatesFloor: this.#savedStatesFloor });
          this.#savedStates.push(state);
          this.#savedStatesFloor = this.#savedStates.length;
          if (matrix) this.#writable().ctm = multiplyMatrices(state.ctm, fromFloat32(matrix));
          this.#item = new ItemInProgress(this.#snapshot());
          break;
        }
        case OPS.paintFormXObjectEnd: {
          const outer = this.#outerContents.pop();
          if (!outer) break;
          this.#flush();
          this.#savedStates.length = this.#savedStatesFloor;
          this.#state = this.#savedStates.pop()!;
          this.#savedStatesFloor = outer.savedStatesFloor;
          this.#item = outer.item;
          break;
        }
      }
      if (this.#pendingRightToLeft) return 'right-to-left';
    }
    this.#flush();
    return this.#pendingRightToLeft ? 'right-to-left' : null;
  }

  /** The state to change: copied first when a save still shares it. */
  #writable(): TextState {
    const saved = this.#savedStates;
    if (saved.length > 0 && saved[saved.length - 1] === this.#state) this.#state = this.#state.clone();
    return this.#state;
  }

  #moveLine(x: number, y: number): void {
    const state = this.#writable();
    translate(state.textLineMatrix, x, y);
    state.textMatrix = state.textLineMatrix.slice();
  }

  #setFont(fontRef: string | null, fontId: string, fontSize: number): void {
    const state = this.#writable();
    const font = this.#fonts(fontId);
    state.fontRef = fontRef;
    state.fontSize = fontSize;
    state.fontId = fontId;
    state.font = font;
    state.fontMatrix = font?.fontMatrix ?? FONT_IDENTITY_MATRIX;
  }

  #snapshot(): FontSnapshot {
    const { fontSize, fontRef, font } = this.#state;
    return { fontSize, fontRef, fontName: font?.name, vertical: font?.vertical };
  }

  /** One showText: glyphs, with TJ spacing numbers (thousandths of an em) between them. */
  #showText(elements: Array<Glyph | number>): TextFromOperatorsUnsupported | null {
    const state = this.#writable();
    const font = state.font;
    if (!font) return state.fontId === null ? null : 'unknown-font';
    if (font.vertical) return 'vertical';
    if (font.isType3Font && state.fontSize > 1 && !isFontIdentity(state.fontMatrix)) return 'type3-size';
    // pdf.js joins the strings between non-zero numbers and builds each stretch with the number as
    // extra spacing after its last glyph; zeros do not split.
    const spaceFactor = -state.fontSize / 1000;
    let start = 0;
    let spaced = false;
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index];
      if (typeof element !== 'number') continue;
      spaced = true;
      if (element === 0) continue;
      this.#buildChunk(elements, start, index, element * spaceFactor, true);
      start = index + 1;
    }
    this.#buildChunk(elements, start, elements.length, 0, !spaced);
    return null;
  }

  /**
   * pdf.js's buildTextContentItem, horizontal writing only, for the glyphs in elements[start, end)
   * (zeros among them are skipped). With no glyph there, pdf.js only applies the spacing, and only when
   * it was called at all (`whenEmpty`).
   */
  #buildChunk(elements: Array<Glyph | number>, start: number, end: number, extraSpacing: number, whenEmpty: boolean): void {
    let lastGlyph = end - 1;
    while (lastGlyph >= start && typeof elements[lastGlyph] === 'number') lastGlyph--;
    if (lastGlyph < start && !whenEmpty) return;
    const state = this.#state;
    const item = this.#item;
    const font = state.font!;
    const snapshot = item.snapshot;
    if (
      snapshot.fontSize !== state.fontSize ||
      (snapshot.fontRef !== state.fontRef && (snapshot.fontName !== font.name || snapshot.vertical !== font.vertical))
    ) {
      this.#flush();
      item.snapshot = this.#snapshot();
    }
    const baseCharSpacing = state.charSpacing;
    if (lastGlyph < start) {
      const charSpacing = baseCharSpacing + extraSpacing;
      if (charSpacing) translate(state.textMatrix, charSpacing * state.hScale, 0);
      return;
    }
    const scale = state.fontMatrix[0] * state.fontSize;
    for (let index = start; index <= lastGlyph; index++) {
      const glyph = elements[index];
      if (typeof glyph === 'number') continue;
      const category = glyph.category;
      if (category.isInvisibleFormatMark) continue;
      let charSpacing = baseCharSpacing + (index === lastGlyph ? extraSpacing : 0);
      let scaledDim = glyph.width * scale;
      if (glyph.originalCharCode === 0x20) charSpacing += state.wordSpacing;
      if (category.isWhitespace) {
        charSpacing += scaledDim;
        translate(state.textMatrix, charSpacing * state.hScale, 0);
        this.#saveLastChar(' ');
        continue;
      }
      if (!category.isZeroWidthDiacritic && !this.#compareWithLastPosition(scaledDim)) {
        translate(state.textMatrix, scaledDim * state.hScale, 0);
        continue;
      }
      this.#ensureItem();
      if (category.isZeroWidthDiacritic) scaledDim = 0;
      scaledDim *= state.hScale;
      translate(state.textMatrix, scaledDim, 0);
      item.width += scaledDim;
      if (scaledDim) {
        const current = this.#currentTransform();
        const previous = item.previous;
        for (let k = 0; k < 6; k++) previous[k] = current[k];
        item.hasPrevious = true;
        item.prevTextRise = state.rise;
      }
      if (this.#saveLastChar(glyph.unicode)) item.str.push(' ');
      item.str.push(glyph.unicode);
      if (charSpacing) translate(state.textMatrix, charSpacing * state.hScale, 0);
    }
  }

  /** pdf.js's compareWithLastPosition, horizontal writing: spaces, line ends and item splits from the gap. */
  #compareWithLastPosition(glyphWidth: number): boolean {
    const state = this.#state;
    const item = this.#item;
    const view = this.#view;
    const current = this.#currentTransform();
    let posX = current[4];
    let posY = current[5];
    if (posX + glyphWidth < view[0] || posX > view[2] || posY < view[1] || posY > view[3]) return false;
    if (!item.hasPrevious) return true;
    const previous = item.previous;
    let lastPosX = previous[4];
    let lastPosY = previous[5];
    if (lastPosX === posX && lastPosY === posY) return true;

    let rotate = -1;
    if (current[0] && current[1] === 0 && current[2] === 0) rotate = current[0] > 0 ? 0 : 180;
    else if (current[1] && current[0] === 0 && current[3] === 0) rotate = current[1] > 0 ? 90 : 270;
    switch (rotate) {
      case 0:
        break;
      case 90:
        [posX, posY, lastPosX, lastPosY] = [posY, posX, lastPosY, lastPosX];
        break;
      case 180:
        [posX, posY, lastPosX, lastPosY] = [-posX, -posY, -lastPosX, -lastPosY];
        break;
      case 270:
        [posX, posY, lastPosX, lastPosY] = [-posY, -posX, -lastPosY, -lastPosX];
        break;
      default: {
        const scale = Math.hypot(current[0], current[1]);
        [posX, posY] = [(current[0] * posX + current[1] * posY) / scale, (current[2] * posX + current[3] * posY) / scale];
        const lastScale = Math.hypot(previous[0], previous[1]);
        [lastPosX, lastPosY] = [(previous[0] * lastPosX + previous[1] * lastPosY) / lastScale, (previous[2] * lastPosX + previous[3] * lastPosY) / lastScale];
      }
    }

    const advanceX = (posX - lastPosX) / item.textAdvanceScale;
    const advanceY = posY - lastPosY;
    const textOrientation = Math.sign(item.width || item.totalWidth);
    if (advanceX < textOrientation * item.negativeSpaceMax) {
      if (Math.abs(advanceY) > 0.5 * item.height) {
        this.#appendEOL();
        return true;
      }
      this.#resetLastChars();
      this.#flush();
      return true;
    }
    const textRiseDelta = state.rise - item.prevTextRise;
    const advanceYCorrected = textRiseDelta === 0 ? advanceY : advanceY - (current[3] / state.fontSize) * textRiseDelta;
    if (Math.abs(advanceYCorrected) > item.height) {
      this.#appendEOL();
      return true;
    }
    if (advanceX <= textOrientation * item.notASpace) this.#resetLastChars();
    if (advanceX <= textOrientation * item.trackingSpaceMin) {
      if (this.#shouldAddWhitespace()) {
        // pdf.js also pushes a whitespace item here; Folio drops whitespace items.
        this.#resetLastChars();
        this.#flush();
      } else {
        item.width += advanceX;
      }
    } else if (!this.#addFakeSpaces(advanceX, textOrientation)) {
      if (item.str.length === 0) this.#resetLastChars();
      else item.width += advanceX;
    }
    if (Math.abs(advanceY) > item.height * VERTICAL_SHIFT_RATIO) this.#flush();
    return true;
  }

  /** True when the gap is an in-flow space (added to the item); otherwise the item ends. */
  #addFakeSpaces(width: number, textOrientation: number): boolean {
    const item = this.#item;
    if (textOrientation * item.spaceInFlowMin <= width && width <= textOrientation * item.spaceInFlowMax) {
      if (item.initialized) {
        this.#resetLastChars();
        item.str.push(' ');
      }
      return false;
    }
    this.#flush();
    this.#resetLastChars();
    return true;
  }

  #appendEOL(): void {
    this.#resetLastChars();
    const item = this.#item;
    if (item.initialized) {
      item.hasEOL = true;
      this.#flush();
      return;
    }
    this.items.push({
      str: '',
      transform: this.#currentTransform().slice(),
      width: 0,
      height: 0,
      fontName: this.#state.fontId ?? '',
      hasEOL: true,
    });
  }

  #ensureItem(): void {
    const item = this.#item;
    if (item.initialized) return;
    const state = this.#state;
    item.fontName = state.fontId ?? '';
    const transform = (item.transform = this.#currentTransform().slice());
    item.width = item.totalWidth = 0;
    item.height = item.totalHeight = Math.hypot(transform[2], transform[3]);
    item.textAdvanceScale = advanceScale(state);
    const { fontSize } = state;
    item.trackingSpaceMin = fontSize * TRACKING_SPACE_FACTOR;
    item.notASpace = fontSize * NOT_A_SPACE_FACTOR;
    item.negativeSpaceMax = fontSize * NEGATIVE_SPACE_FACTOR;
    item.spaceInFlowMin = fontSize * SPACE_IN_FLOW_MIN_FACTOR;
    item.spaceInFlowMax = fontSize * SPACE_IN_FLOW_MAX_FACTOR;
    item.hasEOL = false;
    item.initialized = true;
  }

  #updateAdvanceScale(): void {
    const item = this.#item;
    if (!item.initialized) return;
    const scale = advanceScale(this.#state);
    if (scale === item.textAdvanceScale) return;
    item.totalWidth += item.width * item.textAdvanceScale;
    item.width = 0;
    item.textAdvanceScale = scale;
  }

  #flush(): void {
    const item = this.#item;
    if (!item.initialized) return;
    item.totalWidth += item.width * item.textAdvanceScale;
    const str = normalizeUnicode(item.str.join(''));
    if (rightToLeft.test(str)) this.#pendingRightToLeft = true;
    this.items.push({
      str,
      transform: item.transform,
      width: Math.abs(item.totalWidth),
      height: Math.abs(item.totalHeight),
      fontName: item.fontName,
      hasEOL: item.hasEOL,
    });
    item.initialized = false;
    item.str.length = 0;
  }

  #saveLastChar(char: string): boolean {
    const item = this.#item;
    const chars = item.twoLastChars;
    const nextPos = (item.twoLastCharsPos + 1) % 2;
    const wordBreak = chars[item.twoLastCharsPos] !== ' ' && chars[nextPos] === ' ';
    chars[item.twoLastCharsPos] = char;
    item.twoLastCharsPos = nextPos;
    return wordBreak;
  }

  #shouldAddWhitespace(): boolean {
    const item = this.#item;
    const chars = item.twoLastChars;
    return chars[item.twoLastCharsPos] !== ' ' && chars[(item.twoLastCharsPos + 1) % 2] === ' ';
  }

  #resetLastChars(): void {
    const item = this.#item;
    item.twoLastChars[0] = item.twoLastChars[1] = ' ';
    item.twoLastCharsPos = 0;
  }

  /**
   * ctm × textMatrix × [fontSize·hScale 0 0 fontSize 0 rise], in the order pdf.js multiplies (the
   * zeros dropped, which leaves every product and sum the same), into the scratch array.
   */
  #currentTransform(): number[] {
    const state = this.#state;
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
    const out = this.#current;
    out[0] = m[0] * i0 + m[2] * i1;
    out[1] = m[1] * i0 + m[3] * i1;
    out[2] = m[0] * i2 + m[2] * i3;
    out[3] = m[1] * i2 + m[3] * i3;
    out[4] = m[0] * i4 + m[2] * i5 + m[4];
    out[5] = m[1] * i4 + m[3] * i5 + m[5];
    return out;
  }
}

/**
 * The operator list stores text and form matrices as 32-bit floats; getTextContent reads the content
 * stream's decimals. Each value goes back to the shortest decimal that rounds to the same float, which
 * is the content stream's number whenever it had up to eight decimals and six significant digits. Without
 * this, table cells spaced exactly one font size apart fall a hair under pdf.js's line-end threshold.
 */
function fromFloat32(values: Float32Array): number[] {
  const decimals = new Array<number>(values.length);
  for (let k = 0; k < values.length; k++) decimals[k] = shortestDecimal(values[k]);
  return decimals;
}

const powersOfTen = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8];

function shortestDecimal(value: number): number {
  if (!Number.isFinite(value)) return value;
  // pdf.js's lexer reads "628.03" as 62803 / 100, which is what this finds first.
  for (const power of powersOfTen) {
    const decimal = Math.round(value * power) / power;
    if (Math.fround(decimal) === value) return decimal;
  }
  return value;
}

function advanceScale(state: TextState): number {
  return Math.hypot(state.textLineMatrix[0], state.textLineMatrix[1]) * Math.hypot(state.ctm[0], state.ctm[1]);
}

function translate(matrix: number[], x: number, y: number): void {
  matrix[4] = matrix[0] * x + matrix[2] * y + matrix[4];
  matrix[5] = matrix[1] * x + matrix[3] * y + matrix[5];
}

function isFontIdentity(matrix: ArrayLike<number>): boolean {
  for (let k = 0; k < 6; k++) if (matrix[k] !== FONT_IDENTITY_MATRIX[k]) return false;
  return true;
}
