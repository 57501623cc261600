import { describe, expect, it } from 'vitest';
import { textRun } from '../../../test/support/tables/synthetic-page.ts';
import { withoutLineNumbers } from './line-numbers.ts';

/** A page of `lines` text lines under 25.8 pt of line pitch, each numbered in the left margin (right-aligned at x 104). */
function numberedPage(first: number, lines: number, label = (n: number) => String(n)) {
  const numbers = Array.from({ length: lines }, (_, index) => textRun(label(first + index), 104, 65 + index * 25.8, { align: 'right', fontSize: 12 }));
  const text = Array.from({ length: lines }, (_, index) => textRun(`Line ${index} of the argument before the Court`, 126, 65 + index * 25.8, { fontSize: 12 }));
  return { numbers, text };
}

describe('withoutLineNumbers', () => {
  it('drops a margin column of consecutive, evenly spaced line numbers', () => {
    const { numbers, text } = numberedPage(1, 25);
    expect(withoutLineNumbers([...numbers, ...text])).toEqual(text);
    // A review copy numbers its lines on from the page before, with leading zeros.
    const review = numberedPage(54, 12, n => String(n).padStart(3, '0'));
    expect(withoutLineNumbers([...review.numbers, ...review.text])).toEqual(review.text);
  });

  it('keeps a table’s column of row numbers, which has its header over it', () => {
    const { numbers, text } = numberedPage(1, 12);
    const header = textRun('No.', 92, 40, { fontSize: 12 });
    expect(withoutLineNumbers([header, ...numbers, ...text])).toHaveLength(25);
  });

  it('keeps numbers that do not count up one by one, or too few of them', () => {
    const { numbers, text } = numberedPage(1, 9);
    expect(withoutLineNumbers([...numbers, ...text])).toHaveLength(18);
    const years = numberedPage(1, 12, n => String(2000 + n * 2));
    expect(withoutLineNumbers([...years.numbers, ...years.text])).toHaveLength(24);
  });
});
