import { markdownRowCells } from '../../../text/markdown-table-row.ts';
import type { Block, OutlineEntry } from '../../types.ts';

/**
 * A table that runs on over a page break shows its header row again on the next page only when its
 * author asked for that. Otherwise the part on the next page starts with a body row, which is read as
 * its header, and its rows are quoted under the wrong column names ("Author & Corporate Profiles — •
 * Bibliography…"). A table that is the last block of its page, followed first thing on the next page
 * (running headers aside) by a table of as many columns whose first row differs, gets the first part's
 * header row above its rows: in its Markdown (the header row has no box on that page) and its text.
 * Pages are taken in order, so a table over three pages carries its header to both later parts. A
 * bookmark of the outline that points above the next page's table starts something new there (a
 * workbook's next sheet, a chapter): that table is not carried a header.
 */
export function carryTableHeaders(blocks: Block[], outline: OutlineEntry[] = []): void {
  const content = blocks.filter(block => block.kind !== 'page-header' && block.kind !== 'page-footer');
  for (let index = 1; index < content.length; index++) {
    const [previous, next] = [content[index - 1], content[index]];
    if (previous.kind !== 'table' || next.kind !== 'table' || next.page !== previous.page + 1) continue;
    if (outline.some(entry => entry.page === next.page && (entry.y ?? 0) <= next.bbox.y)) continue;
    if (!previous.markdown || !next.markdown) continue;
    const [header, separator] = previous.markdown.split('\n');
    const [first, nextSeparator] = next.markdown.split('\n');
    if (separator === undefined || separator !== nextSeparator || sameRow(first, header) || !/\p{L}/u.test(header)) continue;
    const restStart = first.length + 1 + separator.length + 1;
    next.markdown = [header, separator, first, next.markdown.slice(restStart)].filter(part => part !== '').join('\n');
    // Row 0 moves below the carried header and the separator; the rows after it move by the header's line.
    next.lines = next.lines?.map(line => {
      const shift = line.start < first.length + 1 ? header.length + separator.length + 2 : header.length + 1;
      return { ...line, start: line.start + shift, end: line.end + shift };
    });
    next.text = `${cellTexts(header)}\n${next.text}`;
  }
}

function sameRow(first: string, second: string): boolean {
  return cellTexts(first).toLowerCase() === cellTexts(second).toLowerCase();
}

/** A Markdown row's cell texts, joined by spaces (as a table block's text joins them). */
function cellTexts(row: string): string {
  return markdownRowCells(row).filter(Boolean).join(' ');
}
