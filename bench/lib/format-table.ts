export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
  /** Longer values are cut with an ellipsis (names, error messages). */
  maxWidth?: number;
}

/** A compact, space-aligned text table: header, a rule, one line per row. */
export function formatTable<Row>(columns: Array<Column<Row>>, rows: Row[]): string {
  const cells = rows.map(row => columns.map(column => truncate(column.value(row), column.maxWidth)));
  const widths = columns.map((column, index) => Math.max(column.header.length, ...cells.map(rowCells => rowCells[index].length)));
  const line = (values: string[]) =>
    values
      .map((value, index) => (columns[index].align === 'right' ? value.padStart(widths[index]) : value.padEnd(widths[index])))
      .join('  ')
      .trimEnd();
  return [line(columns.map(column => column.header)), widths.map(width => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}

function truncate(value: string, maxWidth: number | undefined): string {
  if (maxWidth === undefined || value.length <= maxWidth) return value;
  return `${value.slice(0, Math.max(0, maxWidth - 1))}…`;
}

/** "0.87", or "–" when there was nothing to measure. */
export function formatRatio(value: number | null): string {
  return value === null ? '–' : value.toFixed(2);
}

export function formatMegabytes(bytes: number | undefined): string {
  return bytes === undefined ? '–' : (bytes / (1024 * 1024)).toFixed(0);
}
