import type { BoundingBox } from '../../types.ts';
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
  characterCount: number;
}

export function unionBox(boxes: BoundingBox[]): BoundingBox {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Builds a line from runs already sorted left to right; spaces are inserted where glyphs leave a gap. */
export function makeLine(runs: TextRun[]): TextLine {
  let text = '';
  let previous: TextRun | undefined;
  for (const run of runs) {
    if (previous) {
      const gap = run.bbox.x - (previous.bbox.x + previous.bbox.width);
      const needsSpace = gap > 0.12 * Math.min(run.fontSize, previous.fontSize);
      if (needsSpace && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ' ';
    }
    text += run.text;
    previous = run;
  }
  const dominant = dominantFont(runs);
  return {
    runs,
    bbox: unionBox(runs.map(run => run.bbox)),
    text: text.replace(/\s+/g, ' ').trim(),
    ...dominant,
  };
}

export function dominantFont(runs: TextRun[]): Pick<TextLine, 'fontSize' | 'fontName' | 'bold' | 'italic' | 'characterCount'> {
  const charactersBySize = new Map<number, number>();
  const charactersByName = new Map<string, number>();
  let boldCharacters = 0;
  let italicCharacters = 0;
  let characterCount = 0;
  for (const run of runs) {
    const characters = run.text.length;
    const size = Math.round(run.fontSize * 10) / 10;
    charactersBySize.set(size, (charactersBySize.get(size) ?? 0) + characters);
    charactersByName.set(run.fontName, (charactersByName.get(run.fontName) ?? 0) + characters);
    if (run.bold) boldCharacters += characters;
    if (run.italic) italicCharacters += characters;
    characterCount += characters;
  }
  return {
    fontSize: mostCommon(charactersBySize) ?? 0,
    fontName: mostCommon(charactersByName) ?? '',
    bold: characterCount > 0 && boldCharacters >= 0.8 * characterCount,
    italic: characterCount > 0 && italicCharacters >= 0.8 * characterCount,
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
