import { describe, expect, it } from 'vitest';
import { syntheticPage, textRun } from '../../../../test/support/tables/synthetic-page.ts';
import type { TextRun } from '../page-content.ts';
import { cellTilingRulings } from './cell-tiling.ts';
import { detectTables } from './detect-tables.ts';

/** A slide's table as LibreOffice prints it: one shaded box per cell, edge to edge, no lines. */
function shadedTablePage() {
  const rows = [
    ['Scenario', 'OAuth flow', 'Audience'],
    ['Web app', 'Auth code', 'Work or school accounts'],
    ['Daemon app', 'Client credentials', 'App-only permissions'],
  ];
  const lefts = [82.66, 336.5, 590.34];
  const tops = [120.13, 149.33, 198.34];
  const heights = [29.2, 49.01, 29.2];
  const runs: TextRun[] = [];
  const rectangles = rows.flatMap((row, rowIndex) =>
    row.map((text, column) => {
      runs.push(textRun(text, lefts[column]! + 7, tops[rowIndex]! + 8));
      return { x: lefts[column]!, y: tops[rowIndex]!, width: 253.84, height: heights[rowIndex]! };
    }),
  );
  const page = syntheticPage(runs);
  page.graphics.rectangles = rectangles;
  return page;
}

describe('cellTilingRulings', () => {
  it('reads a table of shaded cells without lines by the edges of its cells', () => {
    const [table] = detectTables(shadedTablePage());
    expect(table?.method).toBe('ruled');
    expect(table?.cells).toEqual([
      ['Scenario', 'OAuth flow', 'Audience'],
      ['Web app', 'Auth code', 'Work or school accounts'],
      ['Daemon app', 'Client credentials', 'App-only permissions'],
    ]);
  });

  it('gives no rules for shaded rows of one column, bars standing apart, or small swatches', () => {
    const stripes = [0, 1, 2, 3].map(row => ({ x: 0, y: 295 + 30 * row, width: 595, height: 15 }));
    expect(cellTilingRulings(stripes, [])).toEqual([]);
    const bars = [0, 1, 2, 3].map(bar => ({ x: 100 + 40 * bar, y: 300 - 20 * bar, width: 30, height: 100 + 20 * bar }));
    expect(cellTilingRulings(bars, [])).toEqual([]);
    const swatches = [0, 1].flatMap(row => [0, 1].map(column => ({ x: 50 + 6 * column, y: 50 + 6 * row, width: 6, height: 6 })));
    expect(cellTilingRulings(swatches, [])).toEqual([]);
    // Stacked bars meet edge to edge, each stack one column of its own: no grid.
    const stacked = [0, 1].flatMap(stack => [0, 1].map(part => ({ x: 100 + 40 * stack, y: 200 + 50 * part, width: 30, height: 50 })));
    expect(cellTilingRulings(stacked, [])).toEqual([]);
    // A statement's shaded header: a row of spanning cells over two rows of four, and no shaded body.
    const spanning = [100, 200].map(x => ({ x, y: 100, width: 100, height: 12 }));
    const header = [112, 124].flatMap(y => [100, 150, 200, 250].map(x => ({ x, y, width: 50, height: 12 })));
    expect(cellTilingRulings([...spanning, ...header], [])).toEqual([]);
    // Cells missing from a grid of shaded boxes: a cover's tiles, not a table.
    const tiles = [0, 1, 2].flatMap(row => [0, 1].map(column => ({ x: 100 + 200 * column, y: 100 + 100 * row, width: 200, height: 100 })));
    expect(cellTilingRulings(tiles, [])).toHaveLength(24);
    expect(cellTilingRulings(tiles.slice(1), [])).toEqual([]);
    // Shaded header cells, three rows of them, over rows of figures that are not shaded.
    expect(cellTilingRulings(tiles, [textRun('Revenues', 110, 402), textRun('1,234', 310, 402)])).toEqual([]);
    // A footer under one column, or text further down, heads nothing.
    expect(cellTilingRulings(tiles, [textRun('@speaker', 110, 402), textRun('Page 2', 310, 460)])).toHaveLength(24);
  });
});
