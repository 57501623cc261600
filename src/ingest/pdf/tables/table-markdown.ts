/**
 * Renders cells as a GitHub-flavoured Markdown grid. Row 0 becomes the header row; every row is padded
 * to the widest row so the grid stays rectangular.
 */
export function tableToMarkdown(cells: readonly (readonly string[])[]): string {
  if (cells.length === 0) return '';
  const columnCount = Math.max(1, ...cells.map(row => row.length));
  const renderRow = (row: readonly string[]): string => {
    const texts = Array.from({ length: columnCount }, (_, column) => escapeCell(row[column] ?? ''));
    return `| ${texts.join(' | ')} |`;
  };
  const lines = [renderRow(cells[0]), `| ${Array(columnCount).fill('---').join(' | ')} |`];
  for (const row of cells.slice(1)) lines.push(renderRow(row));
  return lines.join('\n');
}

/** One line per cell: whitespace (line breaks included) collapses to single spaces, pipes are escaped. */
export function escapeCell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}
