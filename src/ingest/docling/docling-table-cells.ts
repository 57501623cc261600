import type { DoclingTable } from './docling-document.ts';

/**
 * A Docling table as a rectangular grid of cell texts, row 0 first. Uses `data.grid` (where a
 * spanning cell already fills every slot it covers) and falls back to placing `data.table_cells` by
 * their offsets. Rows and columns that are empty everywhere are dropped.
 */
export function doclingTableCells(table: DoclingTable): string[][] {
  const data = table.data;
  if (!data) return [];
  let cells: string[][];
  if (data.grid && data.grid.length > 0) {
    cells = data.grid.map(row => row.map(cell => cleanCellText(cell.text)));
  } else {
    const placed = data.table_cells ?? [];
    const rowCount = Math.max(data.num_rows ?? 0, ...placed.map(cell => cell.end_row_offset_idx));
    const columnCount = Math.max(data.num_cols ?? 0, ...placed.map(cell => cell.end_col_offset_idx));
    cells = Array.from({ length: rowCount }, () => Array<string>(columnCount).fill(''));
    for (const cell of placed) {
      for (let row = cell.start_row_offset_idx; row < cell.end_row_offset_idx; row += 1) {
        for (let column = cell.start_col_offset_idx; column < cell.end_col_offset_idx; column += 1) {
          cells[row][column] = cleanCellText(cell.text);
        }
      }
    }
  }
  const columnCount = Math.max(0, ...cells.map(row => row.length));
  const rectangular = cells.map(row => Array.from({ length: columnCount }, (_, column) => row[column] ?? ''));
  const keptColumns = [...Array(columnCount).keys()].filter(column => rectangular.some(row => row[column] !== ''));
  return rectangular.filter(row => row.some(text => text !== '')).map(row => keptColumns.map(column => row[column]));
}

function cleanCellText(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
