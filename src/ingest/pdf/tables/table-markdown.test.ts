import { describe, expect, it } from 'vitest';
import { escapeCell, tableToMarkdown } from './table-markdown.ts';

describe('tableToMarkdown', () => {
  it('writes a header row, a delimiter row and the body rows', () => {
    expect(
      tableToMarkdown([
        ['Item', 'Cost'],
        ['Tea', '3'],
        ['Cake', '5'],
      ]),
    ).toBe(['| Item | Cost |', '| --- | --- |', '| Tea | 3 |', '| Cake | 5 |'].join('\n'));
  });

  it('escapes pipes and collapses whitespace and line breaks inside cells', () => {
    const markdown = tableToMarkdown([
      ['a | b', 'multi\nline   cell'],
      ['x||y', '  padded  '],
    ]);
    expect(markdown.split('\n')[0]).toBe('| a \\| b | multi line cell |');
    expect(markdown.split('\n')[2]).toBe('| x\\|\\|y | padded |');
  });

  it('pads short rows so the grid stays rectangular', () => {
    expect(tableToMarkdown([['a', 'b', 'c'], ['d']]).split('\n')[2]).toBe('| d |  |  |');
  });

  it('leaves text without pipes unchanged apart from trimming', () => {
    expect(escapeCell(' (1,234) ')).toBe('(1,234)');
  });
});
