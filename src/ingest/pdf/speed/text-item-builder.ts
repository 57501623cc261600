import { pdfjs } from '../open-pdf.ts';
import { readingOrder, rightToLeftCharacter } from './reading-order.ts';
import { advanceScale, currentTransform, type TextState, translate } from './text-state.ts';

const { normalizeUnicode } = pdfjs;

/** One stretch of text as pdf.js's text layer (`getTextContent`) would give it, without `dir` (right-to-left text in reading order, reading-order.ts). */
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

// pdf.js's getTextContent thresholds, in units of the font size (evaluator.js).
const TRACKING_SPACE_FACTOR = 0.102;
const NOT_A_SPACE_FACTOR = 0.03;
const NEGATIVE_SPACE_FACTOR = -0.2;
const SPACE_IN_FLOW_MIN_FACTOR = 0.102;
const SPACE_IN_FLOW_MAX_FACTOR = 0.6;
const VERTICAL_SHIFT_RATIO = 0.25;

/** A glyph in a showText operator's arguments (pdf.js's fonts_Glyph, handed over as is in this thread). */
export interface Glyph {
  unicode: string;
  width: number;
  originalCharCode: number;
  category: { isWhitespace: boolean; isZeroWidthDiacritic: boolean; isInvisibleFormatMark: boolean };
}

/** The category of what a font draws, read in place of the control character or mark pdf.js gave it. */
const printedCategory: Glyph['category'] = { isWhitespace: false, isZeroWidthDiacritic: false, isInvisibleFormatMark: false };

/** What pdf.js compares to decide that the font changed enough to end the item. */
export interface FontSnapshot {
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
export class ItemInProgress {
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

/** The font facts an item keeps to tell when a font change ends it. */
export function fontSnapshot(state: TextState): FontSnapshot {
  const { fontSize, fontRef, font } = state;
  return { fontSize, fontRef, fontName: font?.name, vertical: font?.vertical };
}

/**
 * pdf.js's getTextContent item building, horizontal writing: glyphs of the current text state become
 * items, split and spaced by the gaps between them, as pdf.js 5.6's evaluator does step for step.
 */
export class TextItemBuilder {
  readonly items: OperatorTextItem[] = [];
  /** The item being built: one per content stream (the reader swaps it at each form XObject). */
  item: ItemInProgress;
  readonly #view: ArrayLike<number>;
  /** Scratch for the current text transform (pdf.js allocates one per glyph). */
  readonly #current = [0, 0, 0, 0, 0, 0];

  constructor(view: ArrayLike<number>, snapshot: FontSnapshot) {
    this.#view = view;
    this.item = new ItemInProgress(snapshot);
  }

  /**
   * pdf.js's buildTextContentItem, horizontal writing only, for the glyphs in elements[start, end)
   * (zeros among them are skipped). With no glyph there, pdf.js only applies the spacing, and only when
   * it was called at all (`whenEmpty`).
   */
  buildChunk(state: TextState, elements: Array<Glyph | number>, start: number, end: number, extraSpacing: number, whenEmpty: boolean): void {
    let lastGlyph = end - 1;
    while (lastGlyph >= start && typeof elements[lastGlyph] === 'number') lastGlyph--;
    if (lastGlyph < start && !whenEmpty) return;
    const item = this.item;
    const font = state.font!;
    const snapshot = item.snapshot;
    if (
      snapshot.fontSize !== state.fontSize ||
      (snapshot.fontRef !== state.fontRef && (snapshot.fontName !== font.name || snapshot.vertical !== font.vertical))
    ) {
      this.flush();
      item.snapshot = fontSnapshot(state);
    }
    const baseCharSpacing = state.charSpacing;
    if (lastGlyph < start) {
      const charSpacing = baseCharSpacing + extraSpacing;
      if (charSpacing) translate(state.textMatrix, charSpacing * state.hScale, 0);
      return;
    }
    const scale = state.fontMatrix[0] * state.fontSize;
    const unmapped = font.unmappedCharacters;
    for (let index = start; index <= lastGlyph; index++) {
      const glyph = elements[index];
      if (typeof glyph === 'number') continue;
      const replaced = unmapped?.get(glyph.unicode);
      const unicode = replaced ?? glyph.unicode;
      const category = replaced ? printedCategory : glyph.category;
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
      if (!category.isZeroWidthDiacritic && !this.#compareWithLastPosition(state, scaledDim)) {
        translate(state.textMatrix, scaledDim * state.hScale, 0);
        continue;
      }
      this.#ensureItem(state);
      if (category.isZeroWidthDiacritic) scaledDim = 0;
      scaledDim *= state.hScale;
      translate(state.textMatrix, scaledDim, 0);
      item.width += scaledDim;
      if (scaledDim) {
        const current = currentTransform(state, this.#current);
        const previous = item.previous;
        for (let k = 0; k < 6; k++) previous[k] = current[k];
        item.hasPrevious = true;
        item.prevTextRise = state.rise;
      }
      if (this.#saveLastChar(unicode)) item.str.push(' ');
      item.str.push(unicode);
      if (charSpacing) translate(state.textMatrix, charSpacing * state.hScale, 0);
    }
  }

  /** pdf.js's compareWithLastPosition, horizontal writing: spaces, line ends and item splits from the gap. */
  #compareWithLastPosition(state: TextState, glyphWidth: number): boolean {
    const item = this.item;
    const view = this.#view;
    const current = currentTransform(state, this.#current);
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
        this.#appendEOL(state);
        return true;
      }
      this.#resetLastChars();
      this.flush();
      return true;
    }
    const textRiseDelta = state.rise - item.prevTextRise;
    const advanceYCorrected = textRiseDelta === 0 ? advanceY : advanceY - (current[3] / state.fontSize) * textRiseDelta;
    if (Math.abs(advanceYCorrected) > item.height) {
      this.#appendEOL(state);
      return true;
    }
    if (advanceX <= textOrientation * item.notASpace) this.#resetLastChars();
    if (advanceX <= textOrientation * item.trackingSpaceMin) {
      if (this.#shouldAddWhitespace()) {
        // pdf.js also pushes a whitespace item here; Folio drops whitespace items.
        this.#resetLastChars();
        this.flush();
      } else {
        item.width += advanceX;
      }
    } else if (!this.#addFakeSpaces(advanceX, textOrientation)) {
      if (item.str.length === 0) this.#resetLastChars();
      else item.width += advanceX;
    }
    if (Math.abs(advanceY) > item.height * VERTICAL_SHIFT_RATIO) this.flush();
    return true;
  }

  /** True when the gap is an in-flow space (added to the item); otherwise the item ends. */
  #addFakeSpaces(width: number, textOrientation: number): boolean {
    const item = this.item;
    if (textOrientation * item.spaceInFlowMin <= width && width <= textOrientation * item.spaceInFlowMax) {
      if (item.initialized) {
        this.#resetLastChars();
        item.str.push(' ');
      }
      return false;
    }
    this.flush();
    this.#resetLastChars();
    return true;
  }

  #appendEOL(state: TextState): void {
    this.#resetLastChars();
    const item = this.item;
    if (item.initialized) {
      item.hasEOL = true;
      this.flush();
      return;
    }
    this.items.push({
      str: '',
      transform: currentTransform(state, this.#current).slice(),
      width: 0,
      height: 0,
      fontName: state.fontId ?? '',
      hasEOL: true,
    });
  }

  #ensureItem(state: TextState): void {
    const item = this.item;
    if (item.initialized) return;
    item.fontName = state.fontId ?? '';
    const transform = (item.transform = currentTransform(state, this.#current).slice());
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

  updateAdvanceScale(state: TextState): void {
    const item = this.item;
    if (!item.initialized) return;
    const scale = advanceScale(state);
    if (scale === item.textAdvanceScale) return;
    item.totalWidth += item.width * item.textAdvanceScale;
    item.width = 0;
    item.textAdvanceScale = scale;
  }

  flush(): void {
    const item = this.item;
    if (!item.initialized) return;
    item.totalWidth += item.width * item.textAdvanceScale;
    // Right-to-left text is put in reading order glyph by glyph, where pdf.js reverses characters (reading-order.ts).
    const joined = item.str.join('');
    const str = rightToLeftCharacter.test(joined) ? readingOrder(item.str.map(glyph => normalizeUnicode(glyph))) : normalizeUnicode(joined);
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
    const item = this.item;
    const chars = item.twoLastChars;
    const nextPos = (item.twoLastCharsPos + 1) % 2;
    const wordBreak = chars[item.twoLastCharsPos] !== ' ' && chars[nextPos] === ' ';
    chars[item.twoLastCharsPos] = char;
    item.twoLastCharsPos = nextPos;
    return wordBreak;
  }

  #shouldAddWhitespace(): boolean {
    const item = this.item;
    const chars = item.twoLastChars;
    return chars[item.twoLastCharsPos] !== ' ' && chars[(item.twoLastCharsPos + 1) % 2] === ' ';
  }

  #resetLastChars(): void {
    const item = this.item;
    item.twoLastChars[0] = item.twoLastChars[1] = ' ';
    item.twoLastCharsPos = 0;
  }
}
