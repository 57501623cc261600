import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { DetectedTable, TextRun } from '../page-content.ts';
import { enclosingBox } from '../../../documents/bounding-box.ts';
import { tableToMarkdown } from './table-markdown.ts';
import type { CellGrid } from './fill-grid.ts';

/** The vertical extent of one table row on the page, in points. */
export interface RowSpan {
  top: number;
  bottom: number;
}

/** The extent of a row made of lines or segments (a wrapped cell spans several). */
export function rowSpanOf(parts: ReadonlyArray<{ top: number; bottom: number }>): RowSpan {
  return { top: Math.min(...parts.map(part => part.top)), bottom: Math.max(...parts.map(part => part.bottom)) };
}

/** Indices of the rows dropEmptyRowsAndColumns keeps. */
export function nonEmptyRows(cells: CellGrid): number[] {
  return cells.flatMap((row, index) => (row.some(text => text !== '') ? [index] : []));
}

/** Removes rows and columns in which every cell is empty (slivers between double rules, unused grid lines). */
export function dropEmptyRowsAndColumns(cells: CellGrid): CellGrid {
  const rows = cells.filter(row => row.some(text => text !== ''));
  if (rows.length === 0) return [];
  const keptColumns = rows[0].map((_, column) => column).filter(column => rows.some(row => row[column] !== ''));
  return rows.map(row => keptColumns.map(column => row[column]));
}

/** A list's bullet or a label's colon: punctuation and symbols other than currency. */
const listMarker = /^[\p{P}\p{So}\s]*$/u;

/**
 * A grid is a table only with at least two rows and two columns that both hold text; anything smaller
 * is a box around a paragraph, a callout or a lone cell. Two columns whose first holds only bullets or
 * colons are a boxed list, not a table.
 */
export function isTableShaped(cells: CellGrid): boolean {
  if (cells.length < 2 || cells[0].length < 2) return false;
  if (cells[0].length === 2 && cells.every(row => listMarker.test(row[0]))) return false;
  const rowsWithTwoCells = cells.filter(row => row.filter(text => text !== '').length >= 2).length;
  return rowsWithTwoCells >= Math.min(2, cells.length);
}

/**
 * True when the cells read like running text laid out in columns (a two-column page, a boxed
 * paragraph) rather than table data: long cells full of words.
 */
export function looksLikeProse(cells: CellGrid): boolean {
  const filled = cells.flat().filter(text => text !== '');
  if (filled.length === 0) return true;
  const wordCounts = filled.map(text => text.split(' ').length).sort((a, b) => a - b);
  const medianWords = wordCounts[Math.floor(wordCounts.length / 2)];
  const meanWords = wordCounts.reduce((sum, count) => sum + count, 0) / wordCounts.length;
  return medianWords > 9 || meanWords > 14;
}

/**
 * Builds the DetectedTable. `runIndices` are every run whose centre lies in the table's box, so
 * whitespace runs and stray marks inside the table stay out of paragraphs too. `rowSpans` (same index
 * as `cells`, undefined for a row with no place on the page) give each row a box as wide as the table.
 */
export function assembleTable(
  runs: readonly TextRun[],
  cells: CellGrid,
  region: BoundingBox,
  candidateRunIndices: Iterable<number>,
  method: DetectedTable['method'],
  rowSpans?: ReadonlyArray<RowSpan | undefined>,
): DetectedTable {
  const runIndices: number[] = [];
  for (const index of candidateRunIndices) {
    const box = runs[index].bbox;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (x >= region.x && x <= region.x + region.width && y >= region.y && y <= region.y + region.height) {
      runIndices.push(index);
    }
  }
  runIndices.sort((a, b) => a - b);
  const bbox = enclosingBox([region, ...runIndices.map(index => runs[index].bbox)]) ?? region;
  const table: DetectedTable = { bbox, cells, markdown: tableToMarkdown(cells), runIndices, method };
  if (rowSpans && rowSpans.length === cells.length) {
    table.rowBoxes = rowSpans.map(span => span && { x: bbox.x, y: span.top, width: bbox.width, height: span.bottom - span.top });
  }
  return table;
}
