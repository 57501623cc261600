import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import type { PageTurn } from '../../documents/document-tree.ts';
import type { PDFPageProxy } from './open-pdf.ts';
import type { TextRun } from './page-content.ts';
import { fontStyleFromName, type FontStyle } from './font-style.ts';
import { multiplyMatrices } from './graphics/affine-matrix.ts';
import type { OperatorList } from './graphics/walk-operator-list.ts';
import { withoutRedrawnRuns } from './redrawn-runs.ts';
import { type CharProc, unmappedTexCharacters } from './tex-text-font.ts';
import { pdfjsSpeedLayer } from './speed/pdfjs-speed-layer.ts';
import { readTextFromOperatorList } from './speed/text-from-operator-list.ts';
import type { OperatorTextItem } from './speed/text-item-builder.ts';
import type { TextFont } from './speed/text-state.ts';

/**
 * Reads a page's text layer as runs in top-left point coordinates of the page as displayed (rotation
 * and crop box applied). Whitespace-only items are dropped; their end-of-line mark moves to the run
 * before them. Text painted again over itself is read once (redrawn-runs.ts).
 */
export async function extractTextRuns(page: PDFPageProxy): Promise<TextRun[]> {
  // graphics.ts and the figure renderer need the operator list too, and pdf.js caches it per page
  // until page.cleanup(). With the speed layer active, the text items are built from it
  // (speed/text-from-operator-list.ts) rather than by pdf.js's getTextContent, which parses the
  // page's content streams a second time. Pages it cannot read the same way (vertical
  // writing, some Type3 fonts) still ask pdf.js. Asking for the operator list first also
  // hands the font objects (real name, bold/italic for non-embedded fonts) to page.commonObjs, which
  // getTextContent alone would not.
  const operatorList = await page.getOperatorList();
  const fonts = new PageFonts(page);
  const fromOperators = pdfjsSpeedLayer().active ? readFromOperators(operatorList, fonts, page.view) : null;
  let items: readonly TextLayerItem[];
  let textStyles: Record<string, TextStyle> = {};
  if (fromOperators) {
    items = fromOperators;
  } else {
    const content = await page.getTextContent();
    items = content.items.filter((item): item is TextItem => 'str' in item);
    textStyles = content.styles;
  }
  const viewportTransform = page.getViewport({ scale: 1 }).transform;
  const runs: TextRun[] = [];
  for (const item of items) {
    if (item.str.trim() === '') {
      if (item.hasEOL && runs.length > 0) runs[runs.length - 1].endsLine = true;
      continue;
    }
    runs.push(toRun(item, viewportTransform, fonts.style(item.fontName, textStyles[item.fontName])));
  }
  return withoutRedrawnRuns(runs);
}

/**
 * The page's items from its operator list, or null when pdf.js must build them: a page the reader does
 * not handle, or an operator list it did not expect (a pdf.js upgrade): the page is still read, only slower.
 */
function readFromOperators(operatorList: OperatorList, fonts: PageFonts, view: number[]): OperatorTextItem[] | null {
  try {
    const read = readTextFromOperatorList(operatorList, fontId => fonts.textFont(fontId), view);
    return 'items' in read ? read.items : null;
  } catch {
    return null;
  }
}

/** What both pdf.js's text items and the operator-list reader's give. */
type TextLayerItem = Pick<OperatorTextItem, 'str' | 'transform' | 'width' | 'fontName' | 'hasEOL'>;

function toRun(item: TextLayerItem, viewportTransform: number[], style: FontStyle): TextRun {
  const [a, b, c, d, e, f] = multiplyMatrices(viewportTransform, item.transform);
  const fontSize = Math.hypot(c, d) || Math.hypot(a, b) || 1;
  const advanceLength = Math.hypot(a, b) || 1;
  const advanceX = (a / advanceLength) * item.width;
  const advanceY = (b / advanceLength) * item.width;
  // (c, d) is the glyph "up" vector in the displayed frame: it points towards smaller y for upright text.
  const upX = c / fontSize;
  const upY = d / fontSize;
  const topX = e + upX * style.ascent * fontSize;
  const topY = f + upY * style.ascent * fontSize;
  const bottomX = e + upX * style.descent * fontSize;
  const bottomY = f + upY * style.descent * fontSize;
  const xs = [topX, bottomX, topX + advanceX, bottomX + advanceX];
  const ys = [topY, bottomY, topY + advanceY, bottomY + advanceY];
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  // Glyphs whose "up" points right read top to bottom: a quarter turn back (270° clockwise) sets them upright.
  const turn: PageTurn | undefined = upY < -0.5 ? undefined : upX > 0.5 ? 270 : upX < -0.5 ? 90 : 180;
  return {
    text: item.str,
    bbox: { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top },
    fontSize,
    fontName: style.name,
    bold: style.bold,
    italic: style.italic,
    endsLine: item.hasEOL,
    ...(turn ? { turn } : {}),
  };
}

/**
 * The page's loaded fonts, read once each: pdf.js's main-thread font objects decode every field from a
 * binary record on each access.
 */
class PageFonts {
  readonly #page: PDFPageProxy;
  readonly #fonts = new Map<string, LoadedFont | null>();
  readonly #textFonts = new Map<string, TextFont | null>();
  readonly #styles = new Map<string, FontStyle>();

  constructor(page: PDFPageProxy) {
    this.#page = page;
  }

  textFont(fontId: string): TextFont | null {
    let textFont = this.#textFonts.get(fontId);
    if (textFont === undefined) {
      const font = this.#loaded(fontId);
      textFont = font && {
        name: font.name ?? '',
        vertical: Boolean(font.vertical),
        fontMatrix: font.fontMatrix,
        isType3Font: Boolean(font.isType3Font),
        bbox: font.bbox,
        unmappedCharacters: font.isType3Font ? unmappedTexCharacters(font.charProcOperatorList) : null,
      };
      this.#textFonts.set(fontId, textFont);
    }
    return textFont;
  }

  /** Style of a font; `textStyle` is what getTextContent said about it, when the page's text came from there. */
  style(fontId: string, textStyle: TextStyle | undefined): FontStyle {
    let style = this.#styles.get(fontId);
    if (!style) {
      const font = this.#loaded(fontId);
      const fromName = fontStyleFromName(font?.name ?? font?.fallbackName ?? textStyle?.fontFamily ?? '');
      style = {
        name: fromName.name,
        bold: Boolean(font?.bold || font?.black) || fromName.bold,
        italic: Boolean(font?.italic) || fromName.italic,
        ascent: clampOr(font?.ascent ?? textStyle?.ascent, 0.5, 1.2, 0.8),
        descent: clampOr(font?.descent ?? textStyle?.descent, -0.5, 0, -0.2),
      };
      this.#styles.set(fontId, style);
    }
    return style;
  }

  #loaded(fontId: string): LoadedFont | null {
    let font = this.#fonts.get(fontId);
    if (font === undefined) {
      const commonObjs = this.#page.commonObjs;
      font = commonObjs.has(fontId) ? (commonObjs.get(fontId) as LoadedFont | null) : null;
      this.#fonts.set(fontId, font);
    }
    return font;
  }
}

/** The fields of pdf.js's FontFaceObject we read; bold/italic are only set for non-embedded fonts. */
interface LoadedFont {
  name?: string;
  fallbackName?: string;
  bold?: boolean;
  black?: boolean;
  italic?: boolean;
  ascent?: number;
  descent?: number;
  vertical?: boolean;
  fontMatrix?: number[];
  isType3Font?: boolean;
  bbox?: number[];
  /** A Type3 font's glyph drawings, by glyph name. */
  charProcOperatorList?: Record<string, CharProc>;
}

function clampOr(value: number | undefined, min: number, max: number, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}
