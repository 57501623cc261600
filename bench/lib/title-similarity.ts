import { normalizeTitle } from './normalize-title.ts';

/** Two titles at or above this similarity are the same heading. */
export const titleMatchThreshold = 0.8;

/** Containment scores just below an exact token match, so greedy matching prefers exact pairs. */
const containmentScore = 0.9;
const minimumContainedLength = 4;

/**
 * How alike two heading titles are, in [0, 1], after normalizeTitle():
 * - 1 when equal;
 * - 0.9 when one contains the other on word boundaries, both are at least 4 characters and their
 *   numbers do not conflict (a heading merged with the start of its paragraph, or a reference that
 *   glued on a page number; but "Query 3" is not "4 Query");
 * - otherwise the best of the token-set Dice score and the character edit similarity. The character
 *   score only counts when both titles carry the same digits: "Query 1" and "Query 2" differ by
 *   one character but are different sections, while "Pagelndex" vs "PageIndex" is an extraction slip.
 *   The token score is also taken with numbering kept, because some layouts print the section number
 *   after the title and a reader may put it on either side ("문제점 3" vs "3 문제점").
 */
export function titleSimilarity(first: string, second: string): number {
  const left = normalizeTitle(first);
  const right = normalizeTitle(second);
  if (left.length === 0 || right.length === 0) return 0;
  if (left === right) return 1;
  const leftWithNumbers = normalizeTitle(first, { keepNumbering: true });
  const rightWithNumbers = normalizeTitle(second, { keepNumbering: true });

  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  if (shorter.length >= minimumContainedLength && ` ${longer} `.includes(` ${shorter} `) && numbersCompatible(leftWithNumbers, rightWithNumbers)) {
    return containmentScore;
  }

  const tokenScore = Math.max(tokenSetDice(left, right), tokenSetDice(leftWithNumbers, rightWithNumbers));
  const characterScore = digitsOf(left) === digitsOf(right) ? editSimilarity(left, right) : 0;
  return Math.max(tokenScore, characterScore);
}

export function titlesMatch(first: string, second: string): boolean {
  return titleSimilarity(first, second) >= titleMatchThreshold;
}

function tokenSetDice(left: string, right: string): number {
  const leftTokens = new Set(left.split(' '));
  const rightTokens = new Set(right.split(' '));
  let shared = 0;
  for (const token of leftTokens) if (rightTokens.has(token)) shared++;
  return (2 * shared) / (leftTokens.size + rightTokens.size);
}

/** The numbers of one title are all among the other's (or one has none). */
function numbersCompatible(left: string, right: string): boolean {
  const leftNumbers = new Set(left.match(/\d+/g) ?? []);
  const rightNumbers = new Set(right.match(/\d+/g) ?? []);
  const isSubset = (small: Set<string>, large: Set<string>) => [...small].every(number => large.has(number));
  return isSubset(leftNumbers, rightNumbers) || isSubset(rightNumbers, leftNumbers);
}

function digitsOf(text: string): string {
  return text.replace(/\D+/g, ' ').trim();
}

/** 1 − Levenshtein distance / longer length, over code points. */
function editSimilarity(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  let previousRow = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const currentRow = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitutionCost = a[i - 1] === b[j - 1] ? 0 : 1;
      currentRow[j] = Math.min(previousRow[j] + 1, currentRow[j - 1] + 1, previousRow[j - 1] + substitutionCost);
    }
    previousRow = currentRow;
  }
  return 1 - previousRow[b.length] / Math.max(a.length, b.length);
}
