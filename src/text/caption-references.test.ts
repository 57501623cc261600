import { describe, expect, it } from 'vitest';
import { captionKeys, captionReferences } from './caption-references.ts';

describe('caption references', () => {
  it('reads the figures and tables a question names', () => {
    expect(captionReferences('In figure 1, which relation arrows do not point to leaf nodes?')).toEqual(['figure 1']);
    expect(captionReferences('Repeat the settings shown in red box of Figure 3 (left).')).toEqual(['figure 3']);
    expect(captionReferences('What are the compared items in blue in Table1-1?')).toEqual(['table 1-1']);
    expect(captionReferences('For the papers listed in Table 1 and Table 2, how many are from 2021?')).toEqual(['table 1', 'table 2']);
    expect(captionReferences('What does Fig. 3b show?')).toEqual(['figure 3']);
    expect(captionReferences('What is in Table IV?')).toEqual(['table iv']);
    expect(captionReferences('Hoeveel broker-dealers staan volgens Tabel 2 in de lijst, en wat toont Figuur 3?')).toEqual(['table 2', 'figure 3']);
    expect(captionReferences('Was zeigen Tabelle 5.1 und Abb. 4?')).toEqual(['table 5.1', 'figure 4']);
    expect(captionReferences('Welke kleuren heeft Afbeelding 2?')).toEqual(['figure 2']);
    expect(captionReferences('Welche Tabellen zeigen den Umsatz?')).toEqual([]);
  });

  it('finds none where the question names no particular figure or table', () => {
    expect(captionReferences('How many tables include "F1" as a metric?')).toEqual([]);
    expect(captionReferences('How many charts and tables in this report?')).toEqual([]);
    expect(captionReferences('How many people are in the figure on page 6?')).toEqual([]);
    expect(captionReferences('Which table a reader should use?')).toEqual([]);
  });

  it('reads captions, not sentences that mention a figure', () => {
    expect(captionKeys('Figure 1: A demonstration of our task.')).toEqual(['figure 1']);
    expect(captionKeys('Results in detail.\nTable 3. Accuracy by model')).toEqual(['table 3']);
    expect(captionKeys('Five-level reliability', 'Figure 2-1 Five-level reliability architecture')).toEqual(['figure 2-1']);
    expect(captionKeys('TABLE IV Results')).toEqual(['table iv']);
    expect(captionKeys('Abbildung 3: Umsatz nach Region')).toEqual(['figure 3']);
    expect(captionKeys('Tabel 2. Aantal broker-dealers')).toEqual(['table 2']);
    expect(captionKeys('As Figure 5 shows, the line rises.')).toEqual([]);
    expect(captionKeys('Figure 7 shows the results.')).toEqual([]);
  });
});
