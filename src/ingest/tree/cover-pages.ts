import type { Block } from '../types.ts';
import { parseHeadingNumber } from './heading-numbering.ts';

/** A cover's display type is at least this many times the body size. */
const coverSizeRatio = 2.5;
/** A cover carries little running text: a blurb at most. */
const maxCoverBodyCharacters = 1500;
/** Only documents this long have covers worth telling apart from a first page of content. */
const minPagesForCovers = 4;

/**
 * Indices of heading blocks on a front or back cover that are not the cover's title. A cover's large
 * text (series name, "Front cover", taglines, the publisher's web address) is title material, not the
 * start of sections; only the biggest text on each cover stays a heading.
 */
export function coverPageExtras(blocks: Block[], pageCount: number): Set<number> {
  const extras = new Set<number>();
  if (pageCount < minPagesForCovers) return extras;
  const bodySize = bodyFontSize(blocks);
  for (const page of [1, pageCount]) {
    const onPage: Array<{ block: Block; index: number }> = [];
    blocks.forEach((block, index) => {
      if (block.page === page && block.font) onPage.push({ block, index });
    });
    const biggest = Math.max(0, ...onPage.map(({ block }) => block.font!.size));
    if (biggest < coverSizeRatio * bodySize) continue;
    const bodyCharacters = onPage
      .filter(({ block }) => isRunningText(block) && block.font!.size <= bodySize * 1.1)
      .reduce((sum, { block }) => sum + block.text.length, 0);
    if (bodyCharacters >= maxCoverBodyCharacters) continue;
    // Numbered sections ("1 Introduction") mean the content has started: a first page, not a cover.
    if (onPage.some(({ block }) => block.kind === 'heading' && parseHeadingNumber(block.text))) continue;
    const title = onPage.find(({ block }) => block.font!.size === biggest && /\p{L}{2}/u.test(block.text));
    for (const { block, index } of onPage) {
      if ((block.kind === 'heading' || block.kind === 'title') && index !== title?.index) extras.add(index);
    }
  }
  return extras;
}

/** The size covering the most characters of running text (to 0.5 pt). */
export function bodyFontSize(blocks: Block[]): number {
  const characters = new Map<number, number>();
  for (const block of blocks) {
    if (!block.font || !isRunningText(block)) continue;
    const size = Math.round(block.font.size * 2) / 2;
    characters.set(size, (characters.get(size) ?? 0) + block.text.length);
  }
  let best = 10;
  let bestCount = 0;
  for (const [size, count] of characters) {
    if (count > bestCount) {
      best = size;
      bestCount = count;
    }
  }
  return best;
}

function isRunningText(block: Block): boolean {
  return block.kind === 'paragraph' || block.kind === 'list';
}
