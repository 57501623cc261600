/**
 * One document's posting lists (page index) in a single Int32Array: per term (word or word pair) its
 * page count n, then n (page index, term frequency) pairs in page order; a Map holds each term's offset.
 * An array per term made millions of small objects at 100k pages, which every major garbage collection
 * had to mark (tens of ms a question); offsets are small integers, stored in the Map without objects.
 */
export class PostingLists {
  private constructor(
    private readonly offsets: Map<string, number>,
    /** [n, page, frequency, page, frequency, …] per term, at the term's offset. */
    readonly data: Int32Array,
  ) {}

  /** From (page index, frequency) pairs per term, pages ascending. */
  static from(lists: Map<string, number[]>): PostingLists {
    let size = 0;
    for (const list of lists.values()) size += 1 + list.length;
    const data = new Int32Array(size);
    const offsets = new Map<string, number>();
    let next = 0;
    for (const [term, list] of lists) {
      offsets.set(term, next);
      data[next] = list.length / 2;
      data.set(list, next + 1);
      next += 1 + list.length;
    }
    return new PostingLists(offsets, data);
  }

  /** The offset of `term`'s page count in `data` (its pairs follow), or -1 when no page has it. */
  offset(term: string): number {
    return this.offsets.get(term) ?? -1;
  }

  /** Pages containing `term`. */
  pageCount(term: string): number {
    const offset = this.offsets.get(term);
    return offset === undefined ? 0 : this.data[offset];
  }

  /** Every term with the number of pages containing it. */
  *pageCounts(): IterableIterator<[string, number]> {
    for (const [term, offset] of this.offsets) yield [term, this.data[offset]];
  }

  /** Binary search of `term`'s pairs (at `offset`) for a page index: the pair's offset in `data`, or -1. */
  find(offset: number, pageIndex: number): number {
    let low = 0;
    let high = this.data[offset] - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.data[offset + 1 + middle * 2];
      if (found === pageIndex) return offset + 1 + middle * 2;
      if (found < pageIndex) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}
