import { describe, expect, it } from 'vitest';
import { textRun } from '../../../../test/support/tables/synthetic-page.ts';
import type { TextRun } from '../page-content.ts';
import { buildTextLines } from './text-lines.ts';

/** A run set sideways (read bottom to top): a narrow, tall box. */
const sideways = (text: string, x: number, y: number, height: number): TextRun => ({
  ...textRun(text, x, y, { fontSize: 5.8 }),
  bbox: { x, y, width: 6.7, height },
  turn: 90,
});

describe('text lines of a table', () => {
  it('keeps a space between the lines of a header cell set sideways', () => {
    // A workbook's column header turned a quarter: its two lines stand side by side, a tenth of a point apart.
    const runs = [sideways('Underlying Trading', 264.8, 60, 55.9), sideways('operating profit', 271.6, 70, 45.6)];
    const [line] = buildTextLines(runs, [0, 1]);
    expect(line.segments.map(segment => segment.text)).toEqual(['Underlying Trading operating profit']);
  });

  it("keeps apart the lines of cells centred in one row, whose lines stand half a line from their neighbours'", () => {
    // "Date" / "(en semaine)" beside "Nombre" / "d'heures" / "total", each cell centred in the row: every
    // line overlaps by half the one beside it, and chained they made one line.
    const runs = [
      textRun('Nombre', 171, 80),
      textRun('Date', 84, 86),
      textRun('d’heures', 168, 92),
      textRun('(en semaine)', 62, 98),
      textRun('total', 181, 104),
    ];
    const lines = buildTextLines(runs, [0, 1, 2, 3, 4], { cellLinesApart: true }).map(line => line.segments.map(segment => segment.text).join(' | '));
    const lineOf = (word: string) => lines.findIndex(line => line.includes(word));
    // One cell's lines, top to bottom, on lines of their own.
    expect(lineOf('Nombre')).toBeLessThan(lineOf('d’heures'));
    expect(lineOf('d’heures')).toBeLessThan(lineOf('total'));
    expect(lineOf('Date')).toBeLessThan(lineOf('(en semaine)'));
  });

  it('joins pieces of an upright word set close together without a space', () => {
    // "Trad" is 12 pt wide at 6 pt: "ing" starts half a point after it.
    const runs = [textRun('Trad', 100, 60, { fontSize: 6 }), textRun('ing', 112.5, 60, { fontSize: 6 })];
    expect(buildTextLines(runs, [0, 1])[0].segments.map(segment => segment.text)).toEqual(['Trading']);
  });
});
