import { describe, expect, it } from 'vitest';
import { stripThinkBlocks, ThinkBlockFilter } from '../../src/models/think-blocks.ts';

describe('stripThinkBlocks', () => {
  it.each([
    ['a leading block', '<think>\nThe user wants refunds.\n</think>\n\nRefunds take 14 days [1].', 'Refunds take 14 days [1].'],
    ['no block', 'Refunds take 14 days [1].', 'Refunds take 14 days [1].'],
    ['a block in the middle', 'Refunds <think>check page</think>take 14 days.', 'Refunds take 14 days.'],
    ['two blocks', '<think>a</think>One. <think>b</think>Two.', 'One. Two.'],
    ['an unclosed block (cut off while thinking)', 'Answer: <think>still thinking about', 'Answer: '],
    ['only a closing tag (the template opened it)', 'The user asks about refunds.\n</think>\n\n{"answer": 1}', '{"answer": 1}'],
    ['an empty block', '<think>\n\n</think>\n\n{"a": 1}', '{"a": 1}'],
  ])('removes %s', (_name, text, expected) => {
    expect(stripThinkBlocks(text)).toBe(expected);
  });
});

describe('ThinkBlockFilter (streaming)', () => {
  const stream = (deltas: string[]) => {
    const filter = new ThinkBlockFilter();
    const visible = deltas.map(delta => filter.push(delta));
    visible.push(filter.flush());
    return visible;
  };

  it('passes text outside think blocks on, with tags split across deltas', () => {
    const deltas = ['<thi', 'nk>\nreason', 'ing here</th', 'ink>\n\nRefunds ', 'take 14', ' days <', 'b>[1]</b>'];
    const visible = stream(deltas);
    expect(visible.join('')).toBe('Refunds take 14 days <b>[1]</b>');
    expect(visible.join('')).toBe(stripThinkBlocks(deltas.join('')));
    // Nothing of the reasoning leaks, not even in pieces.
    expect(visible.some(piece => /reason|think/.test(piece))).toBe(false);
  });

  it('streams plain answers without holding them back', () => {
    expect(stream(['Hello ', 'world', '.'])).toEqual(['Hello ', 'world', '.', '']);
  });

  it('drops an unclosed block and flushes a partial tag that never completed', () => {
    expect(stream(['Answer <think>half', ' a thought']).join('')).toBe('Answer ');
    expect(stream(['a < b and b <th']).join('')).toBe('a < b and b <th');
  });
});
