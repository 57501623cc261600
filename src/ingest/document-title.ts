import { bodyFontSize } from './tree/cover-pages.ts';
import { isGenericTitle } from './tree/generic-title.ts';
import { parseHeadingNumber } from './tree/heading-numbering.ts';
import type { Block, ParsedDocument } from './types.ts';
import { drawnOnce } from '../text/drawn-twice.ts';

/** Longer "titles" are a first paragraph set large, not a name anyone would recall. */
const maxTitleCharacters = 200;
/** A title is set clearly bigger than the body (as the parser marks the title of page 1). */
const titleSizeRatio = 1.3;
/** Stamps set large in a margin that name an archive copy, not the document: "arXiv:2303.08559v2 [cs.CL] 21 Oct 2023". */
const archiveStamp = /^arxiv:\s*\S+/iu;

/** A block telling how to cite the document ("RECOMMENDED CITATION: … “Title.” …"), and the quoted title in it. */
const citationLead = /\b(?:recommended|suggested|preferred)\s+citation\b|\bplease\s+cite\b|\bcite\s+this\b/iu;
const quotedTitle = /[“"]([^”"]{10,200}?)[,.]?[”"]/u;

/**
 * The title printed on a document's first page, as a person would quote it: the block the parser marked
 * as its title, unless that is an archive's stamp or only a position or file name ("Page 1"); else the
 * biggest text clearly bigger than the body, in the top half of page 1 when there is any there, with the
 * large lines stacked with it (titleLines); for a parser that gives no font
 * sizes, the block it marked as the title. A cover whose headline is drawn as a picture often says how
 * to cite the document: then the title quoted there. Undefined when neither is found.
 */
export function documentTitle(parsed: Pick<ParsedDocument, 'blocks' | 'pageSizes'>): string | undefined {
  return printedTitle(parsed) ?? citedTitle(parsed.blocks);
}

/** The title quoted where the first two pages say how to cite the document (in the lead's block or the next two). */
function citedTitle(blocks: Block[]): string | undefined {
  for (let index = 0; index < blocks.length && blocks[index].page <= 2; index++) {
    if (!citationLead.test(blocks[index].text)) continue;
    const citation = blocks
      .slice(index, index + 3)
      .map(block => block.text)
      .join(' ')
      .replace(/\s+/gu, ' ');
    const quoted = citation.match(quotedTitle)?.[1];
    if (quoted) return quotable(quoted);
  }
  return undefined;
}

function printedTitle(parsed: Pick<ParsedDocument, 'blocks' | 'pageSizes'>): string | undefined {
  const firstPage = parsed.blocks.filter(block => block.page === 1);
  const marked = firstPage.find(block => block.kind === 'title');
  const titleText = (block: Block | undefined) => (block ? quotable(block.text) : undefined);
  if (!firstPage.some(block => block.font)) return titleText(marked);
  if (marked && titleText(marked)) return titleText(marked);
  const halfHeight = (parsed.pageSizes[0]?.height ?? Number.POSITIVE_INFINITY) / 2;
  const body = bodyFontSize(parsed.blocks);
  const large = firstPage
    .filter(block => block !== marked && block.font && block.font.size >= body * titleSizeRatio)
    .filter(block => ['title', 'heading', 'paragraph'].includes(block.kind) && titleText(block));
  // The top half first; a cover may set its title lower down, under a picture.
  const top = large.filter(block => block.bbox.y < halfHeight);
  const candidates = top.length > 0 ? top : large;
  const biggest = Math.max(0, ...candidates.map(block => block.font!.size));
  const chosen = candidates.find(block => block.font!.size === biggest);
  return chosen ? (quotable(titleLines(chosen, large).join(' ')) ?? titleText(chosen)) : undefined;
}

/**
 * The texts of the title's lines: the chosen block and the large blocks stacked right above and below
 * it, a title set in several sizes ("THE IMPACTS OF CLIMATE CHANGE ON" / "HUMAN HEALTH" / "IN THE
 * UNITED STATES"). Stacked: less than half the smaller line's height apart, overlapping across.
 */
function titleLines(chosen: Block, large: Block[]): string[] {
  const stack = [...large].sort((left, right) => left.bbox.y - right.bbox.y);
  const stacked = (upper: Block, lower: Block) =>
    lower.bbox.y - (upper.bbox.y + upper.bbox.height) < Math.min(upper.bbox.height, lower.bbox.height) / 2 &&
    upper.bbox.x < lower.bbox.x + lower.bbox.width &&
    lower.bbox.x < upper.bbox.x + upper.bbox.width;
  let first = stack.indexOf(chosen);
  let last = first;
  while (first > 0 && stacked(stack[first - 1], stack[first])) first--;
  while (last < stack.length - 1 && stacked(stack[last], stack[last + 1])) last++;
  return stack.slice(first, last + 1).map(block => block.text);
}

/** The block's text single-spaced, letter-spacing undone; undefined when it is no title a person would quote. */
function quotable(text: string): string | undefined {
  const title = drawnOnce(withoutLetterSpacing(text.replace(/\s+/gu, ' ').trim()));
  if (title.length > maxTitleCharacters || !/\p{L}{2}/u.test(title) || isGenericTitle(title) || archiveStamp.test(title)) return undefined;
  // A numbered heading ("1 Refund policy", "Section A: Overview") starts the content; it names no document.
  if (parseHeadingNumber(title)) return undefined;
  return title;
}

/** "C A N A D A" (letters set apart for display) → "CANADA"; words of two letters or more stay apart. */
function withoutLetterSpacing(text: string): string {
  const tokens = text.split(' ');
  const single = tokens.filter(token => /^\p{L}$/u.test(token)).length;
  return tokens.length >= 4 && single / tokens.length > 0.7 ? tokens.join('') : text;
}
