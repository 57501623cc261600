import type { Block } from '../types.ts';
import type { TextLine as BlockLine } from '../../documents/document-tree.ts';
import type { BoundingBox, FigureRef, PageTurn } from '../../documents/document-tree.ts';
import type { DetectedFigure, DetectedTable, PageContent, TextRun } from './page-content.ts';
import { buildBlocks, type TextBlockDraft } from './layout/build-blocks.ts';
import { buildLines } from './layout/build-lines.ts';
import { blockFont, classifyTextBlock } from './layout/classify-block.ts';
import { measureFontStats, type DocumentFontStats } from './layout/font-stats.ts';
import { orderForReading } from './layout/reading-order.ts';
import { hyphenatedCompounds, joinCodeLines, joinLines, joinListItems, type JoinedText } from './layout/join-text.ts';
import { horizontalOverlap, roundBox, unionBoxes, verticalOverlap } from '../../documents/bounding-box.ts';
import type { TextLine } from './layout/text-line.ts';

export type { DocumentFontStats } from './layout/font-stats.ts';
export { FontStatsCollector, measureFontStats } from './layout/font-stats.ts';

/** What the table and figure detectors found on the page; their runs are left out of the text blocks. */
export interface FoundRegions {
  tables: DetectedTable[];
  figures: DetectedFigure[];
  /** Rendered crops, same index as `figures`; undefined where rendering produced nothing. */
  figureRefs?: Array<FigureRef | undefined>;
}

/** A page element in reading order, before its kind is decided against document-wide font statistics. */
export type PageItem =
  | { type: 'text'; bbox: BoundingBox; drafts: TextBlockDraft[]; nearFigureOrTable: boolean }
  | { type: 'table'; bbox: BoundingBox; table: DetectedTable; text: string }
  | { type: 'figure'; bbox: BoundingBox; source: 'raster' | 'vector'; text: string; figure?: FigureRef };

/** One page's geometry: small enough to keep for every page while the document is read. */
export interface PageGeometry {
  page: number;
  width: number;
  height: number;
  /** Set when the page was read turned (a scan fed sideways or upside down): width, height and boxes are in the turned frame. */
  turn?: PageTurn;
  items: PageItem[];
}

/**
 * Lays out one page. Without `stats` the page's own runs decide the body font size; the PDF parser
 * passes document-wide stats instead (via analyzePageGeometry + classifyPage, in two passes).
 */
export function layoutPage(content: PageContent, found: FoundRegions, stats?: DocumentFontStats): Block[] {
  return classifyPage(analyzePageGeometry(content, found), stats ?? measureFontStats(content.runs));
}

/** Lines → blocks → reading order, plus tables and figures as blocks of their own. */
export function analyzePageGeometry(content: PageContent, found: FoundRegions): PageGeometry {
  const consumed = new Set<number>();
  for (const region of [...found.tables, ...found.figures]) for (const index of region.runIndices) consumed.add(index);
  const freeRuns = content.runs.filter((_, index) => !consumed.has(index));
  const lines = buildLines(freeRuns);
  const regions: BoundingBox[] = [...found.tables.map(table => table.bbox), ...found.figures.map(figure => figure.bbox)];
  const items: PageItem[] = buildBlocks(lines).map(draft => ({
    type: 'text',
    bbox: draft.bbox,
    drafts: [draft],
    nearFigureOrTable: regions.some(region => isNear(region, draft.bbox)),
  }));
  for (const table of found.tables) {
    const text = table.cells.map(row => row.filter(cell => cell.trim() !== '').join(' ')).join('\n');
    items.push({ type: 'table', bbox: table.bbox, table, text });
  }
  found.figures.forEach((figure, index) => {
    const text = buildLines(figure.runIndices.map(runIndex => content.runs[runIndex]).filter(isRun))
      .map(line => line.text)
      .join('\n');
    items.push({ type: 'figure', bbox: figure.bbox, source: figure.source, text, figure: found.figureRefs?.[index] });
  });
  const minGutterWidth = Math.max(5, 0.8 * medianFontSize(lines));
  return {
    page: content.page,
    width: content.width,
    height: content.height,
    items: mergeListItems(orderForReading(items, minGutterWidth)),
  };
}

/** Decides each item's kind against document-wide font statistics and returns the page's blocks. */
export function classifyPage(geometry: PageGeometry, stats: DocumentFontStats): Block[] {
  const compounds = hyphenatedCompounds(geometry.items.flatMap(item => (item.type === 'text' ? item.drafts.flatMap(draft => draft.lines) : [])));
  const blocks = geometry.items.map((item, order): Block => {
    const base = { page: geometry.page, bbox: item.bbox, order };
    if (item.type === 'table') return { ...base, kind: 'table', text: item.text, markdown: item.table.markdown, ...withLines(tableRowLines(item.table)) };
    if (item.type === 'figure') return { ...base, kind: 'figure', text: item.text, ...(item.figure ? { figure: item.figure } : {}) };
    const lines = item.drafts.flatMap(draft => draft.lines);
    const font = blockFont(lines);
    const listItem = item.drafts[0].listItem;
    const flow = joinLines(lines, compounds);
    const kind = classifyTextBlock({ lines, text: flow.text, listItem, nearFigureOrTable: item.nearFigureOrTable }, font, stats);
    const joined = kind === 'list' ? joinListItems(item.drafts, compounds) : kind === 'code' ? joinCodeLines(lines) : flow;
    return { ...base, kind, text: joined.text, font, ...withLines(lineBoxes(joined, lines)) };
  });
  if (geometry.page === 1) markTitle(blocks, geometry.height, stats);
  return blocks;
}

/** `joined.spans[i]` is where `lines[i]` is in the text (both in reading order). */
function lineBoxes(joined: JoinedText, lines: readonly TextLine[]): BlockLine[] {
  const boxes: BlockLine[] = [];
  joined.spans.forEach((span, index) => {
    if (span.end > span.start) boxes.push({ start: span.start, end: span.end, box: roundBox(lines[index].bbox) });
  });
  return boxes;
}

/**
 * One line per Markdown row, boxed by the row's geometry where the detector knew it; the `|---|` row
 * and rows with no known place (a header the detector made up) get none. A table without row
 * geometry is one line: all of its Markdown, the table's box.
 */
function tableRowLines(table: DetectedTable): BlockLine[] {
  const { markdown } = table;
  if (markdown === '') return [];
  if (!table.rowBoxes) return [{ start: 0, end: markdown.length, box: roundBox(table.bbox) }];
  const lines: BlockLine[] = [];
  let start = 0;
  markdown.split('\n').forEach((row, markdownRow) => {
    // Markdown row 0 is cell row 0, row 1 the separator, row n + 1 cell row n.
    const box = markdownRow === 1 ? undefined : table.rowBoxes![markdownRow === 0 ? 0 : markdownRow - 1];
    if (box) lines.push({ start, end: start + row.length, box: roundBox(box) });
    start += row.length + 1;
  });
  return lines;
}

function withLines(lines: BlockLine[]): { lines?: BlockLine[] } {
  return lines.length > 0 ? { lines } : {};
}

/** The biggest text in the top half of page 1, clearly bigger than body text, is the document title. */
function markTitle(blocks: Block[], pageHeight: number, stats: DocumentFontStats): void {
  const candidates = blocks.filter(block => (block.kind === 'heading' || block.kind === 'paragraph') && block.font && block.bbox.y < pageHeight / 2);
  const biggest = Math.max(0, ...candidates.map(block => block.font!.size));
  if (biggest < stats.bodyFontSize * 1.3) return;
  const title = candidates.find(block => block.font!.size === biggest && /\p{L}{2}/u.test(block.text));
  if (title && title.text.length <= 300) title.kind = 'title';
}

/** Consecutive list items with the same indent and size become one list block. */
function mergeListItems(items: PageItem[]): PageItem[] {
  const merged: PageItem[] = [];
  for (const item of items) {
    const previous = merged[merged.length - 1];
    if (previous?.type === 'text' && item.type === 'text' && continuesList(previous.drafts, item.drafts[0])) {
      previous.drafts.push(item.drafts[0]);
      previous.bbox = unionBoxes(previous.bbox, item.bbox);
      previous.nearFigureOrTable ||= item.nearFigureOrTable;
    } else {
      merged.push(item);
    }
  }
  return merged;
}

function continuesList(list: TextBlockDraft[], next: TextBlockDraft): boolean {
  const last = list[list.length - 1];
  if (!last.listItem || !next.listItem) return false;
  const size = last.lines[0].fontSize;
  const gap = next.bbox.y - (last.bbox.y + last.bbox.height);
  return Math.abs(last.bbox.x - next.bbox.x) < 0.5 * size && gap > -0.5 * size && gap < 1.5 * size && Math.abs(size - next.lines[0].fontSize) < 0.12 * size;
}

function isNear(region: BoundingBox, box: BoundingBox): boolean {
  return horizontalOverlap(region, box) > 0 && -verticalOverlap(region, box) < 40;
}

function medianFontSize(lines: TextLine[]): number {
  if (lines.length === 0) return 10;
  const sizes = lines.map(line => line.fontSize).sort((first, second) => first - second);
  return sizes[Math.floor(sizes.length / 2)];
}

function isRun(run: TextRun | undefined): run is TextRun {
  return run !== undefined;
}
