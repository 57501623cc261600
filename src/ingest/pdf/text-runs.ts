import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import type { PDFPageProxy } from './open-pdf.ts';
import type { TextRun } from './page-content.ts';
import { fontStyleFromName, type FontStyle } from './font-style.ts';
import { multiplyMatrices } from './graphics/affine-matrix.ts';

/**
 * Reads a page's text layer as runs in top-left point coordinates of the page as displayed (rotation
 * and crop box applied). Whitespace-only items are dropped; their end-of-line mark moves to the run
 * before them.
 */
export async function extractTextRuns(page: PDFPageProxy): Promise<TextRun[]> {
  // pdf.js hands font objects (real name, bold/italic for non-embedded fonts) to page.commonObjs only
  // while it builds the operator list. graphics.ts needs that list too and pdf.js caches it per page
  // until page.cleanup(), so asking first costs nothing extra.
  await page.getOperatorList();
  const content = await page.getTextContent();
  const viewportTransform = page.getViewport({ scale: 1 }).transform;
  const styles = new Map<string, FontStyle>();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    if (item.str.trim() === '') {
      if (item.hasEOL && runs.length > 0) runs[runs.length - 1].endsLine = true;
      continue;
    }
    let style = styles.get(item.fontName);
    if (!style) {
      style = resolveFontStyle(page, item.fontName, content.styles[item.fontName]);
      styles.set(item.fontName, style);
    }
    runs.push(toRun(item, viewportTransform, style));
  }
  return runs;
}

function toRun(item: TextItem, viewportTransform: number[], style: FontStyle): TextRun {
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
  return {
    text: item.str,
    bbox: { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top },
    fontSize,
    fontName: style.name,
    bold: style.bold,
    italic: style.italic,
    endsLine: item.hasEOL,
  };
}

function resolveFontStyle(page: PDFPageProxy, fontId: string, textStyle: TextStyle | undefined): FontStyle {
  const font = page.commonObjs.has(fontId) ? (page.commonObjs.get(fontId) as LoadedFont | null) : null;
  const fromName = fontStyleFromName(font?.name ?? textStyle?.fontFamily ?? '');
  return {
    name: fromName.name,
    bold: Boolean(font?.bold || font?.black) || fromName.bold,
    italic: Boolean(font?.italic) || fromName.italic,
    ascent: clampOr(textStyle?.ascent, 0.5, 1.2, 0.8),
    descent: clampOr(textStyle?.descent, -0.5, 0, -0.2),
  };
}

/** The fields of pdf.js's FontFaceObject we read; bold/italic are only set for non-embedded fonts. */
interface LoadedFont {
  name?: string;
  bold?: boolean;
  black?: boolean;
  italic?: boolean;
}

function clampOr(value: number | undefined, min: number, max: number, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}
