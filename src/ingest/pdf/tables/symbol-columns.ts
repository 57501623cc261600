import type { CellGrid } from './fill-grid.ts';

const leadingSymbol = /^(?:[$€£¥(]|US\$)$/;
const trailingSymbol = /^[%)]+$/;

/**
 * Financial layouts set "$" flush left in its column and "%" or ")" apart from the digits, so they
 * show up as columns of their own. A column holding only such symbols is folded into its neighbour:
 * currency signs into the column on their right, percent signs and closing parentheses to the left.
 * Only rows from `bodyRowStart` on decide (header rows may put words over a "$" column).
 */
export function mergeSymbolColumns(cells: CellGrid, bodyRowStart = 0): CellGrid {
  let grid = cells.map(row => [...row]);
  for (let column = 0; column < (grid[0]?.length ?? 0); ) {
    const filled = grid
      .slice(bodyRowStart)
      .map(row => row[column])
      .filter(text => text !== '');
    const allLeading = filled.length > 0 && filled.every(text => leadingSymbol.test(text));
    const allTrailing = filled.length > 0 && filled.every(text => trailingSymbol.test(text));
    if (allLeading && column + 1 < grid[0].length) {
      grid = grid.map(row => foldColumn(row, column, column + 1, (symbol, value) => (leadingSymbol.test(symbol) ? `${symbol}${value}` : `${symbol} ${value}`)));
    } else if (allTrailing && column > 0) {
      grid = grid.map(row =>
        foldColumn(row, column, column - 1, (symbol, value) => (trailingSymbol.test(symbol) ? `${value}${symbol}` : `${value} ${symbol}`)),
      );
    } else {
      column++;
    }
  }
  return grid;
}

function foldColumn(row: string[], from: number, into: number, join: (symbol: string, value: string) => string): string[] {
  const merged = [...row];
  merged[into] = row[from] === '' ? row[into] : row[into] === '' ? row[from] : join(row[from], row[into]).replace(/\s+/g, ' ');
  merged.splice(from, 1);
  return merged;
}
