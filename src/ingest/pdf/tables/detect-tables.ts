import type { DetectedTable, PageContent } from '../page-content.ts';
import { findAlignedTables } from './aligned-tables.ts';
import { findContentsTables } from './contents-tables.ts';
import { findMarkMatrixTables } from './mark-matrix-tables.ts';
import { findRulingFrames, overlaps, tablesFromFrames } from './ruled-tables.ts';
import { findSheetTables } from './sheet-tables.ts';

/**
 * Tables on one page, top to bottom. Evidence is taken strongest first: full ruled grids, then
 * tables of contents (lines ending in page numbers, which ruled stacks and number columns would cut
 * up), then borderless columns of numbers (financial statements, whose partial underlines must not
 * become frames of their own), then tables ruled only horizontally (booktabs) among what is left, and
 * last matrices of check marks under column headings (the weakest evidence: single glyphs). Number
 * blocks that a horizontal-rule frame fully encloses are left to that frame.
 * Runs are never shared between two tables. Pages without rulings, numbers or marks return quickly.
 * A page of a printed spreadsheet (`sheet`) also reads its other blocks of cells as tables
 * (sheet-tables.ts).
 */
export function detectTables(content: PageContent, options: { sheet?: boolean } = {}): DetectedTable[] {
  if (content.runs.length === 0) return [];
  const available = new Set(content.runs.keys());
  const { grids, stacks } = findRulingFrames(content);
  const tables = tablesFromFrames(content, grids, [], available);
  tables.push(...findContentsTables(content, available));
  tables.push(...findAlignedTables(content, available, stacks));
  const stacked = tablesFromFrames(content, stacks, tables, available);
  tables.push(...stacked);
  // A stack of rules that reads as no table (an invoice's rules under its letterhead, over its totals and
  // its footer, one "frame" the height of the page) keeps no number columns it encloses from being one.
  const reading = stacks.filter(frame => stacked.some(table => overlaps(table.bbox, frame)));
  if (reading.length < stacks.length) tables.push(...findAlignedTables(content, available, reading));
  tables.push(...findMarkMatrixTables(content, available));
  if (options.sheet) tables.push(...findSheetTables(content, available));
  return tables.sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x);
}
