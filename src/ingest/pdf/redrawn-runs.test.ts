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

  it('keeps the same words elsewhere: on the next line, further along, or in another size', () => {
    const runs = [run('Total', 72, 100), run('Total', 72, 114), run('Total', 75, 100), run('Total', 72, 100, 18)];
    expect(withoutRedrawnRuns(runs)).toHaveLength(4);
  });
});
