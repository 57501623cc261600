import type { Block, ParsedDocument } from '../types.ts';
import { isGenericTitle } from './generic-title.ts';
import { normalizeTitle } from './normalize-title.ts';
import { completedOutlineTitle } from './outline-title.ts';

/** Width ÷ height of slide formats: 4:3, 16:10, 16:9 (A4/Letter landscape are 1.41 and 1.29). */
const slideAspectRatios = [4 / 3, 16 / 10, 16 / 9];
const aspectTolerance = 0.03;
/** Titles sit in the top part of a slide. */
const titleZoneFraction = 0.3;

/**
 * A PDF exported from a presentation: (nearly) every page is landscape, and either its outline has
 * one generic "Slide N" entry per slide, or the pages have slide proportions and most carry a title
 * near the top. Such a document reads best as one node per slide.
 */
export function looksLikeSlideDeck(parsed: ParsedDocument): boolean {
  const pageCount = parsed.pageCount;
  if (pageCount < 2 || parsed.pageSizes.length === 0) return false;
  const landscape = parsed.pageSizes.filter(size => size.width > size.height * 1.1).length;
  if (landscape < 0.9 * parsed.pageSizes.length) return false;
  const outlinePages = parsed.outline.filter(entry => entry.page !== null);
  const slideEntries = outlinePages.filter(entry => /^slide\s*\d+$/i.test(entry.title.trim()));
  if (slideEntries.length >= Math.max(2, 0.3 * pageCount) && outlinePages.length >= 0.8 * pageCount) return true;
  if (outlinePages.length > 0 && outlinePages.some(entry => !isGenericTitle(entry.title)) && slideEntries.length === 0) return false;
  const slideShaped = parsed.pageSizes.filter(size =>
    slideAspectRatios.some(ratio => Math.abs(size.width / size.height - ratio) <= aspectTolerance * ratio),
  ).length;
  if (slideShaped < 0.9 * parsed.pageSizes.length) return false;
  const titled = new Set(
    parsed.blocks
      .filter(
        block => (block.kind === 'heading' || block.kind === 'title') && block.bbox.y < titleZoneFraction * (parsed.pageSizes[block.page - 1]?.height ?? 0),
      )
      .map(block => block.page),
  );
  return titled.size >= 0.6 * pageCount;
}

/**
 * The title of one slide: its largest heading text in the top part of the page, with heading lines
 * of the same size stacked right under it ("Hire" over "Workforce"), and the blocks it is made of.
 * Undefined when the slide has no heading.
 */
export function slideTitle(
  pageBlocks: Block[],
  pageHeight: number,
  isRepeated: (block: Block) => boolean = () => false,
): { title: string; blocks: Block[] } | undefined {
  const inZone = pageBlocks.filter(
    block => (block.kind === 'heading' || block.kind === 'title') && block.font && /\p{L}/u.test(block.text) && block.bbox.y < titleZoneFraction * pageHeight,
  );
  // A section tab repeated on many slides ("Hire Workforce" in a sidebar) is not this slide's title.
  const own = inZone.filter(block => !isRepeated(block));
  const headings = own.length > 0 ? own : inZone;
  if (headings.length === 0) return undefined;
  const size = Math.max(...headings.map(block => block.font!.size));
  const same = headings.filter(block => Math.abs(block.font!.size - size) < 0.5).sort((first, second) => first.bbox.y - second.bbox.y);
  const parts = [same[0]];
  for (const block of same.slice(1)) {
    const previous = parts[parts.length - 1];
    if (block.bbox.y - (previous.bbox.y + previous.bbox.height) > 0.8 * size) break;
    parts.push(block);
  }
  return {
    title: parts
      .map(block => block.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200),
    blocks: parts,
  };
}

/**
 * Each slide's title: its outline entry when that names the slide ("Slide 7" does not), else its
 * largest heading near the top. The blocks that make up the title are not repeated in the body.
 */
export function slideTitles(blocks: Block[], parsed: Pick<ParsedDocument, 'outline' | 'pageSizes'>): Map<number, { title: string; blocks: Set<Block> }> {
  const blocksByPage = new Map<number, Block[]>();
  for (const block of blocks) {
    const onPage = blocksByPage.get(block.page);
    if (onPage) onPage.push(block);
    else blocksByPage.set(block.page, [block]);
  }
  const outlineTitles = new Map<number, string>();
  for (const entry of parsed.outline) {
    if (entry.page !== null && !outlineTitles.has(entry.page) && !isGenericTitle(entry.title)) outlineTitles.set(entry.page, entry.title);
  }
  const pagesByHeading = new Map<string, Set<number>>();
  for (const block of blocks) {
    if (!isHeadingBlock(block)) continue;
    const key = normalizeTitle(block.text);
    pagesByHeading.set(key, (pagesByHeading.get(key) ?? new Set()).add(block.page));
  }
  const titles = new Map<number, { title: string; blocks: Set<Block> }>();
  for (const [page, pageBlocks] of blocksByPage) {
    const outlineTitle = outlineTitles.get(page);
    if (outlineTitle) {
      // A title the outline cut short is read whole from the page (outline-title.ts).
      const completed = completedOutlineTitle(outlineTitle, pageBlocks);
      const wanted = normalizeTitle(completed.title);
      const parts = pageBlocks.filter(block => isHeadingBlock(block) && normalizeTitle(block.text) !== '' && wanted.includes(normalizeTitle(block.text)));
      titles.set(page, { title: completed.title.slice(0, 200), blocks: new Set([...parts, ...completed.blocks.filter(isHeadingBlock)]) });
      continue;
    }
    const found = slideTitle(
      pageBlocks,
      parsed.pageSizes[page - 1]?.height ?? Infinity,
      block => (pagesByHeading.get(normalizeTitle(block.text))?.size ?? 0) >= 3,
    );
    if (found) titles.set(page, { title: found.title, blocks: new Set(found.blocks) });
  }
  return titles;
}

function isHeadingBlock(block: Block): boolean {
  return block.kind === 'heading' || block.kind === 'title';
}
