import type { PageContent, RulingLine, TextRun } from '../../../src/ingest/pdf/page-content.ts';

/** Average Helvetica glyph width in ems: good enough to place synthetic runs like a real producer. */
const glyphWidthEms = 0.5;

export interface RunOptions {
  fontSize?: number;
  /** Where `x` anchors the text: its left edge (default) or its right edge (right-aligned numbers). */
  align?: 'left' | 'right';
  bold?: boolean;
}

/** One text run whose top-left corner is (x, y) (or top-right with align: 'right'), in points. */
export function textRun(text: string, x: number, y: number, options: RunOptions = {}): TextRun {
  const fontSize = options.fontSize ?? 10;
  const width = text.length * glyphWidthEms * fontSize;
  const left = options.align === 'right' ? x - width : x;
  return {
    text,
    bbox: { x: left, y, width, height: fontSize * 1.2 },
    fontSize,
    fontName: options.bold ? 'Helvetica-Bold' : 'Helvetica',
    bold: options.bold ?? false,
    italic: false,
    endsLine: false,
  };
}

/** A sentence as word-level runs (one run per word, single spaces), as some extractors emit them. */
export function wordRuns(sentence: string, x: number, y: number, options: RunOptions = {}): TextRun[] {
  const fontSize = options.fontSize ?? 10;
  const runs: TextRun[] = [];
  let cursor = x;
  for (const word of sentence.split(' ')) {
    const run = textRun(word, cursor, y, options);
    runs.push(run);
    cursor += run.bbox.width + 0.28 * fontSize;
  }
  return runs;
}

export function horizontalRule(x1: number, x2: number, y: number): RulingLine {
  return { orientation: 'horizontal', x1, y1: y, x2, y2: y };
}

export function verticalRule(x: number, y1: number, y2: number): RulingLine {
  return { orientation: 'vertical', x1: x, y1, x2: x, y2 };
}

/** A US-Letter page holding the given runs and rulings. */
export function syntheticPage(runs: TextRun[], rulings: RulingLine[] = []): PageContent {
  return { page: 1, width: 612, height: 792, runs, graphics: { rulings, rectangles: [], images: [], paths: [] } };
}
