import type { Block, ParsedDocument } from '../types.ts';
import { isGenericTitle } from './generic-title.ts';

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
