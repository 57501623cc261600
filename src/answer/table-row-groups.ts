/** A cell that is a number, a share or an amount ("87.1", "-24.56", "1,234", "12%", "$5"). */
export const numberCell = /^[-+−]?[$£€]?\d[\d,.\s]*%?$/u;

/** A longer label without figures is a sentence cut into cells ("47% say that they approve of"), not a group. */
const maxGroupWords = 5;
/** A row's label that sums rows above it, in the languages Folio answers in. */
const totalLabel = /^(?:grand\s+)?(?:total|totals|gesamt|summe|insgesamt|totaal|som)\b/iu;

/**
 * The group labels each body row of a table of figures stands under: a budget's "Town Admin - 129" and
 * "Personnel" over its "Salary | $110,000 | …" row, a statement's "Current assets" over "Cash | 100".
 * A group row holds a short label (maxGroupWords) and no figure; it heads the rows under it until a
 * group row starts at its column or left of it, a row of figures starts left of it, or a total starts
 * at its column ("TOTAL LIABILITIES" under "Other liabilities" is the statement's, and says so
 * itself). A group row over one row whose label starts in small letters ("Revenue from contracts" over
 * "with customers | 100") is that label's first line, and heads that row alone. `grid` is the table's
 * rows of cells, `from`–`to` its body (`to` exclusive); rows of no group, and tables of words, get none.
 */
export function rowGroups(grid: string[][], from: number, to: number): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  const body = grid.slice(from, to);
  const width = Math.max(0, ...body.map(row => row.length));
  const numbering = Array.from({ length: width }, (_, column) => numbersRows(body.map(row => row[column] ?? '')));
  const figures = Array.from({ length: width }, (_, column) => {
    const cells = body.map(row => row[column] ?? '').filter(Boolean);
    return !numbering[column] && cells.length > 0 && cells.filter(cell => numberCell.test(cell)).length * 2 >= cells.length;
  });
  if (!figures.some(Boolean)) return groups;
  const labels = (row: string[]) => row.flatMap((cell, column) => (cell && !numbering[column] && !figures[column] ? [{ cell, column }] : []));
  const holdsFigure = (row: string[]) => row.some((cell, column) => cell && figures[column]);
  const open: Array<{ label: string; column: number }> = [];
  let wrapped: string | undefined;
  for (let index = from; index < to; index++) {
    const row = grid[index];
    const rowLabels = labels(row);
    if (rowLabels.length === 0) continue;
    const start = rowLabels[0].column;
    const label = rowLabels.map(entry => entry.cell).join(' ');
    if (!holdsFigure(row)) {
      if (label.split(/\s+/u).length > maxGroupWords) continue;
      const next = grid[index + 1];
      if (next && holdsFigure(next) && /^\p{Ll}/u.test(labels(next)[0]?.cell ?? '')) {
        wrapped = label;
        continue;
      }
      while (open.length > 0 && open[open.length - 1].column >= start) open.pop();
      open.push({ label, column: start });
      continue;
    }
    const total = totalLabel.test(rowLabels[0].cell);
    while (open.length > 0 && (open[open.length - 1].column > start || (total && open[open.length - 1].column === start))) open.pop();
    const heads = [...open.map(group => group.label), ...(wrapped === undefined ? [] : [wrapped])];
    wrapped = undefined;
    if (heads.length > 0) groups.set(index, heads);
  }
  return groups;
}

/** A column that numbers the rows: whole numbers, each one more than the one above (empty cells aside). */
function numbersRows(cells: string[]): boolean {
  const numbers = cells.filter(Boolean);
  return numbers.length >= 3 && numbers.every((cell, index) => /^\d+$/u.test(cell) && (index === 0 || Number(cell) === Number(numbers[index - 1]) + 1));
}
