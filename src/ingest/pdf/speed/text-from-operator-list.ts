import { pdfjs } from '../open-pdf.ts';
// multiplyMatrices multiplies in the order of pdf.js's Util.transform, which getTextContent uses.
import { multiplyMatrices } from '../graphics/affine-matrix.ts';
import { indexOfMatchingEnd } from '../graphics/walk-operator-list.ts';
import type { OperatorList } from '../graphics/walk-operator-list.ts';
import { fontSnapshot, type Glyph, ItemInProgress, type OperatorTextItem, TextItemBuilder } from './text-item-builder.ts';
import { FONT_IDENTITY_MATRIX, isFontIdentity, type TextFontLookup, TextState, translate } from './text-state.ts';

const { OPS } = pdfjs;

/**
 * Why a page's text must come from pdf.js's own text layer instead: this reader does not lay out
 * vertical writing, cannot tell how pdf.js sizes a Type3 font whose box it derived from the glyphs
 * (`isCharBBox` does not reach the font object the main thread sees), and cannot place text in a font
 * it was not given.
 */
export type TextFromOperatorsUnsupported = 'vertical' | 'type3-size' | 'unknown-font';

export type TextFromOperators = { items: OperatorTextItem[] } | { unsupported: TextFromOperatorsUnsupported };

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
  return unsupported ? { unsupported } : { items: reader.builder.items };
}

class OperatorTextReader {
  readonly builder: TextItemBuilder;
  #state = new TextState();
  readonly #savedStates: TextState[] = [];
  /** Saved states below this belong to enclosing content: a form's stray Q cannot restore them. */
  #savedStatesFloor = 0;
  /** The enclosing contents' items and floors, while inside forms. */
  readonly #outerContents: Array<{ item: ItemInProgress; savedStatesFloor: number }> = [];
  readonly #fonts: TextFontLookup;

  constructor(fonts: TextFontLookup, view: ArrayLike<number>) {
    this.#fonts = fonts;
    this.builder = new TextItemBuilder(view, fontSnapshot(this.#state));
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
            this.builder.flush();
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
          this.builder.updateAdvanceScale(this.#state);
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
          this.builder.flush();
          break;
        case OPS.paintFormXObjectBegin: {
          // pdf.js reads a form with a getTextContent of its own, from a copy of the current state.
          this.builder.flush();
          const [matrix] = args as [Float32Array | null];
          this.#outerContents.push({ item: this.builder.item, savedStatesFloor: this.#savedStatesFloor });
          this.#savedStates.push(state);
          this.#savedStatesFloor = this.#savedStates.length;
          if (matrix) this.#writable().ctm = multiplyMatrices(state.ctm, fromFloat32(matrix));
          this.builder.item = new ItemInProgress(fontSnapshot(this.#state));
          break;
        }
        case OPS.paintFormXObjectEnd: {
          const outer = this.#outerContents.pop();
          if (!outer) break;
          this.builder.flush();
          this.#savedStates.length = this.#savedStatesFloor;
          this.#state = this.#savedStates.pop()!;
          this.#savedStatesFloor = outer.savedStatesFloor;
          this.builder.item = outer.item;
          break;
        }
      }
    }
    this.builder.flush();
    return null;
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
      this.builder.buildChunk(state, elements, start, index, element * spaceFactor, true);
      start = index + 1;
    }
    this.builder.buildChunk(state, elements, start, elements.length, 0, !spaced);
    return null;
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
