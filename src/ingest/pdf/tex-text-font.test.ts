import { describe, expect, it } from 'vitest';
import { makeTexLigaturePdf } from '../../../test/support/hostile/hostile-pdfs.ts';
import { openPdf, pdfjs } from './open-pdf.ts';
import { type CharProc, unmappedTexCharacters } from './tex-text-font.ts';
import { extractTextRuns } from './text-runs.ts';

/** Glyph drawings that only set their width (d1), by glyph name. */
function charProcs(widths: Record<string, number>): Record<string, CharProc> {
  return Object.fromEntries(
    Object.entries(widths).map(([name, width]) => [name, { fnArray: [pdfjs.OPS.setCharWidthAndBounds], argsArray: [[width, 0, 0, 0, width, 700]] }]),
  );
}

describe('unmappedTexCharacters', () => {
  it('reads codes 11-15 as ligatures when each is as wide as its letters, less kerning', () => {
    const cmr = charProcs({ '\x0b': 583, '\x0c': 556, '\x0d': 556, '\x0e': 833, '\x0f': 833, f: 306, i: 278, l: 278 });
    expect(Object.fromEntries(unmappedTexCharacters(cmr) ?? [])).toEqual({ '\x0b': 'ff', '\x0c': 'fi', '\x0d': 'fl', '\x0e': 'ffi', '\x0f': 'ffl' });
  });

  it("reads a text font's quotes and dashes at ASCII codes as what it draws there", () => {
    const cmr = charProcs({ '\x0c': 556, f: 306, i: 278, '\\': 500, '"': 500, '{': 500, '|': 1000 });
    expect(Object.fromEntries(unmappedTexCharacters(cmr) ?? [])).toEqual({ '\x0c': 'fi', '\\': '“', '"': '”', '{': '–', '|': '—' });
    // Typewriter: the same ASCII marks are themselves.
    expect(unmappedTexCharacters(charProcs({ '\x0b': 525, f: 525, '\\': 525, '"': 525 }))).toBeNull();
  });

  it('leaves the same codes alone in fonts where they are other glyphs, or where a letter is missing', () => {
    // Math italic: α, β, γ at codes 11-13.
    expect(unmappedTexCharacters(charProcs({ '\x0b': 640, '\x0c': 566, '\x0d': 518, f: 490, i: 345, l: 298 }))).toBeNull();
    // Typewriter: every glyph one width.
    expect(unmappedTexCharacters(charProcs({ '\x0b': 525, '\x0c': 525, f: 525, i: 525 }))).toBeNull();
    expect(unmappedTexCharacters(charProcs({ '\x0c': 556, i: 278 }))).toBeNull();
    expect(unmappedTexCharacters(undefined)).toBeNull();
  });
});

describe('extractTextRuns with a dvips Type3 font', () => {
  it('reads its unmapped ligatures as letters, not as spaces, and its quotes as quotes', async () => {
    const pdf = await openPdf(makeTexLigaturePdf());
    try {
      const runs = await extractTextRuns(await pdf.getPage(1));
      expect(runs.map(run => run.text).join(' ')).toBe('“first different”');
    } finally {
      await pdf.destroy();
    }
  });
});
