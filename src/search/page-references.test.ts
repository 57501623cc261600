import { describe, expect, it } from 'vitest';
import { pageReferences, referencedPages } from './page-references.ts';

const document = (labels: string[], lastPage: number) => ({
  pagesNamed: (name: string) => labels.flatMap((candidate, index) => (candidate === name ? [index + 1] : [])),
  lastPage,
});

describe('page references', () => {
  it('reads numbered pages, ranges, words and roman numerals', () => {
    expect(pageReferences('How many cars appear on page three?')).toEqual([{ kind: 'number', value: '3' }]);
    expect(pageReferences('Which figures are on pages 10-11?')).toEqual([
      { kind: 'number', value: '10' },
      { kind: 'number', value: '11' },
    ]);
    expect(pageReferences('What is on page iv?')).toEqual([{ kind: 'number', value: 'iv' }]);
    expect(pageReferences('What does slide 7 say?')).toEqual([{ kind: 'number', value: '7' }]);
  });

  it('reads pages and slides named in the other languages answers are given in', () => {
    expect(pageReferences('Was steht auf Folie 4?')).toEqual([{ kind: 'number', value: '4' }]);
    expect(pageReferences('Was steht auf den Seiten 3 bis 5?')).toEqual([
      { kind: 'number', value: '3' },
      { kind: 'number', value: '5' },
    ]);
    expect(pageReferences('¿Qué dice la página 12?')).toEqual([{ kind: 'number', value: '12' }]);
    expect(pageReferences('Que dit la diapositive 7 ?')).toEqual([{ kind: 'number', value: '7' }]);
  });

  it('reads positions from the start and the end', () => {
    expect(pageReferences('What colour is the car on the cover?')).toEqual([{ kind: 'fromStart', page: 1 }]);
    expect(pageReferences('Is there a signature on the last page?')).toEqual([{ kind: 'fromEnd', offset: 0 }]);
    expect(pageReferences('In the figure at the second last page, who stands?')).toEqual([{ kind: 'fromEnd', offset: 1 }]);
    expect(pageReferences('What date is on the second page?')).toEqual([{ kind: 'fromStart', page: 2 }]);
  });

  it('finds nothing in a question without a page', () => {
    expect(pageReferences('What is the revenue of Nike in 2021?')).toEqual([]);
    expect(pageReferences('Which civil page I mentioned?')).toEqual([]);
  });

  it('prefers the page printed or labelled with the number; the physical page of that number is the fallback', () => {
    const labelled = document(['i', 'ii', '1', '2', '3'], 5);
    expect(referencedPages({ kind: 'number', value: '2' }, labelled)).toEqual({ likely: [4], fallback: [2] });
    expect(referencedPages({ kind: 'number', value: 'ii' }, labelled)).toEqual({ likely: [2], fallback: [] });
    expect(referencedPages({ kind: 'fromEnd', offset: 1 }, labelled)).toEqual({ likely: [4], fallback: [] });
    expect(referencedPages({ kind: 'number', value: '9' }, document([], 5))).toEqual({ likely: [9], fallback: [] });
    // Printed and physical agree: nothing to fall back to.
    expect(referencedPages({ kind: 'number', value: '3' }, document(['1', '2', '3'], 3))).toEqual({ likely: [3], fallback: [] });
  });
});
