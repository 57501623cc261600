import type { BoundingBox } from '../../../documents/document-tree.ts';
import { isCaptionText, listMarkerLength } from './block-patterns.ts';
import { unionBoxes } from '../../../documents/bounding-box.ts';
import type { TextLine } from './text-line.ts';

/** Lines that belong together: one paragraph, one list item, one heading. */
export interface TextBlockDraft {
  lines: TextLine[];
  bbox: BoundingBox;
  /** Starts with a bullet or an enumerator ("1.", "a)"). */
  listItem: boolean;
}

/**
 * Stacks lines into blocks. A line continues the block above it when it sits at normal line spacing,
 * overlaps it horizontally and has the same size and weight; list markers, captions, short sentence-
 * final lines and first-line indents start new blocks.
 */
export function buildBlocks(lines: TextLine[]): TextBlockDraft[] {
  const sorted = [...lines].sort((first, second) => first.bbox.y - second.bbox.y || first.bbox.x - second.bbox.x);
  const wideGaps = wideLineGaps(sorted);
  const blocks: TextBlockDraft[] = [];
  for (const line of sorted) {
    const startsItem = listMarkerLength(line.text) > 0;
    const startsCaption = isCaptionText(line.text, false);
    let best: TextBlockDraft | undefined;
    let bestGap = Infinity;
    if (!startsItem && !startsCaption) {
      for (const block of blocks) {
        const gap = continuationGap(block, line, wideGaps);
        if (gap !== null && Math.abs(gap) < bestGap) {
          best = block;
          bestGap = Math.abs(gap);
        }
      }
    }
    if (best) {
      best.lines.push(line);
      best.bbox = unionBoxes(best.bbox, line.bbox);
    } else {
      blocks.push({ lines: [line], bbox: { ...line.bbox }, listItem: startsItem });
    }
  }
  return blocks;
}

/** The vertical gap in points when `line` continues `block`, otherwise null. */
function continuationGap(block: TextBlockDraft, line: TextLine, wideGaps: ReadonlyMap<number, number>): number | null {
  const last = block.lines[block.lines.length - 1];
  const size = Math.max(last.fontSize, line.fontSize);
  const gap = line.bbox.y - (last.bbox.y + last.bbox.height);
  const wide = gap > 0.6 * size;
  if (gap < -0.6 * size || (wide && gap > (wideGaps.get(sizeKey(size)) ?? 0))) return null;
  // Across a wide gap only a full line goes on: a short one ends its paragraph or is a heading.
  if (wide && isShortLine(block, last, line, size)) return null;
  if (Math.abs(last.fontSize - line.fontSize) > 0.12 * size) return null;
  if (last.bold !== line.bold || last.italic !== line.italic || Math.abs(last.weight - line.weight) >= 200) return null;
  // A whole line in another typeface (a sans heading over serif body text) starts a new block.
  if (fontFamily(last.fontName) !== fontFamily(line.fontName)) return null;
  const lineRight = line.bbox.x + line.bbox.width;
  const blockRight = block.bbox.x + block.bbox.width;
  if (line.bbox.x > blockRight || lineRight < block.bbox.x) return null;
  if (line.bbox.x < block.bbox.x - 1.5 * size && !continuesIndentedLine(block, line, size)) return null;
  if (block.lines.length >= 2) {
    const pitch = last.bbox.y - block.lines[block.lines.length - 2].bbox.y;
    if (line.bbox.y - last.bbox.y > pitch * 1.25 + 1) return null;
  }
  // Wrapped lines of a list item hang under its text, right of the marker.
  if (block.listItem && line.bbox.x < block.lines[0].bbox.x + 0.3 * size) return null;
  if (endsParagraph(block, last, line, size)) return null;
  return gap;
}

/**
 * A paragraph's first line set in deeper than 1.5 em, and the line under it back at the margin: the
 * block is that one line, it runs to the line's right edge (justified text) or near it (ragged right,
 * not a short line), and it ends mid-sentence.
 */
function continuesIndentedLine(block: TextBlockDraft, line: TextLine, size: number): boolean {
  if (block.lines.length !== 1 || line.bbox.x < block.bbox.x - maxFirstLineIndentEm * size) return false;
  const first = block.lines[0];
  const sameRight = Math.abs(first.bbox.x + first.bbox.width - (line.bbox.x + line.bbox.width)) < size;
  return (sameRight || !isShortLine(block, first, line, size)) && !sentenceEnd.test(first.text);
}

/** A line that ends a sentence or a label, quotes and brackets closed after it. */
const sentenceEnd = /[.!?:]["'”’)\]]?$/u;

/** The deepest first-line indent read as one, in ems. */
const maxFirstLineIndentEm = 5;

/** The block's last line stops well short of the right edge the block and the next line reach. */
function isShortLine(block: TextBlockDraft, last: TextLine, line: TextLine, size: number): boolean {
  const right = Math.max(block.bbox.x + block.bbox.width, line.bbox.x + line.bbox.width);
  return last.bbox.x + last.bbox.width < right - Math.max(2 * size, 0.12 * (right - block.bbox.x));
}

function endsParagraph(block: TextBlockDraft, last: TextLine, line: TextLine, size: number): boolean {
  const lastIsShort = isShortLine(block, last, line, size);
  if (lastIsShort && sentenceEnd.test(last.text)) return true;
  // First-line indent of a new paragraph, once the block's own left margin is known.
  if (block.lines.length >= 2 && !block.listItem) {
    const margin = Math.min(...block.lines.slice(1).map(blockLine => blockLine.bbox.x));
    if (Math.abs(last.bbox.x - margin) < 0.3 * size && line.bbox.x > margin + 0.8 * size && lastIsShort) return true;
  }
  return false;
}

/** "Helvetica-Oblique" and "Helvetica" are one family; "KoPubDotumMedium" and "KoPubBatangLight" are not. */
function fontFamily(fontName: string): string {
  return fontName.split(/[-,]/)[0].replace(/(Light|Medium|Regular|Bold|Italic|Book|Roman|MT|PS)+$/i, '');
}

/** Line gaps wider than single spacing (0.6 em) are a page's line spacing when they are at most this many ems… */
const maxWideGapEm = 1.6;
/** …and this many lines, or more, sit that gap both above and below them (within `wideGapTolerance`). */
const minWideGapRuns = 4;
const wideGapTolerance = 0.15;

/**
 * The gap between the lines of a paragraph set wider than single spacing (double-spaced filings and
 * manuscripts), by font size: when lines of that size on the page sit the same wide gap (at most 1.6
 * em) above and below them, line after line, that gap plus the tolerance still continues a paragraph.
 * A wide gap between single-spaced paragraphs has narrow ones under it, and is no such run.
 * Otherwise every line of a double-spaced page is a paragraph of its own, each sentence cut at each line.
 */
function wideLineGaps(sorted: TextLine[]): Map<number, number> {
  // Per line, the gap down to the next line of its size under it, and that line.
  const below = sorted.map((line, index) => {
    const key = sizeKey(line.fontSize);
    for (let next = index + 1; next < sorted.length; next++) {
      const other = sorted[next];
      if (sizeKey(other.fontSize) !== key || other.bbox.y <= line.bbox.y + line.bbox.height / 2) continue;
      if (other.bbox.x >= line.bbox.x + line.bbox.width || other.bbox.x + other.bbox.width <= line.bbox.x) continue;
      return { next, gap: other.bbox.y - (line.bbox.y + line.bbox.height) };
    }
    return undefined;
  });
  const runsBySize = new Map<number, number[]>();
  below.forEach((step, index) => {
    const key = sizeKey(sorted[index].fontSize);
    const after = step && below[step.next];
    if (!step || !after || !isWide(step.gap, key) || Math.abs(after.gap - step.gap) > wideGapTolerance * step.gap) return;
    const gaps = runsBySize.get(key) ?? [];
    gaps.push(step.gap);
    runsBySize.set(key, gaps);
  });
  const wide = new Map<number, number>();
  for (const [key, gaps] of runsBySize) {
    if (gaps.length < minWideGapRuns) continue;
    wide.set(key, [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] * (1 + wideGapTolerance));
  }
  return wide;
}

function isWide(gap: number, size: number): boolean {
  return gap > 0.6 * size && gap <= maxWideGapEm * size;
}

/** Font sizes compared to the half point. */
function sizeKey(size: number): number {
  return Math.round(size * 2) / 2;
}
