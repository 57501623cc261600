import { wrapsAfterOwnHyphen } from '../../../text/hyphen-wrap.ts';
import type { TextRun } from '../page-content.ts';
import { bandIndex } from './table-geometry.ts';
import { runFontSize, type TextLine, type TextSegment } from './text-lines.ts';

/** Cell texts of a grid, row-major, every row `separators.length + 1` long. */
export type CellGrid = string[][];

/**
 * Places each row's segments into columns split at `separators` (sorted x positions, points). A
 * segment that straddles a separator is split between its runs, or inside one run at the whitespace
 * nearest the separator; a segment that cannot be split goes to the column holding its centre.
 * Lines within a row are joined with spaces (multi-line cells), except after a hyphen that ends a
 * line between letters or digits: a cell wraps a code or compound after its own hyphen
 * ("49e168b7-" / "d2ae-407f"), which reads whole again.
 */
export function fillGrid(runs: readonly TextRun[], rows: readonly TextLine[][], separators: readonly number[]): CellGrid {
  const textStarts = columnTextStarts(rows, separators);
  return rows.map(lines => {
    const cells = Array.from({ length: separators.length + 1 }, () => ({ text: '', line: -1 }));
    lines.forEach((line, lineIndex) => {
      for (const segment of line.segments) {
        for (const piece of segmentPieces(runs, segment, separators, textStarts)) {
          if (piece.text === '') continue;
          const cell = cells[piece.column];
          const wrappedAtHyphen = cell.line !== lineIndex && wrapsAfterOwnHyphen(cell.text, piece.text);
          cell.text = wrappedAtHyphen ? cell.text.trimEnd() + piece.text.trimStart() : `${cell.text} ${piece.text}`;
          cell.line = lineIndex;
        }
      }
    });
    return cells.map(cell => cell.text.replace(/\s+/g, ' ').trim());
  });
}

interface Piece {
  column: number;
  text: string;
}

/**
 * Where each column's text begins: the leftmost segment that lies wholly within it, in any row
 * (+Infinity for a column no segment lies within alone).
 */
function columnTextStarts(rows: readonly TextLine[][], separators: readonly number[]): number[] {
  const starts = Array.from({ length: separators.length + 1 }, () => Number.POSITIVE_INFINITY);
  for (const lines of rows) {
    for (const line of lines) {
      for (const segment of line.segments) {
        const column = bandIndex(separators, segment.left + 0.5);
        if (bandIndex(separators, segment.right - 0.5) === column) starts[column] = Math.min(starts[column], segment.left);
      }
    }
  }
  return starts;
}

function segmentPieces(runs: readonly TextRun[], segment: TextSegment, separators: readonly number[], textStarts: readonly number[]): Piece[] {
  const crossing = separators.filter(x => x > segment.left + 1 && x < segment.right - 1);
  // A segment that ends in the gap before the next column's text does not reach into that column: a
  // heading over the label column ("concentration (g)" over "0") stays whole.
  const firstColumn = bandIndex(separators, segment.left + 0.5);
  if (crossing.length === 1 && segment.right <= textStarts[firstColumn + 1] + 1) return [{ column: firstColumn, text: segment.text }];
  if (crossing.length === 0) {
    return [{ column: bandIndex(separators, (segment.left + segment.right) / 2), text: segment.text }];
  }
  const pieces: Piece[] = [];
  let previous: { column: number; right: number; fontSize: number } | undefined;
  for (const index of segment.runIndices) {
    const run = runs[index];
    for (const piece of runPieces(run, separators)) {
      const last = pieces[pieces.length - 1];
      if (last && previous && last.column === piece.column) {
        const gap = run.bbox.x - previous.right;
        last.text += (gap > 0.15 * previous.fontSize ? ' ' : '') + piece.text;
      } else {
        pieces.push({ ...piece });
      }
      previous = { column: piece.column, right: run.bbox.x + run.bbox.width, fontSize: runFontSize(run) };
    }
  }
  for (const piece of pieces) piece.text = piece.text.replace(/\s+/g, ' ').trim();
  return pieces;
}

/** Splits one run's text at the separators it straddles, assuming evenly wide characters. */
function runPieces(run: TextRun, separators: readonly number[]): Piece[] {
  const { x, width } = run.bbox;
  const text = run.text;
  const inside = separators.filter(separator => separator > x + 1 && separator < x + width - 1);
  if (inside.length === 0 || text.length < 3) return [{ column: bandIndex(separators, x + width / 2), text }];
  const pieces: Piece[] = [];
  let start = 0;
  let column = bandIndex(separators, x + 0.5);
  for (const separator of inside) {
    const estimate = Math.round(((separator - x) / width) * text.length);
    const cut = nearestWhitespace(text, estimate, Math.max(2, Math.round(text.length * 0.15)));
    if (cut === undefined || cut <= start) continue;
    pieces.push({ column, text: text.slice(start, cut) });
    start = cut;
    column = bandIndex(separators, separator + 0.5);
  }
  pieces.push({ column: start === 0 ? bandIndex(separators, x + width / 2) : column, text: text.slice(start) });
  return pieces;
}

function nearestWhitespace(text: string, around: number, reach: number): number | undefined {
  for (let distance = 0; distance <= reach; distance++) {
    for (const position of [around - distance, around + distance]) {
      if (position > 0 && position < text.length && /\s/.test(text[position])) return position;
    }
  }
  return undefined;
}
