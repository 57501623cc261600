import type { Block } from '../types.ts';
import type { PageNumber } from '../../documents/document-tree.ts';

/**
 * The page numbers printed on the pages (in running headers and footers), by physical page: what a
 * reader means by "page 17" when the PDF defines no page labels. Brochures start counting after
 * unnumbered covers, reports after a front matter, and two-page spreads print two numbers per PDF page.
 *
 * A number only counts when it is part of a sequence: at least `minimumRunPages` pages whose header or
 * footer numbers advance with the physical page (by 1, or by 2 for spreads), with at most
 * `maximumGap - 1` unnumbered pages between two of them. A year, an issue number, a chapter number in a
 * running header or "1/2" on two printed web pages stay constant or restart too soon to form one.
 * Pages inside a sequence without a number of their own (a full-page figure, a chapter opener) get the
 * number the sequence gives them; pages outside every sequence get none.
 *
 * Returns one array per physical page (index = page - 1): the numbers printed on it, usually one, two
 * for a spread (left and right page), none when unknown; undefined when no sequence was found.
 */
export function detectPrintedPageNumbers(blocks: Block[], document: { pageCount: number; pageSizes: Array<{ width: number }> }): number[][] | undefined {
  const { pageCount, pageSizes } = document;
  const candidates = pageNumberCandidates(blocks, pageSizes);
  const runs = [1, 2].flatMap(step => findRuns(candidates, step));
  if (runs.length === 0) return undefined;
  // A page claimed by several runs takes the best supported one.
  runs.sort((a, b) => b.support - a.support || a.step - b.step || a.offset - b.offset);
  const printed: number[][] = Array.from({ length: pageCount }, () => []);
  const claimed = new Set<PageNumber>();
  for (const run of runs) {
    for (let page = run.firstPage; page <= run.lastPage; page++) {
      if (claimed.has(page) || page < 1 || page > pageCount) continue;
      claimed.add(page);
      const first = run.step * page + run.offset;
      printed[page - 1] = run.step === 2 ? [first, first + 1] : [first];
    }
  }
  return printed.map(numbers => numbers.filter(number => number >= 1));
}

/** A sequence needs this many pages that print their number. */
export const minimumRunPages = 3;
/** Two numbered pages of one sequence are at most this many pages apart. */
export const maximumGap = 4;
/**
 * At least this share of a sequence's pages print its number. Pages that alternate the side of their
 * number (left on even, right on odd pages) can line up by chance with a spread's left/right numbers
 * on every other page; a real sequence leaves few pages out.
 */
export const minimumDensity = 0.6;

interface Candidate {
  page: PageNumber;
  number: number;
  /** The number stands in the right half of the PDF page: on a spread, the right page's number. */
  right: boolean;
  /** A header (or the page's first block), not a footer: a sequence is read from one or the other, never mixed. */
  top: boolean;
}

interface Run {
  /** Physical pages advance the printed number by `step` (2 for two-page spreads). */
  step: number;
  /** printed = step × page + offset (for spreads, the left page's number). */
  offset: number;
  firstPage: PageNumber;
  lastPage: PageNumber;
  /** Pages that print a number of this run. */
  support: number;
}

/**
 * Groups the candidates by their offset for one step and cuts each group where the gap is too long. On
 * a spread the right half prints the left page's number + 1, so both halves give the same offset.
 */
function findRuns(candidates: Candidate[], step: number): Run[] {
  const pagesByOffset = new Map<string, { offset: number; pages: Set<PageNumber> }>();
  for (const { page, number, right, top } of candidates) {
    const offset = number - (step === 2 && right ? 1 : 0) - step * page;
    const key = `${offset}|${top}`;
    const group = pagesByOffset.get(key) ?? { offset, pages: new Set<PageNumber>() };
    group.pages.add(page);
    pagesByOffset.set(key, group);
  }
  const runs: Run[] = [];
  for (const { offset, pages: pageSet } of pagesByOffset.values()) {
    if (pageSet.size < minimumRunPages) continue;
    const pages = [...pageSet].sort((a, b) => a - b);
    let start = 0;
    for (let index = 1; index <= pages.length; index++) {
      if (index < pages.length && pages[index] - pages[index - 1] <= maximumGap) continue;
      const support = index - start;
      const span = pages[index - 1] - pages[start] + 1;
      if (support >= minimumRunPages && support >= minimumDensity * span)
        runs.push({ step, offset, firstPage: pages[start], lastPage: pages[index - 1], support });
      start = index;
    }
  }
  return runs;
}

// "17", "- 17 -", "(17)", "Page 17", "page 17 of 40", "17 / 40".
const lonePageNumber = /^(?:page\s*)?[-–—([]?\s*(\d{1,5})\s*[-–—)\]]?(?:\s*(?:of|\/)\s*\d{1,5})?$/iu;
// A running header or footer that starts or ends with its number: "2 Graduate Studies", "Annual Report | 17".
const leadingNumber = /^(\d{1,4})\s*[|·•–—-]?\s+\p{L}/u;
const trailingNumber = /\p{L}.*?\s(?:[|·•–—-]\s*)?(\d{1,4})$/u;

/**
 * Numbers that headers and footers print as a page number, one or more per page; also a lone number
 * that is the page's first or last block (short pages put it right under the text, above the margin).
 */
function pageNumberCandidates(blocks: Block[], pageSizes: Array<{ width: number }>): Candidate[] {
  const candidates: Candidate[] = [];
  const outermost = outermostBlocks(blocks);
  const add = (block: Block, number: number) => {
    const width = pageSizes[block.page - 1]?.width;
    const right = width !== undefined && block.bbox.x + block.bbox.width / 2 > width / 2;
    const top = block.kind === 'page-header' || (block.kind !== 'page-footer' && outermost.get(block) === 'top');
    candidates.push({ page: block.page, number, right, top });
  };
  for (const block of blocks) {
    const text = block.text.trim();
    const lone = lonePageNumber.exec(text);
    if (lone && (outermost.has(block) || isHeaderOrFooter(block))) {
      add(block, Number(lone[1]));
      continue;
    }
    if (!isHeaderOrFooter(block) || text.length > 120) continue;
    // Within running text, a four-digit number is more likely a year than a page.
    for (const match of [leadingNumber.exec(text), trailingNumber.exec(text)]) {
      const number = match ? Number(match[1]) : NaN;
      if (Number.isInteger(number) && !looksLikeYear(number)) add(block, number);
    }
  }
  return candidates;
}

function isHeaderOrFooter(block: Block): boolean {
  return block.kind === 'page-header' || block.kind === 'page-footer';
}

/** Per page, the text block nearest the top and the one nearest the bottom (a lone block is the bottom one). */
function outermostBlocks(blocks: Block[]): Map<Block, 'top' | 'bottom'> {
  const byPage = new Map<PageNumber, { top: Block; bottom: Block }>();
  for (const block of blocks) {
    if (block.kind === 'table' || block.kind === 'figure') continue;
    const entry = byPage.get(block.page);
    if (!entry) {
      byPage.set(block.page, { top: block, bottom: block });
      continue;
    }
    if (block.bbox.y < entry.top.bbox.y) entry.top = block;
    if (block.bbox.y + block.bbox.height > entry.bottom.bbox.y + entry.bottom.bbox.height) entry.bottom = block;
  }
  const positions = new Map<Block, 'top' | 'bottom'>();
  for (const { top, bottom } of byPage.values()) {
    positions.set(top, 'top');
    positions.set(bottom, 'bottom');
  }
  return positions;
}

function looksLikeYear(number: number): boolean {
  return number >= 1800 && number <= 2199;
}
