import type { DetectedTable, TextRun } from '../page-content.ts';
import { assembleTable, dropEmptyRowsAndColumns, isTableShaped, looksLikeProse, nonEmptyRows, rowSpanOf } from './assemble-table.ts';
import { findColumnSeparators } from './column-separators.ts';
import { classifyCellText } from './cell-kind.ts';
import { fillGrid } from './fill-grid.ts';
import { mergeSymbolColumns } from './symbol-columns.ts';
import { bandIndex, median } from './table-geometry.ts';
import { snapTolerancePt, type RulingSegment } from './ruling-grid.ts';
import { buildTextLines, type TextLine } from './text-lines.ts';

/**
 * The part of a page bounded by rulings, with the rulings inside it. Column edges are empty for a
 * frame ruled only horizontally (booktabs, financial style): columns then come from text alignment.
 */
export interface RuledFrame {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** y of inner horizontal rules, sorted. */
  rowEdges: number[];
  /** x of inner vertical rules, sorted. */
  columnEdges: number[];
  /**
   * The vertical rules themselves, with the heights they run over: a rule that stops short of a row
   * leaves that row's cells on either side of it merged (a Word table's cell spanning columns).
   */
  columnRules?: RulingSegment[];
}

/** Runs closer than this (points) to the frame still count as inside it: text often touches the rules. */
const frameMarginPt = 1.5;
/** Lines a header row may wrap over. */
const maxHeaderLines = 3;

/**
 * Reads the frame's text into a table, or returns undefined when the frame is not a table: a box around
 * a paragraph, a single cell, a page border around prose.
 */
export function tableFromFrame(runs: readonly TextRun[], frame: RuledFrame, available: ReadonlySet<number> | undefined): DetectedTable | undefined {
  const inside: number[] = [];
  runs.forEach((run, index) => {
    if (available && !available.has(index)) return;
    const x = run.bbox.x + run.bbox.width / 2;
    const y = run.bbox.y + run.bbox.height / 2;
    if (x >= frame.left - frameMarginPt && x <= frame.right + frameMarginPt && y >= frame.top - frameMarginPt && y <= frame.bottom + frameMarginPt) {
      inside.push(index);
    }
  });
  const allLines = buildTextLines(runs, inside, { cellLinesApart: frame.columnEdges.length > 0 });
  const titleLines = leadingTitleLines(allLines, frame);
  const noteLines = frame.columnEdges.length === 0 ? trailingNoteLines(allLines.slice(titleLines), frame) : 0;
  const lines = allLines.slice(titleLines, allLines.length - noteLines);
  if (lines.length < 2 && frame.rowEdges.length === 0) return undefined;
  const top = titleLines > 0 ? allLines[titleLines - 1].bottom : frame.top;
  const bottom = noteLines > 0 ? Math.max(...lines.map(line => line.bottom)) : frame.bottom;

  const bands: TextLine[][] = Array.from({ length: frame.rowEdges.length + 1 }, () => []);
  for (const line of lines) bands[bandIndex(frame.rowEdges, (line.top + line.bottom) / 2)].push(line);
  const filledBands = bands.filter(band => band.length > 0);
  if (filledBands.length === 0) return undefined;
  // A header band taller than a few lines is text above the table that a rule happened to enclose. In a
  // grid, column rules run through it: it is a row of cells, which may wrap (the first row of a table
  // continued from the page before).
  if (frame.rowEdges.length > 0 && frame.columnEdges.length === 0 && bands[0].length > maxHeaderLines) return undefined;

  const columnsInferred = frame.columnEdges.length === 0;
  const separators = columnsInferred ? inferSeparators(frame, filledBands) : frame.columnEdges;
  if (separators.length === 0) return undefined;

  const rows = rowsFromBands(runs, filledBands, separators);
  const grid = frame.columnRules && !columnsInferred ? fillSpannedGrid(runs, rows, separators, frame.columnRules) : fillGrid(runs, rows, separators);
  const merged = columnsInferred ? mergeSymbolColumns(grid) : grid;
  const cells = dropEmptyRowsAndColumns(merged);
  if (!isTableShaped(cells)) return undefined;
  if (columnsInferred && (!alignmentIsConvincing(cells) || isColumnsOfProse(lines, separators))) return undefined;
  if (looksLikeProse(cells) && (columnsInferred || cells.length * cells[0].length <= 4)) return undefined;

  const region = { x: frame.left, y: top, width: frame.right - frame.left, height: bottom - top };
  const rowSpans = nonEmptyRows(merged).map(row => rowSpanOf(rows[row]));
  return assembleTable(runs, cells, region, inside, 'ruled', rowSpans);
}

/**
 * The grid with each row read between the column rules that cross it. Where a rule stops short of a
 * row, a line of the row with a run of text across the rule's place is read as one cell spanning it:
 * its text goes whole to the first column of the span ("Rémunération totale … | 205, 53 €", not "205,"
 * and "53 €" in two columns; a title centred over a form's two columns), the others of the span left
 * empty. Its other lines keep to the columns: a shaded header drawn without inner rules ("Topic |
 * Existing recommendations"), a form's two columns of fields. A rule crosses a row when it runs past
 * the middle of the row's text.
 */
function fillSpannedGrid(runs: readonly TextRun[], rows: readonly TextLine[][], separators: readonly number[], rules: readonly RulingSegment[]): string[][] {
  const whole = fillGrid(runs, rows, separators);
  const crosses = (line: TextLine, x: number) =>
    line.segments.some(segment => segment.runIndices.some(index => runs[index]!.bbox.x < x - 1 && runs[index]!.bbox.x + runs[index]!.bbox.width > x + 1));
  return rows.map((lines, index) => {
    if (lines.length === 0) return whole[index]!;
    const middle = (Math.min(...lines.map(line => line.top)) + Math.max(...lines.map(line => line.bottom))) / 2;
    const ruled = separators.map(x => rules.some(rule => Math.abs(rule.position - x) <= snapTolerancePt && rule.start <= middle && rule.end >= middle));
    if (!lines.some(line => separators.some((x, column) => !ruled[column] && crosses(line, x)))) return whole[index]!;
    const cells = Array.from({ length: separators.length + 1 }, () => '');
    for (const line of lines) {
      const kept = separators.map((x, column) => ruled[column] || !crosses(line, x));
      const spans = fillGrid(
        runs,
        [[line]],
        separators.filter((_, column) => kept[column]),
      )[0]!;
      let column = 0;
      for (const text of spans) {
        if (text) cells[column] = cells[column] ? `${cells[column]} ${text}` : text;
        while (column < separators.length && !kept[column]) column++;
        column++;
      }
    }
    return cells;
  });
}

const captionStart = /^(?:table|exhibit|schedule)\s*[A-Z]?[\d.]+/i;

/**
 * Many reports put the caption ("Table 4.5. Rates ...") under the top rule, above the header. Leading
 * lines that are one wide segment or start like a caption stay outside the table.
 */
function leadingTitleLines(lines: readonly TextLine[], frame: RuledFrame): number {
  let count = 0;
  const firstEdge = frame.rowEdges[0] ?? Infinity;
  while (count < Math.min(2, lines.length - 1)) {
    const line = lines[count];
    if (line.bottom > firstEdge) break;
    const wide = line.segments.length === 1 && line.right - line.left > 0.5 * (frame.right - frame.left);
    if (!wide && !captionStart.test(line.segments[0].text)) break;
    count++;
  }
  return count;
}

/**
 * A frame ruled only across closed by a rule far under its last row (a page's footer rule under a
 * financial table ruled over its figures alone) holds, under its last inner rule, the note set under
 * the table and the page number. Trailing lines there that are one wide segment starting where the
 * row labels start (a sentence) or stand apart (more than two line heights under the line above) stay
 * outside the table, and so does all under a gap in the body (linesAfterGap).
 */
function trailingNoteLines(lines: readonly TextLine[], frame: RuledFrame): number {
  const lastEdge = frame.rowEdges.at(-1) ?? Number.NEGATIVE_INFINITY;
  const textLeft = Math.min(...lines.map(line => line.left));
  let count = 0;
  while (count < lines.length - 2) {
    const line = lines[lines.length - 1 - count];
    const above = lines[lines.length - 2 - count];
    if (line.top < lastEdge || line.segments.length !== 1) break;
    // A note starts where the row labels do; the last line of a cell wrapped in a later column starts in that column.
    const wide = line.right - line.left > 0.5 * (frame.right - frame.left) && line.left - textLeft < line.fontSize;
    const apart = line.top - above.bottom > 2 * line.fontSize;
    if (!wide && !apart) break;
    count++;
  }
  return Math.max(count, linesAfterGap(lines, lastEdge));
}

/**
 * The lines under the body's first gap of more than two and a half line heights, below the last inner
 * rule: an invoice's terms of payment and remarks under its one line item, down to its footer rule.
 */
function linesAfterGap(lines: readonly TextLine[], lastEdge: number): number {
  const body = lines.findIndex(line => line.top >= lastEdge);
  if (body < 0) return 0;
  for (let index = body + 1; index < lines.length; index++) {
    if (lines[index].top - lines[index - 1].bottom > 2.5 * lines[index].fontSize) return lines.length - index;
  }
  return 0;
}

function inferSeparators(frame: RuledFrame, filledBands: TextLine[][]): number[] {
  // The header band may hold headings that span several columns; body lines show the columns best.
  const bodyLines = filledBands.length > 1 ? filledBands.slice(1).flat() : filledBands[0];
  const profileLines = bodyLines.length >= 2 ? bodyLines : filledBands.flat();
  const fontSize = median(profileLines.map(line => line.fontSize));
  return findColumnSeparators(profileLines, frame.left, frame.right, {
    minGapPt: Math.max(4, 0.6 * fontSize),
    maxCrossingLines: profileLines.length >= 8 ? 1 : 0,
  });
}

/**
 * A band between two rules is one row when its lines are a wrapped cell. It is several rows when most
 * of its lines fill two or more columns and the table is ruled sparsely (a header rule and a body:
 * booktabs), or when two lines or more fill two columns or more and each of them carries a number:
 * stacked records ("OTSL" / "HTML" variants; a ledger's entries, "DHAW20190001 | 05/03/2019 | … |
 * 920.68"), each with the lines under it that leave the first column empty, up to the next.
 * The first band is kept whole when rules follow it: that is a (possibly wrapped) header.
 */
function rowsFromBands(runs: readonly TextRun[], filledBands: TextLine[][], separators: readonly number[]): TextLine[][] {
  const rows: TextLine[][] = [];
  const sparselyRuled = filledBands.length <= 3;
  filledBands.forEach((band, bandNumber) => {
    const isHeaderBand = bandNumber === 0 && filledBands.length > 1;
    if (band.length === 1 || isHeaderBand) {
      rows.push(band);
      return;
    }
    const lineCells = band.map(line => fillGrid(runs, [[line]], separators)[0]);
    const fillsColumns = lineCells.map(cells => cells.filter(text => text !== '').length >= 2);
    const multiCellLines = fillsColumns.filter(Boolean).length;
    if (sparselyRuled && multiCellLines >= 0.6 * band.length) {
      for (const line of band) rows.push([line]);
      return;
    }
    // A record starts on a line that fills its first column and another; the lines under it that leave
    // the first column empty (a description wrapped, even into the next column) are its own.
    const firstColumn = Math.min(...lineCells.map(cells => cells.findIndex(text => text !== '')).filter(index => index >= 0));
    const starts = lineCells.map((cells, index) => fillsColumns[index] && cells[firstColumn] !== '');
    const recordsHaveNumbers = lineCells.every((cells, index) => !starts[index] || cells.some(text => classifyCellText(text) === 'numeric'));
    if (starts.filter(Boolean).length < 2 || !recordsHaveNumbers) {
      rows.push(band);
      return;
    }
    // A label that ends in a colon heads the rows under it ("Non-current assets:", "LIABILITIES AND
    // SHAREHOLDERS' EQUITY:"): it is a row of its own, not the wrapped end of the label above, and the
    // label under it starts another.
    const sectionLabel = (cells: string[]) => cells.filter(text => text !== '').length === 1 && /:$/u.test(cells[firstColumn]?.trim() ?? '');
    band.forEach((line, index) => {
      if (index === 0 || starts[index] || sectionLabel(lineCells[index]) || sectionLabel(lineCells[index - 1])) rows.push([line]);
      else rows[rows.length - 1].push(line);
    });
  });
  return rows;
}

/** Columns found from text alone must show up in most rows, or the "table" is just text in a box. */
function alignmentIsConvincing(cells: string[][]): boolean {
  const multiCellRows = cells.filter(row => row.filter(text => text !== '').length >= 2).length;
  return multiCellRows >= 2 && multiCellRows >= 0.5 * cells.length;
}

/**
 * Columns of running text (a two-column page between a header rule and a footnote rule) fill their
 * column from edge to edge on most lines, with several words each; table cells vary in width. A column
 * is counted so on most of the frame's lines, or, two such columns side by side at least, on most of
 * its own: a Federal Register page's three columns under its masthead, whose first holds the agency's
 * short lines ("DEPARTMENT OF TRANSPORTATION", "14 CFR Part 39") and whose second its bullets, fill
 * their width on fewer than most of the frame's lines. A table of terms and their descriptions has
 * one column of prose.
 */
function isColumnsOfProse(lines: readonly TextLine[], separators: readonly number[]): boolean {
  const columnCount = separators.length + 1;
  const widths: number[][] = Array.from({ length: columnCount }, () => []);
  for (const line of lines) {
    for (const segment of line.segments) {
      if (segment.text.split(' ').length < 4) continue;
      widths[bandIndex(separators, (segment.left + segment.right) / 2)].push(segment.right - segment.left);
    }
  }
  let proseColumns = 0;
  let fullColumns = 0;
  for (const columnWidths of widths) {
    if (columnWidths.length < 0.5 * lines.length) continue;
    const widest = Math.max(...columnWidths);
    const full = columnWidths.filter(width => width >= 0.85 * widest).length;
    if (full >= 0.6 * lines.length) proseColumns++;
    if (full >= 0.6 * columnWidths.length) fullColumns++;
  }
  const half = Math.ceil(columnCount / 2);
  return proseColumns >= Math.max(1, half) || fullColumns >= Math.max(2, half);
}
