import { pdfjs, type PDFPageProxy } from '../../../src/ingest/pdf/open-pdf.ts';
import type { BoundingBox } from '../../../src/documents/document-tree.ts';
import type { PageContent, RulingLine, TextRun } from '../../../src/ingest/pdf/page-content.ts';

type Matrix = [number, number, number, number, number, number];

/**
 * Harness-only PageContent builder for table tests and probes: text runs from getTextContent and a
 * minimal operator-list walk for rulings and rectangles. The production extractors live elsewhere
 * (text-runs.ts, graphics.ts); this one only needs to be good enough to exercise table detection.
 */
export async function buildPageContent(page: PDFPageProxy): Promise<PageContent> {
  const viewport = page.getViewport({ scale: 1 });
  const operatorList = await page.getOperatorList();
  const textContent = await page.getTextContent();
  const runs = textRuns(page, textContent, viewport.transform as Matrix);
  const { rulings, rectangles } = rulingsFromOperators(operatorList, viewport.transform as Matrix);
  return {
    page: page.pageNumber,
    width: viewport.width,
    height: viewport.height,
    runs,
    graphics: { rulings, rectangles, images: [], paths: [] },
  };
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
  hasEOL: boolean;
}

function textRuns(page: PDFPageProxy, textContent: Awaited<ReturnType<PDFPageProxy['getTextContent']>>, viewportMatrix: Matrix): TextRun[] {
  const runs: TextRun[] = [];
  const styles = textContent.styles as Record<string, { ascent?: number; descent?: number }>;
  for (const rawItem of textContent.items) {
    const item = rawItem as TextItemLike;
    if (typeof item.str !== 'string' || item.str === '') continue;
    const matrix = pdfjs.Util.transform(viewportMatrix, item.transform) as Matrix;
    const fontSize = Math.hypot(matrix[2], matrix[3]);
    const ascent = styles[item.fontName]?.ascent ?? 0.8;
    const descent = styles[item.fontName]?.descent ?? -0.2;
    const horizontal = Math.abs(matrix[1]) < 0.01 * fontSize;
    const bbox: BoundingBox = horizontal
      ? { x: matrix[4], y: matrix[5] - fontSize * ascent, width: item.width, height: fontSize * (ascent - descent) }
      : { x: matrix[4] - fontSize * 0.8, y: matrix[5] - item.width, width: fontSize, height: item.width };
    const fontName = realFontName(page, item.fontName);
    runs.push({
      text: item.str,
      bbox,
      fontSize,
      fontName,
      bold: /bold|black|heavy|semibold/i.test(fontName),
      italic: /italic|oblique/i.test(fontName),
      endsLine: item.hasEOL,
    });
  }
  return runs;
}

function realFontName(page: PDFPageProxy, loadedName: string): string {
  try {
    const font = page.commonObjs.has(loadedName) ? (page.commonObjs.get(loadedName) as { name?: string }) : undefined;
    return (font?.name ?? loadedName).replace(/^[A-Z]{6}\+/, '');
  } catch {
    return loadedName;
  }
}

/** Thicker filled rectangles are shading or boxes, not rules. */
const maxRuleThicknessPt = 3;

function rulingsFromOperators(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewportMatrix: Matrix) {
  const { OPS, Util } = pdfjs;
  const rulings: RulingLine[] = [];
  const rectangles: BoundingBox[] = [];
  const stack: Array<{ matrix: Matrix; fillColor: string }> = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  let fillColor = '#000000';
  for (let index = 0; index < operatorList.fnArray.length; index++) {
    const operation = operatorList.fnArray[index];
    const args = operatorList.argsArray[index] as unknown[];
    if (operation === OPS.save) stack.push({ matrix, fillColor });
    else if (operation === OPS.restore) ({ matrix, fillColor } = stack.pop() ?? { matrix, fillColor });
    else if (operation === OPS.transform) matrix = Util.transform(matrix, args) as Matrix;
    else if (operation === OPS.paintFormXObjectBegin) {
      stack.push({ matrix, fillColor });
      if (Array.isArray(args[0])) matrix = Util.transform(matrix, args[0]) as Matrix;
    } else if (operation === OPS.paintFormXObjectEnd) ({ matrix, fillColor } = stack.pop() ?? { matrix, fillColor });
    else if (operation === OPS.setFillRGBColor) fillColor = String(args[0]);
    else if (operation === OPS.constructPath) {
      const paint = args[0] as number;
      const data = (args[1] as Array<ArrayLike<number> | null>)[0];
      if (!data) continue;
      const toPage = Util.transform(viewportMatrix, matrix) as Matrix;
      const subpaths = readSubpaths(data, toPage);
      const strokes =
        paint === OPS.stroke ||
        paint === OPS.closeStroke ||
        paint === OPS.fillStroke ||
        paint === OPS.eoFillStroke ||
        paint === OPS.closeFillStroke ||
        paint === OPS.closeEOFillStroke;
      const fills =
        paint === OPS.fill ||
        paint === OPS.eoFill ||
        paint === OPS.fillStroke ||
        paint === OPS.eoFillStroke ||
        paint === OPS.closeFillStroke ||
        paint === OPS.closeEOFillStroke;
      for (const subpath of subpaths) {
        if (subpath.curved) continue;
        const box = axisAlignedBox(subpath.points);
        if (fills && box && fillColor.toLowerCase() !== '#ffffff') {
          if (Math.min(box.width, box.height) <= maxRuleThicknessPt) rulings.push(rulingFromThinBox(box));
          else rectangles.push(box);
        }
        if (strokes) rulings.push(...strokeRulings(subpath.points, subpath.closed));
      }
    }
  }
  return { rulings, rectangles };
}

interface Subpath {
  points: Array<[number, number]>;
  closed: boolean;
  curved: boolean;
}

function readSubpaths(data: ArrayLike<number>, toPage: Matrix): Subpath[] {
  const subpaths: Subpath[] = [];
  let current: Subpath | undefined;
  const point = (x: number, y: number): [number, number] => [toPage[0] * x + toPage[2] * y + toPage[4], toPage[1] * x + toPage[3] * y + toPage[5]];
  for (let cursor = 0; cursor < data.length; ) {
    const drawOperation = data[cursor++];
    if (drawOperation === 0) {
      current = { points: [point(data[cursor], data[cursor + 1])], closed: false, curved: false };
      subpaths.push(current);
      cursor += 2;
    } else if (drawOperation === 1) {
      current?.points.push(point(data[cursor], data[cursor + 1]));
      cursor += 2;
    } else if (drawOperation === 2) {
      if (current) current.curved = true;
      cursor += 6;
    } else if (drawOperation === 3) {
      if (current) current.curved = true;
      cursor += 4;
    } else if (drawOperation === 4) {
      if (current) current.closed = true;
    } else {
      break;
    }
  }
  return subpaths;
}

function axisAlignedBox(points: Array<[number, number]>): BoundingBox | undefined {
  if (points.length < 2 || points.length > 5) return undefined;
  for (let index = 1; index < points.length; index++) {
    const [x0, y0] = points[index - 1];
    const [x1, y1] = points[index];
    if (Math.abs(x0 - x1) > 0.5 && Math.abs(y0 - y1) > 0.5) return undefined;
  }
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function rulingFromThinBox(box: BoundingBox): RulingLine {
  if (box.width >= box.height) {
    const y = box.y + box.height / 2;
    return { orientation: 'horizontal', x1: box.x, y1: y, x2: box.x + box.width, y2: y };
  }
  const x = box.x + box.width / 2;
  return { orientation: 'vertical', x1: x, y1: box.y, x2: x, y2: box.y + box.height };
}

function strokeRulings(points: Array<[number, number]>, closed: boolean): RulingLine[] {
  const rulings: RulingLine[] = [];
  const path = closed && points.length > 2 ? [...points, points[0]] : points;
  for (let index = 1; index < path.length; index++) {
    const [x0, y0] = path[index - 1];
    const [x1, y1] = path[index];
    if (Math.abs(y0 - y1) < 0.5 && Math.abs(x0 - x1) >= 1) {
      rulings.push({ orientation: 'horizontal', x1: Math.min(x0, x1), y1: y0, x2: Math.max(x0, x1), y2: y0 });
    } else if (Math.abs(x0 - x1) < 0.5 && Math.abs(y0 - y1) >= 1) {
      rulings.push({ orientation: 'vertical', x1: x0, y1: Math.min(y0, y1), x2: x0, y2: Math.max(y0, y1) });
    }
  }
  return rulings;
}
