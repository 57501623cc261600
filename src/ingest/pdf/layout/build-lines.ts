import { verticalOverlap } from '../../../documents/bounding-box.ts';
import type { TextRun } from '../page-content.ts';
import { makeLine, type TextLine } from './text-line.ts';

/**
 * Groups runs into lines: first into horizontal bands of runs that share most of their height, then
 * each band is cut where the horizontal gap is wider than a word space, so lines never cross a column
 * gutter or a table column.
 */
export function buildLines(runs: TextRun[]): TextLine[] {
  const streamIndex = new Map(runs.map((run, index) => [run, index]));
  const sorted = [...runs].sort((first, second) => centerY(first) - centerY(second));
  const bands: TextRun[][] = [];
  let band: TextRun[] = [];
  let anchor: TextRun | undefined;
  for (const run of sorted) {
    if (anchor && sharesLine(anchor, run)) {
      band.push(run);
      if (run.bbox.height > anchor.bbox.height) anchor = run;
    } else {
      band = [run];
      bands.push(band);
      anchor = run;
    }
  }
  return withFieldValues(bands.map(band => splitBand(band, streamIndex))).flat();
}

/**
 * A form's field labels ("Bank:", "IBAN:", "BIC:") with their values set at one tab stop after them: a
 * label line and the line right of it on the same band are joined when at least one other label's
 * value starts at the same tab stop. Read apart, the labels made one column and their values another.
 * A single line ending in a colon beside another column ("The answer is:") stays apart. So are an
 * invoice's totals, a short label and an amount right-aligned after it ("BTW 21%   € 124,61"), when
 * another label's amount ends at the same edge.
 */
function withFieldValues(bandLines: TextLine[][]): TextLine[][] {
  const pairs = bandLines.flatMap((lines, band) =>
    lines.flatMap((line, index) => {
      const value = lines[index + 1];
      if (!value) return [];
      const gap = value.bbox.x - (line.bbox.x + line.bbox.width);
      if (gap <= fieldLabelSpace * line.fontSize && isFieldLabel(line.runs)) return [{ band, index, stop: value.bbox.x }];
      if (gap <= amountLabelSpace * line.fontSize && isAmountLabel(line.runs) && isAmount(value.runs)) {
        return [{ band, index, stop: value.bbox.x + value.bbox.width }];
      }
      return [];
    }),
  );
  const shared = pairs.filter(pair => pairs.some(other => other.band !== pair.band && Math.abs(other.stop - pair.stop) <= tabStopTolerancePt));
  if (shared.length === 0) return bandLines;
  const joined = bandLines.map(lines => [...lines]);
  // From the right, so that indices still to join stay valid.
  for (const { band, index } of shared.sort((a, b) => a.band - b.band || b.index - a.index)) {
    const lines = joined[band];
    lines.splice(index, 2, makeLine([...lines[index].runs, ...lines[index + 1].runs]));
  }
  return joined;
}

function splitBand(band: TextRun[], streamIndex: Map<TextRun, number>): TextLine[] {
  const sorted = band.sort((first, second) => first.bbox.x - second.bbox.x);
  const lines: TextLine[] = [];
  let current: TextRun[] = [];
  let right = -Infinity;
  for (const run of sorted) {
    const previous = current[current.length - 1];
    const gap = run.bbox.x - right;
    const size = Math.max(run.fontSize, previous?.fontSize ?? 0);
    // Runs the producer wrote one after the other, without ending the line, belong together even across
    // a wide justified space or a run-in heading; anything else wider than a word space is a new column.
    const written = previous !== undefined && !previous.endsLine && streamIndex.get(run) === streamIndex.get(previous)! + 1;
    // A run after one that ended its line is another line beside it (the next column across a narrow
    // gutter) once the gap is wider than a generous word space.
    const ended = previous?.endsLine === true;
    const spaceLimit = written ? 2.5 * size : isLabel(current) ? 3 * size : ended ? endedLineSpace * size : 1.0 * size;
    if (previous && gap > spaceLimit) {
      lines.push(makeLine(current));
      current = [];
    }
    current.push(run);
    right = Math.max(right, run.bbox.x + run.bbox.width);
  }
  if (current.length > 0) lines.push(makeLine(current));
  return lines;
}

/** Gap, in ems, past which a run after an ended line starts a line of its own. */
const endedLineSpace = 0.6;

// Section numbers, list markers and caption labels are often set a quad or a tab away from their text.
const labelPattern =
  /^(\d{1,2}(\.\d{1,2})*\.?|[A-Z]\.|[IVX]{1,5}\.|\(?[a-z0-9]{1,2}[.)]|[•◦▪●■□◆►▸‣⁃∙·➢➤✓✔❖\uf0b7\uf0a7\uf076\uf0d8\uf0fc\uf06e\uf0a8–—-]|(figure|fig\.|table|tab\.)\s*[A-Z]?\d+([.-]\d+)*[.:]?)$/i;

function isLabel(runs: TextRun[]): boolean {
  const text = runs
    .map(run => run.text)
    .join('')
    .trim();
  return text.length <= 14 && labelPattern.test(text);
}

/** Gap, in ems, up to which a form's field label and the value a tab stop after it are one line. */
const fieldLabelSpace = 6;
/** Gap, in ems, up to which a label and the amount right-aligned after it are one line. */
const amountLabelSpace = 8;
/** Values starting (amounts ending) this close (points) stand at one tab stop. */
const tabStopTolerancePt = 2;

/** A form's or letterhead's field label: up to three words ending in a colon ("IBAN:", "Due date:", "Kontoinhaber:"). */
function isFieldLabel(runs: TextRun[]): boolean {
  const text = runs
    .map(run => run.text)
    .join(' ')
    .trim();
  return text.length <= 24 && /^\p{L}[\p{L}\p{N} .&/-]*:$/u.test(text) && text.split(/\s+/u).length <= 3;
}

/** What labels an amount in a list of totals: up to four words, not a sentence ("Exclusief BTW", "BTW 21%", "Total due"). */
function isAmountLabel(runs: TextRun[]): boolean {
  const text = joinedText(runs);
  return text.length <= 32 && /\p{L}/u.test(text) && !/[.:;!?]$/u.test(text) && text.split(/\s+/u).length <= 4;
}

/** An amount and nothing else: "€ 124,61", "-9.32", "1,234.50 EUR", "12%". */
function isAmount(runs: TextRun[]): boolean {
  return /^(?:[$€£¥]|[A-Z]{3}\s)?\s?[-−]?\s?[$€£¥]?\s?\d[\d.,'\s]*(?:\s?(?:[$€£¥%]|[A-Z]{3}))?$/u.test(joinedText(runs));
}

function joinedText(runs: TextRun[]): string {
  return runs
    .map(run => run.text)
    .join(' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

function centerY(run: TextRun): number {
  return run.bbox.y + run.bbox.height / 2;
}

function sharesLine(anchor: TextRun, run: TextRun): boolean {
  const overlap = verticalOverlap(anchor.bbox, run.bbox);
  return overlap >= 0.6 * Math.min(anchor.bbox.height, run.bbox.height);
}
