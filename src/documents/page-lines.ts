import type { TextLine } from './document-tree.ts';
import type { NodePageText, PageLine } from './document-tree.ts';

/** The tree's compact form of a line. */
export function toPageLine(line: TextLine): PageLine {
  return [line.start, line.end, line.box.x, line.box.y, line.box.width, line.box.height];
}

export function fromPageLine([start, end, x, y, width, height]: PageLine): TextLine {
  return { start, end, box: { x, y, width, height } };
}

/** A node's lines on one page as TextLines; none for a page text without them (or none at all). */
export function pageTextLines(pageText: NodePageText | undefined): TextLine[] {
  return pageText?.lines?.map(fromPageLine) ?? [];
}
