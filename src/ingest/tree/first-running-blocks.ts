import type { Block } from '../types.ts';
import { isPageNumberText } from '../pdf/layout/block-patterns.ts';

/**
 * The running headers and footers that are read once, where each first appears. Repeated on every page
 * they would crowd the search and the quotes, but their words are the document's: "Good Energy SVT
 * Tariff Information Label (TIL)" heads both pages of a two-page tariff label and is said nowhere else,
 * and a question that uses them ("the SVT tariff") must find it, not be told the documents never
 * mention it. Only a header repeated word for word is kept: one whose digits change from page to page
 * ("Page 3 of 12", "12 Section number 12") numbers the pages, and its first copy would answer for all
 * of them.
 */
export function firstRunningBlocks(blocks: readonly Block[]): Set<Block> {
  const groups = new Map<string, Block[]>();
  for (const block of blocks) {
    if (block.kind !== 'page-header' && block.kind !== 'page-footer') continue;
    if (isPageNumberText(block.text)) continue;
    const key = folded(block.text).replace(/\d+/gu, '#');
    if (!/\p{L}{2}/u.test(key)) continue;
    const group = groups.get(key) ?? [];
    group.push(block);
    groups.set(key, group);
  }
  const first = new Set<Block>();
  for (const group of groups.values()) {
    if (group.every(block => folded(block.text) === folded(group[0].text))) first.add(group[0]);
  }
  return first;
}

function folded(text: string): string {
  return text.replace(/\s+/gu, ' ').trim().toLowerCase();
}
