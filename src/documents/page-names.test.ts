import { describe, expect, it } from 'vitest';
import { namePage, namePageRange, namePages, pageCountLabel, pageNamesOf, pagePositions } from './page-names.ts';

const pdf = 'application/pdf';
const pptx = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const odp = 'application/vnd.oasis.opendocument.presentation';

describe('page names', () => {
  it('names pages by position when the document has no names of its own', () => {
    expect([namePages(pagePositions, [4]), namePages(pagePositions, [4, 5, 6]), namePages(pagePositions, [4, 9]), namePages(pagePositions, [])]).toEqual([
      'p. 4',
      'pp. 4–6',
      'pp. 4, 9',
      'p. ?',
    ]);
    expect(namePage(pageNamesOf(pdf, undefined), 7)).toBe('p. 7');
  });

  it('names a deck’s pages by the slides they show, in the asker’s language', () => {
    // Slide 3 is hidden: the third page shows slide 4.
    const deck = pageNamesOf(pptx, { pageLabels: ['1', '2', '4', '5'] });
    expect(namePage(deck, 3)).toBe('slide 4');
    expect(namePages(deck, [3, 4])).toBe('slides 4–5');
    expect(namePages(deck, [2, 3])).toBe('slides 2, 4');
    expect(namePage(deck, 3, 'de')).toBe('Folie 4');
    expect(namePage(deck, 3, 'nl')).toBe('dia 4');
    expect(namePage(deck, 3, 'xx')).toBe('slide 4');
    expect(namePage(pageNamesOf(odp, undefined), 2)).toBe('slide 2');
    // A section's extent by its ends: the hidden slide between is not listed.
    expect(namePageRange(deck, 2, 4)).toBe('slides 2–5');
    expect(namePageRange(deck, 3, 3)).toBe('slide 4');
  });

  it('names a PDF’s pages by their page labels, roman front matter included', () => {
    const names = pageNamesOf(pdf, { pageLabels: ['i', 'ii', 'iii', 'iv', '1', '2'] });
    expect(namePage(names, 4)).toBe('p. iv');
    expect(namePages(names, [2, 3, 4])).toBe('pp. ii–iv');
    expect(namePages(names, [4, 5])).toBe('pp. iv, 1');
    expect(namePage(names, 6)).toBe('p. 2');
  });

  it('names a PDF’s pages by their printed numbers, and a page printing none by its place in the PDF', () => {
    // Two cover pages, then the numbering starts at 1; page 5 is a spread.
    const names = pageNamesOf(pdf, { printedPageNumbers: [[], [], [1], [2], [3, 4]] });
    expect(namePage(names, 3)).toBe('p. 1');
    expect(namePages(names, [3, 4])).toBe('pp. 1–2');
    expect(namePage(names, 5)).toBe('p. 3–4');
    expect(namePage(names, 1)).toBe('PDF p. 1');
    expect(namePages(names, [2, 3])).toBe('PDF p. 2, p. 1');
    expect(namePage(names, 1, 'de')).toBe('PDF-S. 1');
    expect(namePageRange(names, 3, 5)).toBe('pp. 1–4');
    expect(namePageRange(names, 1, 4)).toBe('PDF p. 1 – p. 2');
    // Labels that only repeat the position leave the printed numbers in charge.
    expect(namePage(pageNamesOf(pdf, { pageLabels: ['1', '2', '3'], printedPageNumbers: [[], [], [1]] }), 3)).toBe('p. 1');
  });

  it('counts a deck by its slides, hidden ones included and said', () => {
    expect([pageCountLabel(1), pageCountLabel(12), pageCountLabel(4, { count: 5, hidden: [3] }), pageCountLabel(1, { count: 1, hidden: [] })]).toEqual([
      '1 page',
      '12 pages',
      '5 slides, 1 hidden',
      '1 slide',
    ]);
  });

  it('knows from one page at hand whether the document numbers its pages', () => {
    // A single page read from the store: its empty list says the document prints numbers elsewhere.
    expect(namePage(pageNamesOf(pdf, { printedPageNumbers: Object.assign([], { 1: [] }) }), 2)).toBe('PDF p. 2');
  });
});
