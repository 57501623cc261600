import type { Block } from './types.ts';

/** Sort comparator: page by page, and on a page by the parser's reading order (Block.order). */
export function byReadingOrder(left: Block, right: Block): number {
  return left.page - right.page || left.order - right.order;
}
