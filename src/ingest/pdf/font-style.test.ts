import { describe, expect, it } from 'vitest';
import { fontStyleFromName, fontWeightFromName, runWeight } from './font-style.ts';

describe('fontWeightFromName', () => {
  it('reads weight words as foundries write them', () => {
    expect(fontWeightFromName('ABCDEF+KoPubDotumLight')).toBe(300);
    expect(fontWeightFromName('Helvetica')).toBe(400);
    expect(fontWeightFromName('KoPubDotumMedium')).toBe(500);
    expect(fontWeightFromName('HelveticaNeueLTPro-Md')).toBe(500);
    expect(fontWeightFromName('SourceSansPro-Semibold')).toBe(600);
    expect(fontWeightFromName('LubalinGraphStd-Demi')).toBe(600);
    expect(fontWeightFromName('Arial-BoldMT')).toBe(700);
    expect(fontWeightFromName('NimbusRomNo9L-Medi')).toBe(700);
    expect(fontWeightFromName('Roboto-Black')).toBe(800);
  });

  it('keeps Medium out of bold while counting it heavier than Regular', () => {
    expect(fontStyleFromName('KoPubDotumMedium').bold).toBe(false);
    expect(runWeight({ fontName: 'KoPubDotumMedium', bold: false })).toBeGreaterThan(runWeight({ fontName: 'Helvetica', bold: false }));
    // pdf.js flags non-embedded bold fonts whatever their name says.
    expect(runWeight({ fontName: 'F1', bold: true })).toBeGreaterThanOrEqual(600);
  });
});
