import { markerNumbers } from '../../../src/index.ts';
import { markdownForTeams } from '../teams-markdown.ts';

/** `[3]`, `[3, 5]`, `[3-5]` as answers write them (the forms the core's citation check reads). */
const markerPattern = /\[(\d+(?:\s*(?:[,;]|[-–])\s*\d+)*)\]/gu;
/** The end of a text that may still grow into a marker: `[`, `[3`, `[3, `. */
const openMarker = /\[[\d\s,;–-]*$/u;

/**
 * Rewrites every marker through `position`: each number becomes `[position]` (`[3, 5]` → `[1][2]`), a
 * number it returns undefined for is dropped, and a marker left with none disappears.
 */
export function renumberMarkers(text: string, position: (n: number) => number | undefined): string {
  return text.replace(markerPattern, (_whole, inner: string) => {
    const positions = markerNumbers(inner)
      .map(position)
      .filter((value): value is number => value !== undefined);
    return [...new Set(positions)].map(value => `[${value}]`).join('');
  });
}

/** The cited numbers in the order the text first uses them. */
export function markersInOrder(text: string): number[] {
  const seen = new Set<number>();
  for (const match of text.matchAll(markerPattern)) for (const n of markerNumbers(match[1])) seen.add(n);
  return [...seen];
}

/**
 * The answer as the model has written it so far, for a Teams stream: Teams requires every streamed text
 * to start with the text streamed before it, so only what can no longer change is shown (the last word,
 * a heading line still being written and a marker not yet closed wait for the next update). Markers are
 * numbered by first use, as the final message numbers them; headings become bold lines.
 */
export function answerPreview(written: string, maxChars: number): string {
  let shown = written;
  const lineStart = shown.lastIndexOf('\n') + 1;
  if (/^\s*#/u.test(shown.slice(lineStart))) shown = shown.slice(0, lineStart);
  else shown = shown.slice(0, shown.search(/\S*$/u));
  const open = openMarker.exec(shown);
  if (open) shown = shown.slice(0, open.index);
  const positions = new Map<number, number>();
  const numbered = renumberMarkers(shown, n => {
    if (!positions.has(n)) positions.set(n, positions.size + 1);
    return positions.get(n);
  });
  const preview = markdownForTeams(numbered).trimEnd();
  if (preview.length <= maxChars) return preview;
  const cut = preview.slice(0, maxChars);
  return cut.slice(0, Math.max(cut.search(/\s\S*$/u), 0)).trimEnd();
}
