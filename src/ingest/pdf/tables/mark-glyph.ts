import type { TextRun } from '../page-content.ts';
import type { TextSegment } from './text-lines.ts';

/** Check marks, crosses, boxes and dots that fill the cells of a feature or survey matrix. */
const markCharacters = /^[✓✔✗✘✕✖☐☑☒■□▪▫●○◉◯◆◇★☆✱✳*×xX•]$/u;
/**
 * Fonts whose letters and digits are pictures: their "y", "4" or "*" is a bullet, a tick or a box,
 * whatever its code. (Symbol is left out: its letters are Greek, its digits digits.)
 */
const pictureFont = /dingbat|wingding|webding|zapf/i;
/** Control and private-use code points: glyphs a font maps to no real character (boxes, ticks). */
const unprintable = /^[\p{Cc}\p{Co}]$/u;

/** True when the segment is one glyph that marks a cell (a tick, a cross, a box) rather than text. */
export function isMarkGlyph(segment: TextSegment, runs: readonly TextRun[]): boolean {
  return isMark(
    segment.text,
    segment.runIndices.some(index => pictureFont.test(runs[index].fontName)),
  );
}

/** The same test for one run (pages are screened run by run before lines are built). */
export function isMarkRun(run: TextRun): boolean {
  return isMark(run.text.trim(), pictureFont.test(run.fontName));
}

function isMark(text: string, inPictureFont: boolean): boolean {
  if ([...text].length !== 1) return false;
  if (markCharacters.test(text) || unprintable.test(text)) return true;
  return inPictureFont;
}

/**
 * What the common picture fonts draw for the codes used as marks (their published encodings): boxes
 * become ☐, checked boxes ☑ or ☒, ticks ✓ and crosses ✗, so a cell says whether it is ticked.
 */
const pictureFontMarks: Array<{ font: RegExp; glyphs: Record<string, string> }> = [
  { font: /zapf|dingbats/i, glyphs: { '3': '✓', '4': '✓', '5': '✗', '6': '✗', '7': '✗', '8': '✗', l: '●', n: '■', o: '☐', p: '☐', q: '☐', r: '☐' } },
  { font: /wingding/i, glyphs: { o: '☐', q: '☐', '¨': '☐', þ: '☑', ý: '☒', x: '☒', ü: '✓', û: '✗', l: '●', n: '■' } },
];

/**
 * How a mark is written into a cell. A picture font's code is translated (ZapfDingbats' "4" is a tick;
 * printed as is it would put a number in the table); a code it does not list, or one with no text at
 * all, becomes a neutral dot; real mark characters (✓, ✗, X) stay as printed.
 */
export function markCellText(segment: TextSegment, runs: readonly TextRun[]): string {
  const text = segment.text;
  const fontName = segment.runIndices.map(index => runs[index].fontName).find(name => pictureFont.test(name));
  if (fontName !== undefined) {
    const meaning = pictureFontMarks.find(entry => entry.font.test(fontName))?.glyphs[text];
    if (meaning) return meaning;
    // pdf.js already gives Unicode for some picture fonts.
    return /[^\u0000-\u00ff]/.test(text) && markCharacters.test(text) ? text : '•';
  }
  return unprintable.test(text) ? '•' : text;
}
