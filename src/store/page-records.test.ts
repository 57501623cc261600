import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../spaces/space-id.ts';
import { pageRecords } from './page-records.ts';
import type { IndexUnit } from './types.ts';

const space = 'slack:T1:C1' as SpaceId;

function unitsOf(pages: string[]): IndexUnit[] {
  return pages.map((text, offset) => ({
    id: `d1:0001:${offset + 1}:0`,
    space,
    documentId: 'd1',
    documentName: 'bestellungen.xlsx',
    nodeId: '0001',
    titlePath: [],
    kind: 'section',
    page: offset + 1,
    part: 0,
    text,
  }));
}

describe('pageRecords', () => {
  // A sheet of German headers has too few common words to be read as German from its units alone.
  const units = unitsOf(['Rechnungen der Lieferanten\nBestellungen 2023']);

  it('stems a page in the language its record keeps', () => {
    expect(pageRecords(units, {}, 'de')[0].terms).toEqual(['rechnung', 'lieferant', 'bestell', '2023']);
  });

  it('reads the language from the units when the record keeps none', () => {
    expect(pageRecords(units, {})[0].terms).toEqual(['rechnungen', 'lieferanten', 'bestellungen', '2023']);
  });
});
