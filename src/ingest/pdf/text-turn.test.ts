import { describe, expect, it } from 'vitest';
import type { PageTurn } from '../../documents/document-tree.ts';
import type { TextRun } from './page-content.ts';
import { textTurn } from './text-turn.ts';

const run = (text: string, turn?: PageTurn): TextRun => ({
  text,
  bbox: { x: 0, y: 0, width: 10, height: 10 },
  fontSize: 10,
  fontName: 'Helvetica',
  bold: false,
  italic: false,
  endsLine: true,
  ...(turn ? { turn } : {}),
});

describe('textTurn', () => {
  it('turns a page most of whose characters read in one turned direction', () => {
    expect(textTurn([run('Alabama 18,870 23,022 22,650', 270), run('Kentucky 264,140 12,155', 270), run('Page 1')])).toBe(270);
    expect(textTurn([run('Upside down words on this page', 180)])).toBe(180);
  });

  it('leaves a page alone whose sideways text is a margin label or an axis title', () => {
    expect(textTurn([run('The survey asked 1,500 adults about their views.'), run('arXiv:2303.08559v2', 90)])).toBeUndefined();
  });

  it('leaves a page alone that has too few characters to tell', () => {
    expect(textTurn([run('B-1191', 90)])).toBeUndefined();
  });
});
