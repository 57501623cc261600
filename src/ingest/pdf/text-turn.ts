import type { PageTurn } from '../../documents/document-tree.ts';
import type { TextRun } from './page-content.ts';

/** Characters a page needs before its text's direction decides how it is read. */
const minCharacters = 20;
/** Share of the page's characters that must read in one turned direction for the page to be read turned. */
const minTurnedShare = 2 / 3;

/**
 * The turn that sets a page's text upright when most of it lies sideways or upside down: a landscape
 * table on a page whose /Rotate shows it on its side, a page drawn turned. A margin label or a chart's
 * axis title set sideways is a few characters of many and turns nothing.
 */
export function textTurn(runs: readonly TextRun[]): PageTurn | undefined {
  const characters = new Map<PageTurn | 0, number>();
  let total = 0;
  for (const run of runs) {
    const count = run.text.replace(/\s+/gu, '').length;
    total += count;
    characters.set(run.turn ?? 0, (characters.get(run.turn ?? 0) ?? 0) + count);
  }
  if (total < minCharacters) return undefined;
  for (const [turn, count] of characters) if (turn !== 0 && count >= minTurnedShare * total) return turn;
  return undefined;
}
