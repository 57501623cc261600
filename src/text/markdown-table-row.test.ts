import { describe, expect, it } from 'vitest';
import { isMarkdownSeparatorRow, markdownRowCells } from './markdown-table-row.ts';

describe('markdownRowCells', () => {
  it('keeps empty cells and reads an escaped pipe as part of its cell', () => {
    expect(markdownRowCells('|  | North \\| East | 12 |')).toEqual(['', 'North | East', '12']);
    expect(markdownRowCells('| a | b \\|')).toEqual(['a', 'b |']);
  });

  it('tells the separator row from a body row', () => {
    expect(isMarkdownSeparatorRow('| --- | :---: |')).toBe(true);
    expect(isMarkdownSeparatorRow('| - | 3 |')).toBe(false);
  });
});
