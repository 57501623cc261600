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
 * A single line ending in a colon beside another column ("The answer is:") stays apart, unless what
 * stands right of it is a field's value: a date, a number or a code ("Date d'échéance :  30/01/2019",
 * isFieldValue). So are an invoice's totals, a short label and an amount right-aligned after it ("BTW
 * 21%   € 124,61"), when another label's amount ends at the same edge. And so are the rows of a list of
 * labels and values without colons (labelListRows).
 */
function withFieldValues(bandLines: TextLine[][]): TextLine[][] {
  const pairs = bandLines.flatMap((lines, band) =>
    lines.flatMap((line, index) => {
      const value = lines[index + 1];
      if (!value) return [];
      const gap = value.bbox.x - (line.bbox.x + line.bbox.width);
      if (gap <= fieldLabelSpace * line.fontSize && isFieldLabel(line.runs)) return [{ band, index, stop: value.bbox.x, alone: isFieldValue(value.runs) }];
      if (gap <= amountLabelSpace * line.fontSize && isAmountLabel(line.runs) && isAmount(value.runs)) {
        return [{ band, index, stop: value.bbox.x + value.bbox.width, alone: false }];
      }
      // A contract's terms set as a label and the amount a tab stop after it, with words of their own
      // after the amount ("Der Mietpreis beträgt      300,00 Euro Betrag erhalten ____").
      if (gap <= amountLabelSpace * line.fontSize && isAmountLabel(line.runs) && startsWithAmount(value.runs)) {
        return [{ band, index, stop: value.bbox.x, alone: false }];
      }
      // Leaders lead the eye to the amounts they end at, on their own, past the line's number in its box.
      if (endsInLeaders(line.runs)) {
        const led = ledAmounts(lines, index, amountLabelSpace * line.fontSize);
        return led.map(from => ({ band, index: from, stop: value.bbox.x, alone: true }));
      }
      return [];
    }),
  );
  const shared = [
    ...pairs.filter(pair => pair.alone || pairs.some(other => other.band !== pair.band && Math.abs(other.stop - pair.stop) <= tabStopTolerancePt)),
    ...labelListRows(bandLines).filter(row => !pairs.some(pair => pair.band === row.band)),
  ];
  if (shared.length === 0) return bandLines;
  const joined = bandLines.map(lines => [...lines]);
  // From the right, so that indices still to join stay valid.
  for (const { band, index } of shared.sort((a, b) => a.band - b.band || b.index - a.index)) {
    const lines = joined[band];
    lines.splice(index, 2, makeLine([...lines[index].runs, ...lines[index + 1].runs]));
  }
  return joined;
}

/**
 * The rows of a list of short labels and their values, each at a tab stop of its own and without colons,
 * as a datasheet or an invoice's item details set them ("nominaal vermogen      0,18 kW"): bands of
 * just a label and a short value, `minLabelListRows` or more one under the other at a line's pitch, whose
 * labels start at one edge and values at another. A label alone on its band (a heading) or a third line
 * ends the list. Beside a column of prose the lines are longer, or fewer in a row are short.
 */
function labelListRows(bandLines: TextLine[][]): Array<{ band: number; index: number }> {
  const rows: Array<{ band: number; index: number }> = [];
  let list: TextLine[][] = [];
  let firstBand = 0;
  const end = () => {
    if (list.length >= minLabelListRows && isLabelList(list)) rows.push(...list.map((_, offset) => ({ band: firstBand + offset, index: 0 })));
    list = [];
  };
  bandLines.forEach((lines, band) => {
    const [label, value] = lines;
    const isRow =
      lines.length === 2 &&
      isListLabel(label.runs) &&
      isListValue(value.runs) &&
      value.bbox.x - (label.bbox.x + label.bbox.width) >= labelListGap * label.fontSize;
    if (!isRow) {
      end();
      return;
    }
    const [previousLabel, previousValue] = list.at(-1) ?? [];
    if (
      previousLabel &&
      (Math.abs(label.bbox.x - previousLabel.bbox.x) > tabStopTolerancePt ||
        Math.abs(value.bbox.x - previousValue.bbox.x) > tabStopTolerancePt ||
        label.bbox.y - previousLabel.bbox.y > labelListPitch * previousLabel.bbox.height)
    )
      end();
    // A list's rows are consecutive bands: the first one's index names them all.
    if (list.length === 0) firstBand = band;
    list.push(lines);
  });
  end();
  return rows;
}

/**
 * Labels end where their words do, each its own length (a column of prose beside another fills its
 * width, its lines ending alike): their right edges lie at least `labelListRaggedness` ems apart. At
 * most half the values are amounts, a third or more hold digits, and fewer than a third of the labels do.
 */
function isLabelList(rows: TextLine[][]): boolean {
  const ends = rows.map(([label]) => label.bbox.x + label.bbox.width);
  // Labels over amounts are a table's rows or a list of totals, read as such.
  const amounts = rows.filter(([, value]) => isAmount(value.runs)).length;
  // Values are measures and codes ("0,18 kW", "IP55") where labels are words: two lists of names side by
  // side (a brochure's majors, a figure's job titles) are columns.
  const withDigits = (side: 0 | 1) => rows.filter(row => /\d/u.test(joinedText(row[side].runs))).length;
  return (
    Math.max(...ends) - Math.min(...ends) >= labelListRaggedness * rows[0][0].fontSize &&
    amounts <= rows.length / 2 &&
    withDigits(1) >= rows.length / 3 &&
    withDigits(0) < rows.length / 3
  );
}

/** Rows a list of labels and values needs: three could be an address beside a date. */
const minLabelListRows = 4;
/** Gap, in ems, a list's value stands at least after its label: a tab, not a gutter between columns. */
const labelListGap = 3;
/** Spread, in ems, of a list's label ends. */
const labelListRaggedness = 2;
/** Row pitch, in line heights, up to which rows follow each other. */
const labelListPitch = 2.5;

/** A list's label: up to five words, not a sentence nor a list item ("nominaal vermogen", "electr. aansl.", "Land van oorsprong:"). */
function isListLabel(runs: TextRun[]): boolean {
  const text = joinedText(runs);
  return text.length <= 40 && /^\p{L}/u.test(text) && !/[;!?,-]$/u.test(text) && text.split(/\s+/u).length <= 5 && !labelPattern.test(text.split(/\s+/u)[0]);
}

/** A list's value: short ("0,18 kW", "A - met voet, met centrering"), not a line of running text. */
function isListValue(runs: TextRun[]): boolean {
  const text = joinedText(runs);
  return text.length <= 40 && text.split(/\s+/u).length <= 8;
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

/** A form's or letterhead's field label: up to three words ending in a colon ("IBAN:", "Due date:", "Kontoinhaber:", "Date d'échéance :"). */
function isFieldLabel(runs: TextRun[]): boolean {
  const text = runs
    .map(run => run.text)
    .join(' ')
    .trim();
  return text.length <= 24 && /^\p{L}[\p{L}\p{N} .&/'’-]*:$/u.test(text) && text.split(/\s+/u).length <= 3;
}

/** A field's value that a label needs no other to be read with: up to three words, one of them with digits ("30/01/2019", "PO201925478", "Ext. 55543"). */
function isFieldValue(runs: TextRun[]): boolean {
  const words = joinedText(runs).split(' ');
  return words.length <= 3 && words.some(word => /\d/u.test(word));
}

/** What labels an amount in a list of totals: up to four words, not a sentence ("Exclusief BTW", "BTW 21%", "Total due"). */
function isAmountLabel(runs: TextRun[]): boolean {
  const text = joinedText(runs);
  return text.length <= 32 && /\p{L}/u.test(text) && !/[.:;!?]$/u.test(text) && text.split(/\s+/u).length <= 4;
}

/**
 * A label run out in dot leaders to its amount, as tax forms and statements set their lines ("17 Total
 * expenses. Add lines 10 through 16 . . . . . ▶ 17"): after the leaders at most a few marks, an arrow
 * glyph or the line's own number, no word.
 */
function endsInLeaders(runs: TextRun[]): boolean {
  const text = joinedText(runs);
  const leaders = [...text.matchAll(leaderDots)].at(-1);
  if (!leaders) return false;
  const tail = text.slice(leaders.index + leaders[0].length);
  return tail.length <= maxLeaderTail && !/\p{L}{2}/u.test(tail);
}

/** Dot leaders: four dots or more, each perhaps followed by a space. */
const leaderDots = /(?:\.\s?){4,}/gu;
/** Characters after a label's leaders: "▶ 17", "6 d", "$". */
const maxLeaderTail = 8;

/**
 * The lines a leader line at `index` joins with: the amounts and line numbers ("17", "5 c") that follow
 * it on its band, each within `maxGap` of the one before, as the indices to join with their next line;
 * none unless an amount is among them.
 */
function ledAmounts(lines: TextLine[], index: number, maxGap: number): number[] {
  let last = index;
  let amounts = 0;
  while (last + 1 < lines.length) {
    const next = lines[last + 1];
    const gap = next.bbox.x - (lines[last].bbox.x + lines[last].bbox.width);
    const amount = isLedAmount(next.runs);
    if (gap > maxGap || !(amount || lineNumberPattern.test(joinedText(next.runs)))) break;
    if (amount) amounts += 1;
    last += 1;
  }
  return amounts > 0 ? Array.from({ length: last - index }, (_, offset) => index + offset) : [];
}

/** An amount, not a line of leaders of its own ("2000 . . . . 254": the next column's entry of a contents page). */
function isLedAmount(runs: TextRun[]): boolean {
  // String.match with a global pattern starts from the beginning each time: the shared pattern holds no state here.
  return isAmount(runs) && joinedText(runs).match(leaderDots) === null;
}

/** A form line's number in its box: "17", "5 c", "6d". */
const lineNumberPattern = /^\d{1,2}\s?[a-z]?$/u;

/** An amount and nothing else: "€ 124,61", "-9.32", "1,234.50 EUR", "12%". */
function isAmount(runs: TextRun[]): boolean {
  return /^(?:[$€£¥]|[A-Z]{3}\s)?\s?[-−]?\s?[$€£¥]?\s?\d[\d.,'\s]*(?:\s?(?:[$€£¥%]|[A-Z]{3}))?$/u.test(joinedText(runs));
}

/** A line that opens with an amount and its currency, words after it: "300,00 Euro Betrag erhalten", "$ 1,200 per month". */
function startsWithAmount(runs: TextRun[]): boolean {
  return /^(?:[$€£¥]\s?\d[\d.,']*|\d[\d.,']*\s?(?:[$€£¥]|EUR|USD|GBP|Euro|euros?|dollars?))(?=\s+\p{L})/u.test(joinedText(runs));
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
