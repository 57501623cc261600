import type { Block, OutlineEntry } from '../types.ts';
import { coverPageExtras } from './cover-pages.ts';
import { isGenericTitle } from './generic-title.ts';
import { rankHeadingLevels } from './heading-levels.ts';
import { parseHeadingNumber } from './heading-numbering.ts';
import { normalizeTitle } from './normalize-title.ts';

/** Where a heading starts in the block sequence, and how deep it is. */
export interface HeadingPlacement {
  title: string;
  /** Relative level: smaller is higher; fractions allowed. Only its order matters. */
  level: number;
  page: number;
  /** The heading sits just before blocks[position]; blocks[position] is the heading itself when `consumesBlock`. */
  position: number;
  consumesBlock: boolean;
}

const maxHeadingChars = 200;

/**
 * Outline-led placement when the PDF has a usable outline; heading candidates ranked by numbering and
 * fonts otherwise. `ocrPages` are the pages read by OCR: in a document that has a text layer, their
 * candidates must read as words (readsAsWords). A cover picture's texture read as large letters ("5 |
 * ee OTLo") would otherwise head the whole document.
 */
export function placeHeadings(blocks: Block[], outline: OutlineEntry[], pageCount: number, ocrPages: readonly number[] = []): HeadingPlacement[] {
  const usable = outline.filter(entry => entry.page !== null && !isGenericTitle(entry.title));
  // A lone bookmark names the document (or an excerpt's source), it is not a table of contents.
  if (usable.length >= 2) return placeFromOutline(blocks, usable);
  const readByOcr = new Set(ocrPages.length < pageCount ? ocrPages : []);
  return placeFromCandidates(blocks, pageCount, readByOcr);
}

function isCandidate(block: Block): boolean {
  if (block.kind !== 'heading' && block.kind !== 'title') return false;
  const text = block.text.trim();
  return text.length > 0 && text.length <= maxHeadingChars && /\p{L}/u.test(text);
}

/**
 * A letter's closing ("Sincerely,", "Mit freundlichen Grüßen", "Met vriendelijke groet"): the name set
 * large or bold under it signs the letter, and heads nothing.
 */
const letterClosingLine =
  /^(?:sincerely|yours(?: sincerely| faithfully| truly)?|(?:best|kind|warm|warmest)?\s*regards|respectfully(?: yours| submitted)?|cordially|with (?:best|kind|warm) (?:regards|wishes)|mit freundlichen gr(?:ü|ue)(?:ß|ss)en|freundliche gr(?:ü|ue)(?:ß|ss)e|viele gr(?:ü|ue)(?:ß|ss)e|hochachtungsvoll|met vriendelijke groet(?:en)?|hoogachtend|cordialement|bien cordialement|salutations distingu[ée]es)[,.!]?$/iu;

function signsLetter(blocks: Block[], index: number): boolean {
  const before = blocks[index - 1];
  return before !== undefined && before.page === blocks[index]!.page && letterClosingLine.test(before.text.trim().split('\n').at(-1)!.trim());
}

/**
 * A heading OCR read on a page of a document with a text layer: two words or more of three letters or
 * more, with a vowel, and most of its words so ("Appendix: handwritten depot notes", not "5 | ee OTLo",
 * "vos" or "ww").
 */
function readsAsWords(text: string): boolean {
  const tokens = text.split(/\s+/u).filter(Boolean);
  const words = tokens.filter(token => /^(?:\p{Lu}?\p{Ll}{2,}|\p{Lu}{3,})[,.:;!?]?$/u.test(token) && /[aeiouyäöüàâéèêëïîôûù]/iu.test(token));
  return words.length >= 2 && words.length * 3 >= tokens.length * 2;
}

function placeFromCandidates(blocks: Block[], pageCount: number, readByOcr: ReadonlySet<number>): HeadingPlacement[] {
  const excluded = coverPageExtras(blocks, pageCount);
  const indices = blocks
    .map((block, index) =>
      isCandidate(block) && !excluded.has(index) && !(readByOcr.has(block.page) && !readsAsWords(block.text)) && !signsLetter(blocks, index) ? index : -1,
    )
    .filter(index => index >= 0);
  const levels = rankHeadingLevels(indices.map(index => ({ text: blocks[index].text, font: blocks[index].font, parserLevel: blocks[index].headingLevel })));
  return indices.map((blockIndex, position) => ({
    title: cleanTitle(blocks[blockIndex].text),
    level: blocks[blockIndex].kind === 'title' && blocks[blockIndex].headingLevel === undefined ? Math.min(levels[position], 0) : levels[position],
    page: blocks[blockIndex].page,
    position: blockIndex,
    consumesBlock: true,
  }));
}

function placeFromOutline(blocks: Block[], outline: OutlineEntry[]): HeadingPlacement[] {
  const firstBlockOfPage = new Map<number, number>();
  blocks.forEach((block, index) => {
    if (!firstBlockOfPage.has(block.page)) firstBlockOfPage.set(block.page, index);
  });
  const used = new Set<number>();
  const placements: HeadingPlacement[] = [];
  let searchFrom = 0;
  for (const entry of outline) {
    const page = entry.page!;
    const match = findTitleBlock(blocks, entry.title, page, used);
    if (match !== null) {
      used.add(match.index);
      placements.push({ title: cleanTitle(entry.title), level: entry.level, page, position: match.index, consumesBlock: match.whole });
      searchFrom = match.index;
      continue;
    }
    // The title is not printed as its own block (or is split oddly): start the section where the
    // destination points, never before the previous heading.
    let position = firstBlockOfPage.get(page) ?? nextPagePosition(blocks, page);
    if (entry.y !== undefined) {
      while (position < blocks.length && blocks[position].page === page && blocks[position].bbox.y + 2 < entry.y) position += 1;
    }
    position = Math.max(position, searchFrom);
    placements.push({ title: cleanTitle(entry.title), level: entry.level, page, position, consumesBlock: false });
  }
  placements.push(...numberedSubheadings(blocks, placements, used));
  return placements.sort((a, b) => a.position - b.position || Number(a.consumesBlock) - Number(b.consumesBlock));
}

/**
 * The block on the entry's page that prints its title: the title itself or its start (`whole`: the
 * heading is that block, which the section then replaces), else the first block that opens with it and
 * goes on (the section starts there and keeps the block's words). Tables and figures are never a
 * heading, whatever words they open with: a slide drawn as one figure opens with its title.
 */
function findTitleBlock(blocks: Block[], title: string, page: number, used: Set<number>): { index: number; whole: boolean } | null {
  const wanted = normalizeTitle(title);
  if (!wanted) return null;
  let best: { index: number; whole: boolean } | null = null;
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index];
    if (block.page < page) continue;
    if (block.page > page) break;
    if (used.has(index) || block.kind === 'page-header' || block.kind === 'page-footer' || block.kind === 'table' || block.kind === 'figure') continue;
    const text = normalizeTitle(block.text);
    if (!text || text.length > wanted.length * 2 + 20) continue;
    if (text === wanted) return { index, whole: true };
    if (best === null && text.startsWith(wanted)) best = { index, whole: false };
    else if (best === null && wanted.startsWith(text) && text.length >= Math.min(12, wanted.length)) best = { index, whole: true };
  }
  return best;
}

/** Outlines often stop at chapters; numbered headings below an outline entry ("3.2" under "3") are kept. */
function numberedSubheadings(blocks: Block[], placements: HeadingPlacement[], used: Set<number>): HeadingPlacement[] {
  const ordered = [...placements].sort((a, b) => a.position - b.position);
  const extra: HeadingPlacement[] = [];
  let cursor = 0;
  blocks.forEach((block, index) => {
    while (cursor + 1 < ordered.length && ordered[cursor + 1].position <= index) cursor += 1;
    if (used.has(index) || !isCandidate(block) || ordered.length === 0) return;
    const enclosing = ordered[cursor];
    if (enclosing.position > index) return;
    const parentNumber = parseHeadingNumber(enclosing.title);
    const number = parseHeadingNumber(block.text);
    if (!parentNumber || !number || (number.style !== parentNumber.style && number.style !== 'decimal')) return;
    const parentLabel = parentNumber.label.replace(/^\D+\s/, '');
    if (number.depth <= parentNumber.depth || !number.label.startsWith(`${parentLabel}.`)) return;
    extra.push({
      title: cleanTitle(block.text),
      level: enclosing.level + (number.depth - parentNumber.depth),
      page: block.page,
      position: index,
      consumesBlock: true,
    });
  });
  return extra;
}

function nextPagePosition(blocks: Block[], page: number): number {
  const index = blocks.findIndex(block => block.page >= page);
  return index === -1 ? blocks.length : index;
}

function cleanTitle(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, maxHeadingChars);
}
