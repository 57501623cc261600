import { byReadingOrder } from './reading-order.ts';
import type { Block, ParsedDocument } from './types.ts';

/** About the cover's or first page's name lines and a little more: a court opinion's caption comes after its citation lines. */
const maxOpeningCharacters = 400;
/** A cover is often a picture with nothing, or nothing readable, behind it: the opening may run on to later pages. */
const maxOpeningPage = 6;
/** Running heads and feet repeat on every page, often with the document's name ("Exhibit 300 - Integrated Personnel Management System"). */
const runningKinds = new Set<Block['kind']>(['page-header', 'page-footer']);

/**
 * The words a document opens with: the text of its first pages in reading order (figure text too, since
 * covers are often drawn as pictures; each running head or foot of three words or more once),
 * single-spaced, cut at a word after about 400 characters. It holds
 * what names a document that has no title printed large: a hearing's subject above "HEARING", a case's
 * parties ("Hanson v. Delaware State Public Integrity Commission"), a plan's name on a pictured cover.
 * Undefined when the first pages hold no words.
 */
export function documentOpening(parsed: Pick<ParsedDocument, 'blocks'>): string | undefined {
  const blocks = parsed.blocks.filter(block => block.page <= maxOpeningPage).sort(byReadingOrder);
  const running = new Set<string>();
  let opening = '';
  for (const block of blocks) {
    const text = block.text.replace(/\s+/gu, ' ').trim();
    if (!text) continue;
    if (runningKinds.has(block.kind)) {
      // Once each, page numbers aside; "Page 2 of 15" or a date says nothing.
      const key = text.replace(/\d+/gu, '#').toLowerCase();
      if (running.has(key) || (text.match(/\p{L}{2,}/gu) ?? []).length < 3) continue;
      running.add(key);
    }
    opening = opening ? `${opening} ${text}` : text;
    if (opening.length >= maxOpeningCharacters) break;
  }
  if (!/\p{L}{2}/u.test(opening)) return undefined;
  if (opening.length <= maxOpeningCharacters) return opening;
  const cut = opening.lastIndexOf(' ', maxOpeningCharacters);
  return opening.slice(0, cut > 0 ? cut : maxOpeningCharacters);
}
