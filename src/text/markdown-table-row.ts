/**
 * One row of a Markdown table as its cells, empty ones kept so columns line up: the outer pipes
 * dropped, split at pipes that are not escaped, and `\|` (a pipe inside a cell, as tableToMarkdown
 * writes it) read back as `|`.
 */
export function markdownRowCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/u, '')
    .replace(/(?<!\\)\|$/u, '')
    .split(/(?<!\\)\|/u)
    .map(cell => cell.trim().replace(/\\\|/gu, '|'));
}

/** The line under a Markdown table's header: `| --- | :---: |`. */
export function isMarkdownSeparatorRow(row: string): boolean {
  return /^\s*\|(?:\s*:?-{2,}:?\s*\|)+\s*$/u.test(row);
}
