import type { BoundingBox } from '../../../documents/document-tree.ts';
import { horizontalOverlap, unionBoxes } from '../../../documents/bounding-box.ts';
import { drawnOnce } from '../../../text/drawn-twice.ts';
import { runWeight } from '../font-style.ts';
import type { TextRun } from '../page-content.ts';

/** Runs on one baseline within one column, left to right. */
export interface TextLine {
  runs: TextRun[];
  bbox: BoundingBox;
  text: string;
  /** Size, name and style that cover most of the line's characters. */
  fontSize: number;
  fontName: string;
  /** At least 80% of the characters are bold (italic). */
  bold: boolean;
  italic: boolean;
  /** The weight (300 light … 700 bold) covering most characters; see fontWeightFromName. */
  weight: number;
  characterCount: number;
}

/** Builds a line from runs already sorted left to right; spaces are inserted where glyphs leave a gap. */
export function makeLine(runs: TextRun[]): TextLine {
  // Arabic, Hebrew and Persian lines are read right to left; their embedded Latin words ("R", "Python")
  // come as separate runs and fall into place when the runs are taken right to left too.
  const rightToLeft = isRightToLeft(runs);
  const ordered = rightToLeft ? [...runs].reverse() : runs;
  let text = '';
  let previous: TextRun | undefined;
  for (const run of ordered) {
    if (previous && isNoteMarker(run, previous)) {
      // A footnote's number set small above the word it follows ("Interest,645") reads as one: "Interest,⁶⁴⁵".
      text += run.text.replace(/\d/gu, digit => superscriptDigits[Number(digit)]);
      previous = run;
      continue;
    }
    if (previous) {
      const gap = rightToLeft ? previous.bbox.x - (run.bbox.x + run.bbox.width) : run.bbox.x - (previous.bbox.x + previous.bbox.width);
      const needsSpace = gap > 0.12 * Math.min(run.fontSize, previous.fontSize);
      if (needsSpace && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ' ';
    }
    text += run.text;
    previous = run;
  }
  const dominant = dominantFont(runs);
  const single = text.replace(/\s+/g, ' ').trim();
  return {
    runs,
    bbox: runs.map(run => run.bbox).reduce(unionBoxes),
    // Runs painted over each other, cut in other places each time ("The", "The Limes", "Limes R"), read
    // each word twice; redrawn-runs.ts drops only copies cut the same way.
    text: overlapping(ordered) ? drawnOnce(single) : single,
    ...dominant,
  };
}

const superscriptDigits = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A note's number: digits only, at most three quarters of the size of the run it follows, raised above
 * it (its middle higher than the other's by more than a sixth of that run's size), with no word space
 * between. Exponents ("m2" set as m²) read the same way, rightly.
 */
function isNoteMarker(run: TextRun, previous: TextRun): boolean {
  if (!/^\d{1,4}$/u.test(run.text) || run.fontSize > 0.75 * previous.fontSize) return false;
  const middle = (box: BoundingBox) => box.y + box.height / 2;
  const gap = run.bbox.x - (previous.bbox.x + previous.bbox.width);
  return middle(previous.bbox) - middle(run.bbox) > previous.fontSize / 6 && gap < 0.25 * previous.fontSize;
}

/** Two neighbouring runs of the line share more than half of the narrower one's width. */
function overlapping(runs: TextRun[]): boolean {
  for (let index = 1; index < runs.length; index++) {
    const [left, right] = [runs[index - 1].bbox, runs[index].bbox];
    if (horizontalOverlap(left, right) > 0.5 * Math.min(left.width, right.width)) return true;
  }
  return false;
}

const rightToLeftLetter = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
const letter = /\p{L}/gu;

/** Most letters of the runs belong to a right-to-left script. */
export function isRightToLeft(runs: TextRun[]): boolean {
  let rightToLeft = 0;
  let all = 0;
  for (const run of runs) {
    rightToLeft += run.text.match(rightToLeftLetter)?.length ?? 0;
    all += run.text.match(letter)?.length ?? 0;
  }
  return rightToLeft > 0 && rightToLeft >= 0.5 * all;
}

export function dominantFont(runs: TextRun[]): Pick<TextLine, 'fontSize' | 'fontName' | 'bold' | 'italic' | 'weight' | 'characterCount'> {
  const charactersBySize = new Map<number, number>();
  const charactersByName = new Map<string, number>();
  const charactersByWeight = new Map<number, number>();
  let boldCharacters = 0;
  let italicCharacters = 0;
  let characterCount = 0;
  for (const run of runs) {
    const characters = run.text.length;
    const size = Math.round(run.fontSize * 10) / 10;
    charactersBySize.set(size, (charactersBySize.get(size) ?? 0) + characters);
    charactersByName.set(run.fontName, (charactersByName.get(run.fontName) ?? 0) + characters);
    const weight = runWeight(run);
    charactersByWeight.set(weight, (charactersByWeight.get(weight) ?? 0) + characters);
    if (run.bold) boldCharacters += characters;
    if (run.italic) italicCharacters += characters;
    characterCount += characters;
  }
  return {
    fontSize: mostCommon(charactersBySize) ?? 0,
    fontName: mostCommon(charactersByName) ?? '',
    bold: characterCount > 0 && boldCharacters >= 0.8 * characterCount,
    italic: characterCount > 0 && italicCharacters >= 0.8 * characterCount,
    weight: mostCommon(charactersByWeight) ?? 400,
    characterCount,
  };
}

export function mostCommon<Key>(counts: Map<Key, number>): Key | undefined {
  let best: Key | undefined;
  let bestCount = -1;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}
