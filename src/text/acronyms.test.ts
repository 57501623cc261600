import { describe, expect, it } from 'vitest';
import { acronymDefinitions, spelledOut } from './acronyms.ts';

describe('acronymDefinitions', () => {
  it('reads an acronym spelt out before its brackets or inside them, skipping small words between initials', () => {
    expect(acronymDefinitions('Notificatie Routering Component (NRC)')).toEqual([{ acronym: 'NRC', expansion: 'Notificatie Routering Component' }]);
    expect(acronymDefinitions('Das Bundesamt für Sicherheit in der Informationstechnik (BSI) warnt.')).toEqual([
      { acronym: 'BSI', expansion: 'Bundesamt für Sicherheit in der Informationstechnik' },
    ]);
    expect(acronymDefinitions('NARL (National Atmospheric Research Laboratory) at Gadanki')).toEqual([
      { acronym: 'NARL', expansion: 'National Atmospheric Research Laboratory' },
    ]);
  });

  it('reads no definition where the initials do not spell the bracketed letters', () => {
    expect(acronymDefinitions('Annual Report (2023)')).toEqual([]);
    expect(acronymDefinitions('Routering Component (NRC)')).toEqual([]);
    expect(acronymDefinitions('Notificatie Routering Component en meer (NRC)')).toEqual([]);
  });

  it('tells an acronym written out as consecutive words, hyphenated parts counted', () => {
    expect(spelledOut('Non-GAAP diluted earnings per share: $0.56 - $0.60', 'EPS')).toBe(true);
    expect(spelledOut('Non-GAAP Stock-Based Compensation Expense', 'SBC')).toBe(true);
    expect(spelledOut('earnings were strong; per share figures follow', 'EPS')).toBe(false);
    // Two letters are too few to tell from chance.
    expect(spelledOut('United Kingdom', 'UK')).toBe(false);
  });
});
