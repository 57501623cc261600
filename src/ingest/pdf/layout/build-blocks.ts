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
  const blocks: TextBlockDraft[] = [];
  for (const line of sorted) {
    const startsItem = listMarkerLength(line.text) > 0;
    const startsCaption = isCaptionText(line.text, false);
    let best: TextBlockDraft | undefined;
    let bestGap = Infinity;
    if (!startsItem && !startsCaption) {
      for (const block of blocks) {
        const gap = continuationGap(block, line);
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
function continuationGap(block: TextBlockDraft, line: TextLine): number | null {
  const last = block.lines[block.lines.length - 1];
  const size = Math.max(last.fontSize, line.fontSize);
  const gap = line.bbox.y - (last.bbox.y + last.bbox.height);
  if (gap < -0.6 * size || gap > 0.6 * size) return null;
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
 * block is that one line, it runs to the line's right edge (justified text), and it ends mid-sentence.
 */
function continuesIndentedLine(block: TextBlockDraft, line: TextLine, size: number): boolean {
  if (block.lines.length !== 1 || line.bbox.x < block.bbox.x - maxFirstLineIndentEm * size) return false;
  const first = block.lines[0];
  const sameRight = Math.abs(first.bbox.x + first.bbox.width - (line.bbox.x + line.bbox.width)) < size;
  return sameRight && !sentenceEnd.test(first.text);
}

/** A line that ends a sentence or a label, quotes and brackets closed after it. */
const sentenceEnd = /[.!?:]["'”’)\]]?$/u;

/** The deepest first-line indent read as one, in ems. */
const maxFirstLineIndentEm = 5;

function endsParagraph(block: TextBlockDraft, last: TextLine, line: TextLine, size: number): boolean {
  const lastRight = last.bbox.x + last.bbox.width;
  const right = Math.max(block.bbox.x + block.bbox.width, line.bbox.x + line.bbox.width);
  const lastIsShort = lastRight < right - Math.max(2 * size, 0.12 * (right - block.bbox.x));
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
