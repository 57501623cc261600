import type { Block } from '../types.ts';
import { isPageNumberText } from './layout/block-patterns.ts';

/** Share of the page height, from the top and from the bottom, where running headers and footers live. */
const marginBandFraction = 0.15;
/** Repeats of the same header may drift this many points between pages. */
const positionTolerance = 8;
/**
 * Longer blocks are never running text. A letterhead footer (name, address, phone, mail and web address)
 * takes some 200 characters; repeated word for word at the same height, it is the page's, not the text's.
 */
const maxRunningTextChars = 500;

/**
 * Marks, in place, blocks repeated in the top or bottom margin band on at least half of the pages
 * (same text once digits are ignored, about the same y) as 'page-header' / 'page-footer', and lone page
 * numbers in those bands too. `pageSizes` is indexed by pageIndex.
 */
export function markHeadersAndFooters(blocks: Block[], pageSizes: Array<{ width: number; height: number }>): void {
  const groups = new Map<string, Array<{ block: Block; band: 'top' | 'bottom' }>>();
  const blocksByPage = new Map<number, Block[]>();
  for (const block of blocks) {
    const onPage = blocksByPage.get(block.page) ?? [];
    onPage.push(block);
    blocksByPage.set(block.page, onPage);
  }
  for (const block of blocks) {
    if (block.kind === 'table' || block.kind === 'figure' || block.text.length > maxRunningTextChars) continue;
    const band = marginBand(block, pageSizes[block.page - 1]?.height);
    if (!band) continue;
    const onPage = blocksByPage.get(block.page)!;
    if (isPageNumberText(block.text) && isOutermost(block, band, onPage, pageSizes) && !hasNumberNeighbours(block, onPage)) {
      block.kind = band === 'top' ? 'page-header' : 'page-footer';
      continue;
    }
    const key = `${band}|${normalize(block.text)}`;
    const group = groups.get(key) ?? [];
    group.push({ block, band });
    groups.set(key, group);
  }
  const minimumPages = Math.max(2, Math.floor(pageSizes.length / 2));
  for (const group of groups.values()) {
    if (group.length < minimumPages) continue;
    for (const { block, band } of group) {
      if (block.kind === 'page-header' || block.kind === 'page-footer') continue;
      const pagesNearby = new Set(group.filter(other => Math.abs(other.block.bbox.y - block.bbox.y) <= positionTolerance).map(other => other.block.page));
      if (pagesNearby.size >= minimumPages) block.kind = band === 'top' ? 'page-header' : 'page-footer';
    }
  }
}

/** Nothing on the same page, outside the margin band, lies wholly above (top) or below (bottom) the block. */
function isOutermost(block: Block, band: 'top' | 'bottom', onPage: Block[], pageSizes: Array<{ height: number }>): boolean {
  return !onPage.some(
    other =>
      marginBand(other, pageSizes[other.page - 1]?.height) !== band &&
      (band === 'top' ? other.bbox.y + other.bbox.height <= block.bbox.y : other.bbox.y >= block.bbox.y + block.bbox.height),
  );
}

/** Axis ticks of a chart come in stacks; a page number stands alone. */
function hasNumberNeighbours(block: Block, onPage: Block[]): boolean {
  return onPage.some(
    other => other !== block && /^[\d.,%\s-]+$/.test(other.text) && Math.abs(other.bbox.x - block.bbox.x) < 30 && Math.abs(other.bbox.y - block.bbox.y) < 40,
  );
}

function marginBand(block: Block, pageHeight: number | undefined): 'top' | 'bottom' | null {
  if (!pageHeight) return null;
  if (block.bbox.y + block.bbox.height <= pageHeight * marginBandFraction) return 'top';
  if (block.bbox.y >= pageHeight * (1 - marginBandFraction)) return 'bottom';
  return null;
}

// Page numbers, dates and chapter numbers change from page to page; the rest of a running header does not.
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\b[ivxlc]+\b/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}
