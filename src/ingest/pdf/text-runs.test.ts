import { describe, expect, it } from 'vitest';
import { makeTestPdf } from '../../../test/support/layout/make-test-pdf.ts';
import { fontStyleFromName, isMonospaceFontName } from './font-style.ts';
import { openPdf } from './open-pdf.ts';
import { extractTextRuns } from './text-runs.ts';

async function runsOfFirstPage(data: Uint8Array) {
  const pdf = await openPdf(data);
  try {
    return await extractTextRuns(await pdf.getPage(1));
  } finally {
    await pdf.destroy();
  }
}

describe('extractTextRuns', () => {
  it('gives top-left boxes, sizes from the text matrix and real font styles', async () => {
    const runs = await runsOfFirstPage(
      await makeTestPdf([
        {
          texts: [
            { text: 'Big bold words', x: 100, top: 50, size: 20, font: 'bold' },
            { text: 'slanted words', x: 100, top: 200, size: 10, font: 'italic' },
            { text: 'typewriter', x: 300, top: 200, size: 8, font: 'mono' },
          ],
        },
      ]),
    );
    expect(runs.map(run => [run.text, run.fontName, run.bold, run.italic])).toEqual([
      ['Big bold words', 'Helvetica-Bold', true, false],
      ['slanted words', 'Helvetica-Oblique', false, true],
      ['typewriter', 'Courier', false, false],
    ]);
    const [big, slanted] = runs;
    expect(big.fontSize).toBeCloseTo(20, 3);
    expect(slanted.fontSize).toBeCloseTo(10, 3);
    expect(big.bbox.x).toBeCloseTo(100, 1);
    // The box spans the font's ascent to descent around the baseline, drawn at top + 0.72 em = 64.4.
    // pdf.js draws non-embedded Helvetica with its Liberation Sans file and reports that font's
    // ascent/descent (0.905/-0.212 em, as for an embedded Arial). Were the font files not loaded, it
    // would report Helvetica's AFM ascender 0.718 em: boxes ~17% shorter, and gaps between lines wider.
    const baseline = 50 + 0.72 * 20;
    expect(big.bbox.y).toBeCloseTo(baseline - 0.905 * 20, 0);
    expect(big.bbox.y + big.bbox.height).toBeCloseTo(baseline + 0.212 * 20, 0);
    expect(big.bbox.width).toBeGreaterThan(120);
    expect(big.bbox.width).toBeLessThan(170);
  });

  it('works in the displayed frame of a rotated page', async () => {
    // A 400 x 200 page turned 90°: displayed 200 wide, 400 tall. Text that ran left to right along the
    // top of the unrotated page now runs top to bottom along the right edge.
    const runs = await runsOfFirstPage(await makeTestPdf([{ width: 400, height: 200, rotate: 90, texts: [{ text: 'Sideways', x: 20, top: 20, size: 12 }] }]));
    expect(runs).toHaveLength(1);
    const { bbox, fontSize } = runs[0];
    expect(fontSize).toBeCloseTo(12, 3);
    expect(bbox.x + bbox.width).toBeLessThanOrEqual(200);
    expect(bbox.x).toBeGreaterThan(150);
    expect(bbox.y).toBeCloseTo(20, 0);
    expect(bbox.height).toBeGreaterThan(bbox.width);
    // A quarter turn back (270° clockwise) sets it upright.
    expect(runs[0].turn).toBe(270);
  });

  it('drops whitespace-only items', async () => {
    const runs = await runsOfFirstPage(
      await makeTestPdf([
        {
          texts: [
            { text: '   ', x: 10, top: 10, size: 10 },
            { text: 'x', x: 50, top: 10, size: 10 },
          ],
        },
      ]),
    );
    expect(runs.map(run => run.text)).toEqual(['x']);
    expect(runs[0].turn).toBeUndefined();
  });
});

describe('fontStyleFromName', () => {
  it.each([
    ['ABCDEF+Arial-BoldMT', 'Arial-BoldMT', true, false],
    ['AAAAAB+SFBX1000', 'SFBX1000', true, false],
    ['CMTI10', 'CMTI10', false, true],
    ['NimbusRomNo9L-Medi', 'NimbusRomNo9L-Medi', true, false],
    ['NimbusRomNo9L-ReguItal', 'NimbusRomNo9L-ReguItal', false, true],
    ['MinionPro-BoldIt', 'MinionPro-BoldIt', true, true],
    ['Calibri,Bold', 'Calibri,Bold', true, false],
    ['Roboto-Medium', 'Roboto-Medium', false, false],
    ['TimesNewRomanPSMT', 'TimesNewRomanPSMT', false, false],
  ])('%s', (fontName, name, bold, italic) => {
    expect(fontStyleFromName(fontName)).toEqual({ name, bold, italic });
  });

  it('knows monospace families', () => {
    expect(['CMTT10', 'Courier', 'DejaVuSansMono', 'Consolas'].every(isMonospaceFontName)).toBe(true);
    expect(isMonospaceFontName('Helvetica')).toBe(false);
  });
});
