import type { DetectedTable, PageContent } from '../page-content.ts';
import { assembleTable, dropEmptyRowsAndColumns, nonEmptyRows, rowSpanOf } from './assemble-table.ts';
import { findColumnSeparators } from './column-separators.ts';
import { fillGrid } from './fill-grid.ts';
import { buildTextLines, type TextLine } from './text-lines.ts';

/** Rows a block of cells needs to be a table: a header and two rows. */
const minRows = 3;
/** Lines further apart than this many line heights are no longer rows of one block. */
const maxRowGapLines = 1;
/** The narrowest channel between two columns, in points. */
const minColumnGapPt = 2;

/**
 * Tables of a printed spreadsheet (isSheetPrint): every page is a grid of cells, so a block of lines of
 * two cells or more, one under the other at a row's pitch, is a table even when its columns hold words
 * or a single column of numbers ("Team | Location | Stanley Cups"), which the other detectors leave as
 * prose read column by column. Runs of tables already found are not in `available`; used runs are
 * removed from it. The block's first line is its header.
 */
export function findSheetTables(content: PageContent, available: Set<number>): DetectedTable[] {
  const runs = content.runs;
  const lines = buildTextLines(runs, available);
  const tables: DetectedTable[] = [];
  let start = 0;
  while (start < lines.length) {
    let end = start;
    while (end < lines.length && lines[end].segments.length >= 2 && (end === start || continuesBlock(lines[end - 1], lines[end]))) end++;
    const table = end - start >= minRows ? tableOf(content, lines.slice(start, end), available) : undefined;
    if (table) {
      tables.push(table);
      for (const index of table.runIndices) available.delete(index);
    }
    start = Math.max(end, start + 1);
  }
  return tables;
}

function continuesBlock(above: TextLine, line: TextLine): boolean {
  return line.top - above.bottom <= maxRowGapLines * (above.bottom - above.top);
}

function tableOf(content: PageContent, lines: TextLine[], available: ReadonlySet<number>): DetectedTable | undefined {
  const left = Math.min(...lines.map(line => line.left));
  const right = Math.max(...lines.map(line => line.right));
  // Any clear channel down the block parts two columns: a cell's words are one segment, and a long
  // name may fill its column to within a few points of the next ("Person 1000" before "Legal").
  const separators = findColumnSeparators(lines, left, right, { minGapPt: minColumnGapPt, maxCrossingLines: 0 });
  if (separators.length === 0) return undefined;
  const rowLines = lines.map(line => [line]);
  const grid = fillGrid(content.runs, rowLines, separators);
  const cells = dropEmptyRowsAndColumns(grid);
  if (cells.length < minRows || cells[0].length < 2) return undefined;
  const top = lines[0].top;
  const bottom = Math.max(...lines.map(line => line.bottom));
  const rowSpans = nonEmptyRows(grid).map(row => rowSpanOf(rowLines[row]));
  return assembleTable(content.runs, cells, { x: left, y: top, width: right - left, height: bottom - top }, available, 'sheet', rowSpans);
}
