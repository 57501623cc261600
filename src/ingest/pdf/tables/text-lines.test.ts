import { describe, expect, it } from 'vitest';
import type { TextRun } from '../page-content.ts';
import { buildTextLines } from './text-lines.ts';

const run = (text: string, x: number, y: number, width: number, height: number, turn?: 90): TextRun => ({
  text,
  bbox: { x, y, width, height },
  fontSize: 5.8,
  fontName: 'Arial',
  bold: false,
  italic: false,
  endsLine: false,
  ...(turn ? { turn } : {}),
});

describe('text lines of a table', () => {
  it('keeps a space between the lines of a header cell set sideways', () => {
    // A workbook's column header turned a quarter: its two lines stand side by side, a tenth of a point apart.
    const runs = [run('Underlying Trading', 264.8, 60, 6.7, 55.9, 90), run('operating profit', 271.6, 70, 6.7, 45.6, 90)];
    const [line] = buildTextLines(runs, [0, 1]);
    expect(line.segments.map(segment => segment.text)).toEqual(['Underlying Trading operating profit']);
  });

  it('joins pieces of an upright word set close together without a space', () => {
    const runs = [run('Trad', 100, 60, 12, 6), run('ing', 112.5, 60, 8, 6)];
    expect(buildTextLines(runs, [0, 1])[0].segments.map(segment => segment.text)).toEqual(['Trading']);
  });
});
