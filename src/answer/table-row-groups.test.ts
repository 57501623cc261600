import { describe, expect, it } from 'vitest';
import { rowGroups } from './table-row-groups.ts';

const rows = (...lines: string[]) => lines.map(line => line.split('|').map(cell => cell.trim()));

describe('rowGroups', () => {
  it('heads each row of a budget with the groups over it, by the column each starts in', () => {
    const grid = rows(
      '19 |  |  | Memorial Day | $1,500 | $3,000',
      '20 |  |  | TOTAL | $77,161 | $83,194',
      '21 | Town Admin - 129 |  |  |  | ',
      '22 |  | Personnel |  |  | ',
      '23 |  |  | Salary | $110,000 | $115,566',
      '24 | Admin subtotal |  |  | $110,000 | $115,566',
      '25 |  | Expenses |  |  | ',
      '26 |  |  | Travel | $500 | $600',
      '27 | Town Clerk - 161 |  |  |  | ',
      '28 |  |  | Salary | $47,500 | $56,610',
    );
    expect(rowGroups(grid, 0, grid.length)).toEqual(
      new Map([
        [4, ['Town Admin - 129', 'Personnel']],
        [5, ['Town Admin - 129']],
        [7, ['Town Admin - 129', 'Expenses']],
        [9, ['Town Clerk - 161']],
      ]),
    );
  });

  it('heads rows that start in the group’s own column until a total, and reads no sentence cut into cells as a group', () => {
    const statement = rows(
      'Current assets |  | ',
      'Cash | 100 | 90',
      'Receivables | 40 | 35',
      'Total assets | 140 | 125',
      'Loans | 7 | 6',
      'Equity |  | ',
      'Shares | 12 | 11',
      'The public is largely split on how |  | ',
      'Reserves | 3 | 2',
    );
    expect(rowGroups(statement, 0, statement.length)).toEqual(
      new Map([
        [1, ['Current assets']],
        [2, ['Current assets']],
        [6, ['Equity']],
        [8, ['Equity']],
      ]),
    );
  });

  it('reads a label’s first line over a row that goes on in small letters as that row’s alone', () => {
    const grid = rows('Revenue from contracts |  | ', 'with customers | 100 | 90', 'Other income | 4 | 3');
    expect(rowGroups(grid, 0, grid.length)).toEqual(new Map([[1, ['Revenue from contracts']]]));
  });

  it('finds no groups in a table of words, nor over the rows of its header', () => {
    const words = rows('Name | Role', 'Board |', 'Ann Lee | Chair', 'Bo Kim | Treasurer');
    expect(rowGroups(words, 0, words.length).size).toBe(0);
    const figures = rows('Method | F1', 'DBoW2 | 0.240', 'Scan Context | 0.325');
    expect(rowGroups(figures, 1, figures.length).size).toBe(0);
  });
});
