import type { Block } from '../types.ts';

/**
 * LibreOffice writes each slide's title into the PDF outline cut after 62 characters ("Low-income
 * children are less likely to enroll in college, les"); a title this long may have been cut.
 */
const cutTitleLength = 60;
/** Titles are kept this long at most, as the tree keeps them. */
const maxTitleLength = 200;

/**
 * An outline entry's title made whole from the page it names: the text of the page's blocks from the one
 * it starts in to the one it ends in, when they read as the title cut short ("…enroll in college," and
 * "less likely to graduate"). The title as written when it is short, or no run of the page's blocks
 * continues it; `blocks` are the ones the whole title was read from (none then).
 */
export function completedOutlineTitle(title: string, pageBlocks: readonly Block[]): { title: string; blocks: Block[] } {
  const wanted = spaced(title);
  if (wanted.length < cutTitleLength) return { title: wanted, blocks: [] };
  for (let start = 0; start < pageBlocks.length; start++) {
    let text = '';
    for (let end = start; end < pageBlocks.length; end++) {
      text = text ? `${text} ${spaced(pageBlocks[end].text)}` : spaced(pageBlocks[end].text);
      if (!(text.startsWith(wanted) || wanted.startsWith(text))) break;
      if (text.length >= wanted.length) {
        return text.length > maxTitleLength ? { title: wanted, blocks: [] } : { title: text, blocks: pageBlocks.slice(start, end + 1) };
      }
    }
  }
  return { title: wanted, blocks: [] };
}

function spaced(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}
