import type { DetectedTable, PageContent, TextRun } from '../page-content.ts';
import { assembleTable, type RowSpan } from './assemble-table.ts';
import { isMarkGlyph, isMarkRun, markCellText } from './mark-glyph.ts';
import { median } from './table-geometry.ts';
import { buildTextLines, type TextLine, type TextSegment } from './text-lines.ts';

/** Rows with at least one mark a matrix needs. */
const minRows = 3;
/** Marks a column needs (sparse columns are common: a feature only the top plan has). */
const minMarksPerColumn = 2;
/** Columns of marks, each under a heading, a matrix needs: one column beside labels is a checklist. */
const minColumns = 2;
/** Marks of one column are centred within this many ems of each other. */
const columnToleranceEms = 0.6;
/** A mark this close (ems) to the text on its right is that text's bullet, not a cell. */
const bulletReachEms = 4;
/** Label pieces (a bullet and its text, a number and a name) are at most this many ems apart. */
const labelGapEms = 3;
/** Vertical gap (ems) between two rows of a matrix. */
const maxRowGapEms = 3;
/** Heading lines looked for above the first row. */
const maxHeaderLines = 3;

interface Mark {
  line: number;
  center: number;
  segment: TextSegment;
}

interface MarkColumn {
  center: number;
  marks: Mark[];
}

/**
 * Matrices of marks (survey grids, feature comparisons, responsibility charts): rows with a text
 * label on the left and, in two or more columns each under a heading, a tick, a cross or a box.
 * Without numbers or rulings the other detectors see only short words; here the header says what
 * each column means and the label what each row is. Only runs in `available` are used; used runs
 * are removed.
 */
export function findMarkMatrixTables(content: PageContent, available: Set<number>): DetectedTable[] {
  const runs = content.runs;
  if (!mayHoldMatrix(runs, available)) return [];
  const lines = buildTextLines(runs, available);
  const marks = lines.flatMap((line, index) => cellMarks(runs, line, index));
  if (marks.length < minColumns * minMarksPerColumn) return [];

  const tables: DetectedTable[] = [];
  for (const columns of matrixBlocks(marks, lines)) {
    const table = tableFromColumns(runs, lines, columns, available);
    if (!table) continue;
    tables.push(table);
    for (const index of table.runIndices) available.delete(index);
  }
  return tables;
}

/** Cheap gate, before any line is built: enough runs that are one mark glyph each. */
function mayHoldMatrix(runs: readonly TextRun[], available: ReadonlySet<number>): boolean {
  let marks = 0;
  for (const index of available) {
    const run = runs[index];
    if (run.text.length <= 2 && isMarkRun(run) && ++marks >= minColumns * minMarksPerColumn) return true;
  }
  return false;
}

/**
 * Marks that can fill a cell: a text label somewhere to their left on the line, and to their right
 * only other marks, nothing, or text far away (another page column). A mark with text right after
 * it is a bullet.
 */
function cellMarks(runs: readonly TextRun[], line: TextLine, lineIndex: number): Mark[] {
  const marks: Mark[] = [];
  const segments = line.segments;
  let labelSeen = false;
  segments.forEach((segment, index) => {
    const isMark = isMarkGlyph(segment, runs);
    if (!isMark) {
      if (/\p{L}/u.test(segment.text)) labelSeen = true;
      return;
    }
    const next = segments[index + 1];
    const nextIsBulleted = next !== undefined && !isMarkGlyph(next, runs) && next.left - segment.right < bulletReachEms * segment.fontSize;
    if (labelSeen && !nextIsBulleted) marks.push({ line: lineIndex, center: (segment.left + segment.right) / 2, segment });
  });
  return marks;
}

/**
 * Clusters marks into columns by their centres, then cuts the columns into vertical stretches of
 * rows; each stretch with enough columns is one candidate matrix (columns left to right).
 */
function matrixBlocks(marks: readonly Mark[], lines: readonly TextLine[]): MarkColumn[][] {
  const byCenter = [...marks].sort((a, b) => a.center - b.center);
  const columns: MarkColumn[] = [];
  for (const mark of byCenter) {
    const column = columns[columns.length - 1];
    if (column && mark.center - column.marks[column.marks.length - 1].center <= columnToleranceEms * mark.segment.fontSize) column.marks.push(mark);
    else columns.push({ center: mark.center, marks: [mark] });
  }
  for (const column of columns) column.center = median(column.marks.map(mark => mark.center));
  const kept = columns.filter(column => column.marks.length >= minMarksPerColumn);

  // Rows in reading order; a new block starts where the gap between two mark rows is too large.
  const rowLines = [...new Set(kept.flatMap(column => column.marks.map(mark => mark.line)))].sort((a, b) => a - b);
  const stretches: number[][] = [];
  for (const line of rowLines) {
    const stretch = stretches[stretches.length - 1];
    const previous = stretch?.[stretch.length - 1];
    if (previous !== undefined && lines[line].top - lines[previous].bottom <= maxRowGapEms * lines[line].fontSize) stretch.push(line);
    else stretches.push([line]);
  }
  return stretches
    .map(stretch => {
      const inStretch = new Set(stretch);
      return kept
        .map(column => ({ center: column.center, marks: column.marks.filter(mark => inStretch.has(mark.line)) }))
        .filter(column => column.marks.length >= minMarksPerColumn);
    })
    .filter(block => block.length >= minColumns && new Set(block.flatMap(column => column.marks.map(mark => mark.line))).size >= minRows);
}

interface MatrixRow {
  label: string;
  cells: string[];
  top: number;
  bottom: number;
}

function tableFromColumns(
  runs: readonly TextRun[],
  lines: readonly TextLine[],
  columns: MarkColumn[],
  available: ReadonlySet<number>,
): DetectedTable | undefined {
  const fontSize = median(columns.flatMap(column => column.marks.map(mark => mark.segment.fontSize)));
  const markLines = columns.flatMap(column => column.marks.map(mark => mark.line));
  const firstLine = Math.min(...markLines);
  const lastLine = Math.max(...markLines);
  const firstMarkLeft = Math.min(...columns.flatMap(column => column.marks.map(mark => mark.segment.left)));

  const rows: MatrixRow[] = [];
  let labelLeft = Infinity;
  for (let lineIndex = firstLine; lineIndex <= lastLine; lineIndex++) {
    const line = lines[lineIndex];
    const { segments: label, left: rowLeft } = labelSegments(line, firstMarkLeft, fontSize, runs);
    const cells = columns.map(column => {
      const mark = column.marks.find(candidate => candidate.line === lineIndex);
      return mark ? markCellText(mark.segment, runs) : '';
    });
    if (label.length === 0 && cells.every(text => text === '')) continue;
    labelLeft = Math.min(labelLeft, rowLeft);
    const labelText = label.map(segment => segment.text).join(' ');
    const previous = rows[rows.length - 1];
    // A label-only line tight under the previous row is that label wrapped.
    if (previous && cells.every(text => text === '') && line.top - previous.bottom < 0.5 * fontSize) {
      previous.label = `${previous.label} ${labelText}`.trim();
      previous.bottom = line.bottom;
      continue;
    }
    rows.push({ label: labelText, cells, top: line.top, bottom: line.bottom });
  }
  if (rows.length < minRows || rows.filter(row => /\p{L}/u.test(row.label)).length < 0.6 * rows.length) return undefined;

  const headings = columnHeadings(lines, firstLine, columns, { labelLeft, firstMarkLeft, fontSize });
  // A column without a heading says nothing about its rows; a matrix needs two that do.
  const headed = columns.map((_, index) => index).filter(index => headings.texts[index] !== '');
  if (headed.length < minColumns) return undefined;

  const right = Math.max(headings.right, ...headed.flatMap(index => columns[index].marks.map(mark => mark.segment.right)));
  const left = Math.min(labelLeft, headings.left);
  const top = Math.min(headings.top, rows[0].top);
  const bottom = rows[rows.length - 1].bottom;
  const cells = [
    [headings.labelText, ...headed.map(index => headings.texts[index])],
    ...rows.map(row => [row.label, ...headed.map(index => row.cells[index])]),
  ];
  const headingSpan: RowSpan | undefined = Number.isFinite(headings.top) ? { top: headings.top, bottom: headings.bottom } : undefined;
  const rowSpans = [headingSpan, ...rows.map(row => ({ top: row.top, bottom: row.bottom }))];
  return assembleTable(runs, cells, { x: left, y: top, width: right - left, height: bottom - top }, available, 'marks', rowSpans);
}

/**
 * The label of a row: the text just left of the first mark column, extended leftwards over pieces
 * close to it (a bullet, a row number) but not across a wide gap (the other column of a spread).
 * A leading bullet glyph is dropped from the text; `left` still includes it, so it stays in the table.
 */
function labelSegments(line: TextLine, firstMarkLeft: number, fontSize: number, runs: readonly TextRun[]): { segments: TextSegment[]; left: number } {
  const before = line.segments.filter(segment => segment.right <= firstMarkLeft - 0.5 * fontSize);
  const label: TextSegment[] = [];
  for (let index = before.length - 1; index >= 0; index--) {
    const segment = before[index];
    if (label.length > 0 && label[0].left - segment.right > labelGapEms * fontSize) break;
    label.unshift(segment);
  }
  const left = label[0]?.left ?? Infinity;
  if (label.length > 1 && isMarkGlyph(label[0], runs)) label.shift();
  return { segments: label, left };
}

/**
 * Column headings sit on the lines just above the first row: a heading line has text over at least
 * one mark column (an instruction line over the labels ends the search). Each piece of heading text
 * goes to the nearest column; text above the labels heads the label column.
 */
function columnHeadings(
  lines: readonly TextLine[],
  firstLine: number,
  columns: readonly MarkColumn[],
  frame: { labelLeft: number; firstMarkLeft: number; fontSize: number },
) {
  const texts: string[][] = columns.map(() => []);
  const labelTexts: string[] = [];
  const { labelLeft, firstMarkLeft, fontSize } = frame;
  const spacing = median(columns.slice(1).map((column, index) => column.center - columns[index].center));
  let top = Infinity;
  let bottom = -Infinity;
  let left = Infinity;
  let right = -Infinity;
  let below = lines[firstLine];
  for (let lineIndex = firstLine - 1; lineIndex >= 0 && firstLine - lineIndex <= maxHeaderLines; lineIndex--) {
    const line = lines[lineIndex];
    if (below.top - line.bottom > 1.5 * fontSize) break;
    const overColumns = line.segments.filter(segment =>
      columns.some(column => segment.left <= column.center + spacing / 2 && segment.right >= column.center - spacing / 2),
    );
    if (overColumns.length === 0) break;
    const lineTexts: string[][] = columns.map(() => []);
    for (const segment of overColumns) {
      const middle = (segment.left + segment.right) / 2;
      let nearest = 0;
      columns.forEach((column, index) => {
        if (Math.abs(column.center - middle) < Math.abs(columns[nearest].center - middle)) nearest = index;
      });
      lineTexts[nearest].push(segment.text);
      top = Math.min(top, segment.top);
      bottom = Math.max(bottom, segment.bottom);
      left = Math.min(left, segment.left);
      right = Math.max(right, segment.right);
    }
    lineTexts.forEach((parts, index) => texts[index].unshift(...parts));
    const overLabels = line.segments.filter(segment => segment.left >= labelLeft - fontSize && segment.right < firstMarkLeft - 0.5 * fontSize);
    labelTexts.unshift(...overLabels.map(segment => segment.text));
    below = line;
  }
  return { texts: texts.map(parts => parts.join(' ')), labelText: labelTexts.join(' '), top, bottom, left, right };
}
