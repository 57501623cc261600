import type { Block } from '../types.ts';
import { isPageNumberText } from '../pdf/layout/block-patterns.ts';

/**
 * The running headers and footers that are read once, where each first appears. Repeated on every page
 * they would crowd the search and the quotes, but their words are the document's: "Good Energy SVT
 * Tariff Information Label (TIL)" heads both pages of a two-page tariff label and is said nowhere else,
 * and a question that uses them ("the SVT tariff") must find it, not be told the documents never
 * mention it. Texts that differ only in their digits ("Page 3 of 12") are one; page numbers are not kept.
 */
export function firstRunningBlocks(blocks: readonly Block[]): Set<Block> {
  const seen = new Set<string>();
  const first = new Set<Block>();
  for (const block of blocks) {
    if (block.kind !== 'page-header' && block.kind !== 'page-footer') continue;
    if (isPageNumberText(block.text)) continue;
    const key = block.text.replace(/\d+/gu, '#').replace(/\s+/gu, ' ').trim().toLowerCase();
    if (!/\p{L}{2}/u.test(key) || seen.has(key)) continue;
    seen.add(key);
    first.add(block);
  }
  return first;
}
