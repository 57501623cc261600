import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { DetectedTable, PageContent, TextRun } from '../page-content.ts';
import { assembleTable, dropEmptyRowsAndColumns, nonEmptyRows, rowSpanOf } from './assemble-table.ts';
import { classifyCellText } from './cell-kind.ts';
import { findColumnSeparators } from './column-separators.ts';
import { fillGrid, type CellGrid } from './fill-grid.ts';
import type { RuledFrame } from './ruled-frame.ts';
import { median } from './table-geometry.ts';
import { buildTextLines, type TextLine } from './text-lines.ts';
import { mergeSymbolColumns } from './symbol-columns.ts';

/** A page needs at least this many number-like runs before borderless detection is tried. */
const minNumericRunsOnPage = 6;
/** Rows with numbers needed for a borderless table. */
const minNumericRows = 3;
/** Label-only lines (section labels, wrapped labels) allowed between two rows with numbers. */
const maxLinesBetweenNumericRows = 2;
/** Header lines looked for above the first row with numbers. */
const maxHeaderLines = 3;

/**
 * Borderless tables (financial statements): consecutive lines that carry two or more numbers in
 * consistent columns, with a text label column on the left. Only runs in `available` are considered;
 * used runs are removed from it. Blocks lying wholly inside one of `ruledFrames` are left to the
 * ruled detector, which knows where the header ends.
 */
export function findAlignedTables(content: PageContent, available: Set<number>, ruledFrames: readonly RuledFrame[] = []): DetectedTable[] {
  const runs = content.runs;
  let numericRuns = 0;
  for (const index of available) if (classifyCellText(runs[index].text) === 'numeric') numericRuns++;
  if (numericRuns < minNumericRunsOnPage) return [];

  const lines = buildTextLines(runs, available);
  const isNumericRow = lines.map(isNumericLine);
  const tables: DetectedTable[] = [];
  let lineIndex = 0;
  while (lineIndex < lines.length) {
    if (!isNumericRow[lineIndex]) {
      lineIndex++;
      continue;
    }
    const block = growBlock(lines, isNumericRow, lineIndex);
    lineIndex = block.end;
    if (block.numericRows < minNumericRows) continue;
    let table = tableFromBlock(runs, lines, block.start, block.end, tables, available);
    if (table === proseBeside) {
      // A table in the right-hand column of a two-column page: read it without the prose to its left.
      const proseRight = proseColumnRight(lines.slice(block.start, block.end));
      const trimmed = lines.map(line => segmentsRightOf(line, proseRight));
      table = tableFromBlock(runs, trimmed, block.start, block.end, tables, available);
    }
    if (!table || table === proseBeside || ruledFrames.some(frame => encloses(frame, table.bbox))) continue;
    tables.push(table);
    for (const index of table.runIndices) available.delete(index);
  }
  return tables;
}

function encloses(frame: RuledFrame, box: BoundingBox): boolean {
  const tolerancePt = 3;
  const centerY = box.y + box.height / 2;
  return frame.left <= box.x + tolerancePt && frame.right >= box.x + box.width - tolerancePt && centerY > frame.top && centerY < frame.bottom;
}

function isNumericLine(line: TextLine): boolean {
  let numeric = 0;
  let text = 0;
  for (const segment of line.segments) {
    const kind = classifyCellText(segment.text);
    if (kind === 'numeric') numeric++;
    else if (kind === 'text') text++;
  }
  return numeric >= 2 && numeric >= text;
}

/** Extends a block downwards from a numeric row while rows keep coming at a table's line pitch. */
function growBlock(lines: readonly TextLine[], isNumericRow: readonly boolean[], start: number) {
  let end = start + 1;
  let numericRows = 1;
  let lastNumeric = start;
  const pitch = 2.6 * lines[start].fontSize;
  while (end < lines.length) {
    const gap = lines[end].top - lines[end - 1].bottom;
    if (gap > pitch) break;
    if (isNumericRow[end]) {
      numericRows++;
      lastNumeric = end;
    } else if (end - lastNumeric > maxLinesBetweenNumericRows) {
      break;
    }
    end++;
  }
  return { start, end: lastNumeric + 1, numericRows };
}

/**
 * Column headings ("2024 2023", "Three Months Ended") sit just above the first numeric row. A line
 * qualifies while it is close, below any earlier table, over the line under it, and none of its segments
 * crosses the boundary between the label column and the numbers (prose above a table does).
 */
function headerStartAbove(
  lines: readonly TextLine[],
  blockStart: number,
  separators: readonly number[],
  tables: readonly DetectedTable[],
  timeSeries: boolean,
): number {
  const previousTableBottom = tables.length > 0 ? Math.max(...tables.map(table => table.bbox.y + table.bbox.height)) : -Infinity;
  const [labelBoundary] = separators;
  let start = blockStart;
  while (start > 0 && blockStart - start < maxHeaderLines) {
    const candidate = lines[start - 1];
    const below = lines[start];
    if (candidate.segments.length === 0 || candidate.bottom <= previousTableBottom) break;
    if (below.top - candidate.bottom > 1.5 * candidate.fontSize) break;
    // Wholly beside the table, not over it: a title set to the side, as a workbook's sheet name is printed
    // centred on the page above a narrow table.
    if (candidate.left >= below.right || candidate.right <= below.left) break;
    const crosses = candidate.segments.some(segment => segment.left < labelBoundary && segment.right > labelBoundary);
    // A time series' column names are often wider than its narrow columns of numbers ("Freshwater
    // Ducks" over "120"): one name a column, each centred over its own, is its header too.
    if (crosses && !(timeSeries && namesEachColumn(candidate, separators))) break;
    start--;
  }
  return start;
}

/** A line of one segment per column, each centred within its column. */
function namesEachColumn(line: TextLine, separators: readonly number[]): boolean {
  if (line.segments.length !== separators.length + 1) return false;
  return line.segments.every((segment, column) => {
    const centre = (segment.left + segment.right) / 2;
    return (column === 0 || centre > separators[column - 1]) && (column === separators.length || centre < separators[column]);
  });
}

/** Returned by tableFromBlock when the label column is running text (see findAlignedTables). */
const proseBeside = Symbol('prose beside the numbers');

function tableFromBlock(
  runs: readonly TextRun[],
  lines: readonly TextLine[],
  blockStart: number,
  blockEnd: number,
  tables: readonly DetectedTable[],
  available: ReadonlySet<number>,
): DetectedTable | typeof proseBeside | undefined {
  const bodyLines = lines.slice(blockStart, blockEnd).filter(line => line.segments.length > 0);
  if (bodyLines.length < minNumericRows) return undefined;
  const bodyLeft = Math.min(...bodyLines.map(line => line.left));
  const bodyRight = Math.max(...bodyLines.map(line => line.right));
  const fontSize = median(bodyLines.map(line => line.fontSize));
  const separators = findColumnSeparators(bodyLines, bodyLeft, bodyRight, {
    minGapPt: Math.max(4, 0.6 * fontSize),
    maxCrossingLines: bodyLines.length >= 10 ? 1 : 0,
  });
  // A time series ("Year | Freshwater ducks", a row per year) may have a single column of numbers.
  const yearRows = startsWithYears(bodyLines);
  if (separators.length < (yearRows ? 1 : 2)) return undefined;
  if (isProseColumn(bodyLines, separators[0])) return proseBeside;

  // A row of years ("2024  2023") opens the block because it is numeric, but it is a heading.
  let yearLines = 0;
  while (yearLines < bodyLines.length - minNumericRows && isYearHeading(bodyLines[yearLines])) yearLines++;
  const headerLines = [...lines.slice(headerStartAbove(lines, blockStart, separators, tables, yearRows), blockStart), ...bodyLines.splice(0, yearLines)];
  const headerRows = headerLines.length > 0 ? [headerLines] : [];
  const rowLines = [...headerRows, ...bodyLines.map(line => [line])];
  const merged = mergeSymbolColumns(fillGrid(runs, rowLines, separators), headerRows.length);
  const cells = dropEmptyRowsAndColumns(merged);
  const timeSeries = headerRows.length > 0 && isTimeSeries(cells);
  if (cells.length < minNumericRows || cells[0].length < (timeSeries ? 2 : 3)) return undefined;
  const body = cells.slice(headerRows.length);
  if (!timeSeries && !numberColumnsDominate(body, labelColumn(body))) return undefined;

  const allLines = [...headerLines, ...bodyLines];
  const left = Math.min(...allLines.map(line => line.left));
  const right = Math.max(...allLines.map(line => line.right));
  const top = allLines[0].top;
  const bottom = Math.max(...allLines.map(line => line.bottom));
  const rowSpans = nonEmptyRows(merged).map(row => rowSpanOf(rowLines[row]));
  return assembleTable(runs, cells, { x: left, y: top, width: right - left, height: bottom - top }, available, 'aligned', rowSpans);
}

/**
 * Labels are short and ragged; lines of a prose column (two-column pages) are long, mostly reach the
 * same right edge, and run on from line to line, so that many start in lower case. Labels of one
 * pattern ("Arsenic and compounds (as As)", "Cadmium and compounds (as Cd)") can be as long and as
 * even, but each starts anew.
 */
function isProseColumn(bodyLines: readonly TextLine[], labelBoundary: number): boolean {
  const long = bodyLines
    .map(line => line.segments[0])
    .filter(segment => segment !== undefined && segment.right < labelBoundary && segment.text.split(' ').length >= 5);
  if (long.length < 0.6 * bodyLines.length) return false;
  if (long.filter(segment => /^\P{L}*\p{Ll}/u.test(segment.text)).length < 0.3 * long.length) return false;
  const widths = long.map(segment => segment.right - segment.left);
  const widest = Math.max(...widths);
  return widths.filter(width => width >= 0.85 * widest).length >= 0.6 * bodyLines.length;
}

function proseColumnRight(bodyLines: readonly TextLine[]): number {
  return Math.max(...bodyLines.filter(line => line.segments.length > 0).map(line => line.segments[0].right));
}

function segmentsRightOf(line: TextLine, x: number): TextLine {
  const segments = line.segments.filter(segment => segment.left > x);
  if (segments.length === line.segments.length || segments.length === 0) return segments.length === 0 ? { ...line, segments: [] } : line;
  return {
    segments,
    top: Math.min(...segments.map(segment => segment.top)),
    bottom: Math.max(...segments.map(segment => segment.bottom)),
    left: segments[0].left,
    right: Math.max(...segments.map(segment => segment.right)),
    fontSize: Math.max(...segments.map(segment => segment.fontSize)),
  };
}

/** Columns from the left in which a row's label may stand: an invoice's follows its date and item number. */
const maxLabelColumn = 2;

/** Distinct labels a column after the first needs to label rows: a chart's two series names beside its values do not. */
const minLaterLabels = 3;

/**
 * The column that labels the rows: the first of the first three with words in 40% of its rows or more
 * (after the first, three different ones at least). Financial tables label their rows in the first; an
 * invoice's items ("04.10.18 | 3501 | Blutsenkung | 1 | 4,02 €") after a date and a number, a paper's
 * results after the group they belong to. Columns of chart tick labels ("90 85 80") have none (-1).
 */
function labelColumn(bodyCells: CellGrid): number {
  const columns = Math.min(maxLabelColumn + 1, bodyCells[0].length);
  for (let column = 0; column < columns; column++) {
    const labels = bodyCells.map(row => row[column]).filter(cell => classifyCellText(cell) === 'text');
    if (labels.length >= 0.4 * bodyCells.length && (column === 0 || new Set(labels).size >= minLaterLabels)) return column;
  }
  return -1;
}

const yearPattern = /^(?:FY\s?)?(?:19|20)\d\d$/;

/** Every line opens with a year: the rows of a time series, whose years are its labels. */
function startsWithYears(lines: readonly TextLine[]): boolean {
  return lines.every(line => line.segments.length >= 2 && yearPattern.test(line.segments[0].text));
}

/**
 * A time series a spreadsheet prints without borders: a header row naming every column in words
 * ("Year | Freshwater ducks"), then rows of a year and numbers, the years rising or falling one step at
 * a time. Chart ticks are no such grid: the years of an axis stand in one row, its values in one column.
 */
function isTimeSeries(cells: CellGrid): boolean {
  const [header, ...body] = cells;
  if (body.length < minNumericRows || !header.every(cell => classifyCellText(cell) === 'text')) return false;
  const years = body.map(row => Number(row[0].replace(/^FY\s?/, '')));
  if (!body.every(row => yearPattern.test(row[0]) && row.slice(1).every(cell => cell === '' || classifyCellText(cell) === 'numeric'))) return false;
  const step = years[1] - years[0];
  return Math.abs(step) === 1 && years.every((year, index) => index === 0 || year - years[index - 1] === step);
}

function isYearHeading(line: TextLine): boolean {
  const numbers = line.segments.filter(segment => classifyCellText(segment.text) === 'numeric');
  return numbers.length >= 2 && numbers.every(segment => yearPattern.test(segment.text));
}

/** Most columns right of the label column must hold numbers in most of their filled cells. */
function numberColumnsDominate(bodyCells: CellGrid, label: number): boolean {
  if (label < 0) return false;
  const columnCount = bodyCells[0].length;
  let numericColumns = 0;
  for (let column = label + 1; column < columnCount; column++) {
    const filled = bodyCells.map(row => row[column]).filter(text => text !== '');
    const numeric = filled.filter(text => classifyCellText(text) === 'numeric').length;
    if (filled.length > 0 && numeric >= 0.7 * filled.length) numericColumns++;
  }
  return numericColumns >= 2 && numericColumns >= 0.6 * (columnCount - 1 - label);
}
