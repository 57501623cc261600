import type { TextRun } from './page-content.ts';
import { median } from './tables/table-geometry.ts';

/** Numbered lines in a row before a column of numbers is read as line numbers, not text. */
const minNumberedLines = 10;
/** Points the numbers' shared edge may wander, and their spacing may stray from its median. */
const edgeTolerancePt = 2;
const pitchTolerancePt = 2;

/**
 * The page's runs without its line numbers: a transcript's, a pleading's or a review copy's column of
 * consecutive numbers down one margin ("1" … "25", or "054" … "107"), evenly spaced and sharing an edge,
 * with no other text above, below or beside it in that margin. Read as text they split every sentence
 * ("18 CHARLES M. SEVILLA, ESQ., … on behalf" / "19" / "of the Respondent."). A table's column of row
 * numbers has its header over it, and stays.
 */
export function withoutLineNumbers(runs: TextRun[]): TextRun[] {
  const numbers = runs.filter(run => /^\d{1,4}$/u.test(run.text.trim())).sort((a, b) => a.bbox.y - b.bbox.y);
  if (numbers.length < minNumberedLines) return runs;
  const column = longestNumbering(numbers);
  if (column.length < minNumberedLines) return runs;
  const left = Math.min(...column.map(run => run.bbox.x));
  const right = Math.max(...column.map(run => run.bbox.x + run.bbox.width));
  const inColumn = new Set(column);
  const inMargin = runs.some(run => !inColumn.has(run) && run.bbox.x < right && run.bbox.x + run.bbox.width > left);
  return inMargin ? runs : runs.filter(run => !inColumn.has(run));
}

/** The longest run of numbers counting up by one, top to bottom, on one shared edge at an even pitch. */
function longestNumbering(numbers: TextRun[]): TextRun[] {
  let best: TextRun[] = [];
  for (const [index, first] of numbers.entries()) {
    const edges = edgeOf(first);
    const chain = [first];
    for (const run of numbers.slice(index + 1)) {
      const previous = chain[chain.length - 1];
      if (Number(run.text) !== Number(previous.text) + 1 || run.bbox.y <= previous.bbox.y) continue;
      const edge = edgeOf(run);
      if (Math.abs(edge.left - edges.left) > edgeTolerancePt && Math.abs(edge.right - edges.right) > edgeTolerancePt) continue;
      chain.push(run);
    }
    if (chain.length > best.length && evenlySpaced(chain)) best = chain;
  }
  return best;
}

function edgeOf(run: TextRun): { left: number; right: number } {
  return { left: run.bbox.x, right: run.bbox.x + run.bbox.width };
}

function evenlySpaced(chain: TextRun[]): boolean {
  const gaps = chain.slice(1).map((run, index) => run.bbox.y - chain[index].bbox.y);
  const pitch = median(gaps);
  return gaps.every(gap => Math.abs(gap - pitch) <= pitchTolerancePt);
}
