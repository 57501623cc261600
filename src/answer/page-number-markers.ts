import { markerNumbers } from './citation-markers.ts';
import type { ContextPassage } from './context-passage.ts';

/** Citation markers: "[1]", "[1, 3]", "[2-4]" (citation-markers.ts reads what is inside). */
export const markerPattern = /\[(\d+(?:\s*(?:[,;]|[-–])\s*\d+)*)\]/gu;

/**
 * Markers a model wrote with a page number instead of a passage number ("[14]" for the passage labelled
 * "p. 14": the page's name as the label shows it, a slide or printed number, else its position),
 * rewritten as that passage's `[n]`. Only numbers beyond the last passage are read as pages, and only
 * when exactly one passage has that page; every other marker stays as written.
 */
export function pageMarkersAsPassages(text: string, passages: ContextPassage[]): { text: string; remapped: number[] } {
  const known = new Set(passages.map(passage => passage.n));
  const remapped = new Set<number>();
  const rewritten = text.replace(markerPattern, (whole, inner: string) => {
    const numbers = markerNumbers(inner);
    if (numbers.every(n => known.has(n))) return whole;
    return numbers
      .map(n => {
        if (known.has(n)) return `[${n}]`;
        // The number the model saw in the passage's label (a slide number, a printed page), else its position.
        const named = passages.filter(passage => passage.pages.some(page => passage.names.label(page) === String(n)));
        const onPage = named.length > 0 ? named : passages.filter(passage => passage.pages.includes(n));
        if (n <= passages.length || onPage.length !== 1) return `[${n}]`;
        remapped.add(n);
        return `[${onPage[0].n}]`;
      })
      .join('');
  });
  return { text: rewritten, remapped: [...remapped] };
}
