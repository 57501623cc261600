import type { FontFacts } from '../types.ts';
import { parseHeadingNumber } from './heading-numbering.ts';

export interface HeadingCandidate {
  text: string;
  font?: FontFacts;
  /** A level the parser already knows (docling's section_header level, 1 = top). */
  parserLevel?: number;
}

/**
 * Ranks headings that have no outline: numbering depth first ("3.2" is deeper than "3"), then font
 * size and weight. Returns one level per candidate, in the same order; levels are relative (smaller =
 * higher, fractions allowed) and only meant for stack nesting.
 */
export function rankHeadingLevels(candidates: HeadingCandidate[]): number[] {
  const styleRank = rankStyles(candidates);
  const numbering = candidates.map(candidate => parseHeadingNumber(candidate.text));

  // For each style, the numbering depth most of its numbered members have.
  const depthVotes = new Map<number, Map<number, number>>();
  candidates.forEach((_, index) => {
    const number = numbering[index];
    if (!number || number.style === 'letter') return;
    const rank = styleRank[index];
    const votes = depthVotes.get(rank) ?? new Map<number, number>();
    votes.set(number.depth, (votes.get(number.depth) ?? 0) + 1);
    depthVotes.set(rank, votes);
  });
  const styleDepth = new Map<number, number>();
  for (const [rank, votes] of depthVotes) {
    styleDepth.set(rank, [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0]);
  }
  const numberedRanks = [...styleDepth.keys()].sort((a, b) => a - b);

  return candidates.map((candidate, index) => {
    if (candidate.parserLevel !== undefined) return candidate.parserLevel;
    const number = numbering[index];
    if (number && number.style !== 'letter' && numberedRanks.length > 0) return number.depth;
    const rank = styleRank[index];
    if (numberedRanks.length === 0) return rank + 1;
    const same = styleDepth.get(rank);
    if (same !== undefined) return same;
    // An unnumbered style sits between the numbered styles around it by font rank.
    const bigger = numberedRanks.filter(other => other < rank).map(other => styleDepth.get(other)!);
    const smaller = numberedRanks.filter(other => other > rank).map(other => styleDepth.get(other)!);
    if (bigger.length === 0) return Math.min(...smaller) - 0.5;
    return Math.max(...bigger) + 0.5;
  });
}

/** 0 for the most prominent heading style; styles within half a point of each other are one style. */
function rankStyles(candidates: HeadingCandidate[]): number[] {
  const keys = candidates.map(candidate => styleKey(candidate.font));
  const distinct = [...new Set(keys)].map(key => {
    const [size, bold] = key.split('|');
    return { key, size: Number(size), bold: bold === 'b' };
  });
  distinct.sort((a, b) => b.size - a.size || Number(b.bold) - Number(a.bold));
  const rankOfKey = new Map<string, number>();
  let rank = -1;
  let previous: { size: number; bold: boolean } | undefined;
  for (const style of distinct) {
    const sameAsPrevious = previous && Math.abs(previous.size - style.size) <= 0.5 && previous.bold === style.bold;
    if (!sameAsPrevious) rank += 1;
    rankOfKey.set(style.key, rank);
    previous = style;
  }
  return keys.map(key => rankOfKey.get(key)!);
}

function styleKey(font: FontFacts | undefined): string {
  if (!font) return '0|';
  return `${Math.round(font.size * 2) / 2}|${font.bold ? 'b' : ''}`;
}
