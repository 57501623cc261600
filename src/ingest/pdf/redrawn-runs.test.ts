import { describe, expect, it } from 'vitest';
import type { TextRun } from './page-content.ts';
import { withoutRedrawnRuns } from './redrawn-runs.ts';

const run = (text: string, x: number, y: number, fontSize = 12, endsLine = false): TextRun => ({
  text,
  bbox: { x, y, width: text.length * fontSize * 0.5, height: fontSize },
  fontSize,
  fontName: 'Helvetica',
  bold: false,
  italic: false,
  endsLine,
});

describe('withoutRedrawnRuns', () => {
  it('keeps one of each run painted again within a sixth of an em, wherever the copy comes in the stream', () => {
    const kept = withoutRedrawnRuns([
      run('Public', 160, 100, 60),
      run('Public', 157.1, 97.1, 60, true),
      run('Complaints', 160, 172, 60),
      run('Residential trash and', 110, 300),
      run('garbage', 110, 316),
      // The whole table again, after the rest of the page.
      run('Residential trash and', 109.1, 299.1, 12, true),
      run('garbage', 109.1, 315.1),
      run('Complaints', 157.1, 169.1, 60),
    ]);
    expect(kept.map(entry => entry.text)).toEqual(['Public', 'Complaints', 'Residential trash and', 'garbage']);
    // A dropped copy's end of line stays with the run it repeats.
    expect(kept.map(entry => entry.endsLine)).toEqual([true, false, true, false]);
  });

  it('drops pieces of a copy cut otherwise, where their text stands in the run they repeat', () => {
    const whole = run('Ordinance 657- Household', 103, 26, 40);
    const kept = withoutRedrawnRuns([
      run('Ordinance 657', 105, 28, 40),
      whole,
      // At 15 of the whole's 24 characters, half an em from where that share of its width puts it.
      run('Household', 103 + (whole.bbox.width * 15) / 24 - 15, 26, 40, true),
      run('trash', 105, 76, 40, true),
    ]);
    expect(kept.map(entry => entry.text)).toEqual(['Ordinance 657- Household', 'trash']);
    expect(kept[0].endsLine).toBe(true);
  });

  it('keeps a part that stands elsewhere on the line, and single letters that overlap a neighbour', () => {
    const runs = [run('Total revenue', 72, 100), run('revenue', 72, 100), run('TY', 200, 100, 21), run('T', 200, 100, 21)];
    expect(withoutRedrawnRuns(runs)).toHaveLength(4);
  });

  it('keeps the same words elsewhere: on the next line, further along, or in another size', () => {
    const runs = [run('Total', 72, 100), run('Total', 72, 114), run('Total', 75, 100), run('Total', 72, 100, 18)];
    expect(withoutRedrawnRuns(runs)).toHaveLength(4);
  });
});
