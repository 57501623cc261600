import type { DetectedTable, PageContent, TextRun } from '../page-content.ts';
import { assembleTable, rowSpanOf, type RowSpan } from './assemble-table.ts';
import { parsePageReference, type PageReference } from './page-reference.ts';
import { classifyCellText } from './cell-kind.ts';
import { median } from './table-geometry.ts';
import { buildTextLines, type TextLine, type TextSegment } from './text-lines.ts';

/** Entries (lines ending in a page number) a block needs before it is read as a table of contents. */
const minEntries = 5;
/**
 * Share of consecutive page numbers (of one numbering style) that must not go down, with leaders
 * (one misread number allowed in ten). Without leaders none may go down.
 */
const minAscendingShare = 0.9;
/** Lines without a page number (part headings, wrapped titles) allowed per entry of a block. */
const maxNumberlessShare = 0.5;
/** Distinct page numbers a block needs: a column of one repeated value ("5", "X") is data. */
const minDistinctPages = 3;
/** Vertical gap (in ems) between two entries of one block: room for a wrapped title and a blank line between groups. */
const maxEntryGapEms = 3.5;
/** Page numbers of one block end within this distance (in ems) of each other: a right-aligned column. */
const numberAlignmentEms = 0.6;
/** Without dot leaders, the numbers must be right-aligned this tightly (points). */
const bareNumberAlignmentPt = 2;

const leaderOnly = /^(?:[.·…_-]\s?)+$/;
/** One line of a table of contents: a title and the page number printed after it. */
interface ContentsEntry {
  line: number;
  title: string;
  page: string;
  reference: PageReference;
  /**
   * What sets the number apart from the title: leaders, a gap (the number is a segment of its own),
   * or only a space ("Title 12", a title too long for leaders). Only the first two start a block.
   */
  separation: 'leader' | 'gap' | 'space';
  left: number;
  numberRight: number;
  top: number;
  bottom: number;
  fontSize: number;
  runIndices: number[];
}

/**
 * Tables of contents (also lists of figures and tables): blocks of lines that end in a page number,
 * after dot leaders or in a right-aligned column, with the numbers going up. They come out as a
 * two-column table (title, page), which reads and retrieves far better than one paragraph of
 * leaders. Titles without a page number (part headings) get a row with an empty page; a title
 * wrapped over two lines is joined. Only runs in `available` are used; used runs are removed.
 */
export function findContentsTables(content: PageContent, available: Set<number>): DetectedTable[] {
  const runs = content.runs;
  if (!mayHoldContents(runs, available)) return [];
  const lines = buildTextLines(runs, available);
  const entries = lines.flatMap((line, index) => entriesOfLine(line, index));
  if (entries.length < minEntries) return [];

  const tables: DetectedTable[] = [];
  for (const block of entryBlocks(entries, lines)) {
    if (!looksLikeContents(block)) continue;
    const table = tableFromBlock(runs, lines, block, available);
    if (!table) continue;
    tables.push(table);
    for (const index of table.runIndices) available.delete(index);
  }
  return tables;
}

/** Runs with leaders a page needs before its lines are built (wrapped titles and odd lines aside). */
const minLeaderRuns = 3;
const hasLeaders = /\.\s?\.\s?\.|…|·\s?·\s?·|___/;

/**
 * Cheap gate, before any line is built (most pages have no contents): a few runs with leaders, or
 * enough bare page numbers ending at the same x.
 */
function mayHoldContents(runs: readonly TextRun[], available: ReadonlySet<number>): boolean {
  let leaderRuns = 0;
  const bareNumberRights = new Map<number, number>();
  for (const index of available) {
    const run = runs[index];
    const text = run.text;
    if (text.length > 2 && hasLeaders.test(text) && ++leaderRuns >= minLeaderRuns) return true;
    if (text.length <= 7 && parsePageReference(text)) {
      const right = Math.round((run.bbox.x + run.bbox.width) / bareNumberAlignmentPt);
      bareNumberRights.set(right, (bareNumberRights.get(right) ?? 0) + 1);
    }
  }
  for (const [right, count] of bareNumberRights) {
    // Rounding may put one column on two neighbouring keys.
    if (count + (bareNumberRights.get(right + 1) ?? 0) >= minEntries) return true;
  }
  return false;
}

/**
 * Reads a line left to right into entries. A page number closes the title collected since the
 * previous entry; leaders may sit in the title's segment, in segments of their own or in the number's.
 * A line with numbers among its title pieces, or a number followed by another number, is a row of
 * figures (a statistical table), not a contents line: such a line has no entries.
 */
function entriesOfLine(line: TextLine, lineIndex: number): ContentsEntry[] {
  const entries: ContentsEntry[] = [];
  let pending: TextSegment[] = [];
  let pendingLeader = false;
  let afterNumber = false;
  for (const [index, segment] of line.segments.entries()) {
    const text = segment.text;
    if (leaderOnly.test(text)) {
      pending.push({ ...segment, text: '' });
      pendingLeader = true;
      continue;
    }
    const bareReference = parsePageReference(text);
    if (afterNumber && bareReference) return [];
    afterNumber = false;
    const entry = entryEndingWith(segment, pending, pendingLeader, bareReference, index === line.segments.length - 1);
    if (entry) {
      const parts = [...pending, segment];
      entries.push({
        ...entry,
        line: lineIndex,
        left: parts[0].left,
        numberRight: segment.right,
        top: Math.min(...parts.map(part => part.top)),
        bottom: Math.max(...parts.map(part => part.bottom)),
        fontSize: segment.fontSize,
        runIndices: parts.flatMap(part => part.runIndices),
      });
      pending = [];
      pendingLeader = false;
      afterNumber = true;
      continue;
    }
    // A section number ("1.2", "IV.") may open a title; any other number inside it means figures.
    if (pending.length > 0 && classifyCellText(text) === 'numeric') return [];
    pending.push(segment);
    pendingLeader = trailingLeaders(text).found;
  }
  // Text left over after the last number is another cell of a table row ("16  DVI_CON_HP"); a contents
  // line ends with its page number.
  if (entries.length > 0 && pending.some(segment => /\p{L}/u.test(segment.text))) return [];
  return entries;
}

type EntryText = Pick<ContentsEntry, 'title' | 'page' | 'reference' | 'separation'>;

/**
 * The entry that `segment` closes, if it ends in a page number: after leaders in the same segment,
 * as a segment of its own after the title, or after a plain space at the end of the line. A
 * leaders-and-number segment with no title continues a title wrapped from the line above (the title
 * stays empty here). Strings are scanned, not matched with backtracking patterns: this runs on every
 * segment of every page that passes the gate.
 */
function entryEndingWith(
  segment: TextSegment,
  pending: readonly TextSegment[],
  pendingLeader: boolean,
  bareReference: PageReference | undefined,
  endsLine: boolean,
): EntryText | undefined {
  const text = segment.text;
  const title = titleText(pending);
  // "loss(), 233": an index entry, whose page list follows a comma; contents titles do not end in one.
  if (/,\s*$/.test(bareReference ? title : text.slice(0, text.lastIndexOf(' ') + 1))) return undefined;
  if (bareReference) return /\p{L}/u.test(title) ? { title, page: text, reference: bareReference, separation: pendingLeader ? 'leader' : 'gap' } : undefined;

  // The page number is the last word ("2-15" included), or what follows leaders run into it ("Title.....12").
  let numberStart = text.lastIndexOf(' ') + 1;
  if (!parsePageReference(text.slice(numberStart))) {
    numberStart = text.length;
    while (numberStart > 0 && text[numberStart - 1] !== ' ' && !isLeaderCharacter(text[numberStart - 1])) numberStart--;
  }
  const page = text.slice(numberStart);
  const glued = numberStart > 0 && isLeaderCharacter(text[numberStart - 1]);
  const reference = numberStart > 0 && page.length > 0 && page.length <= 7 ? parsePageReference(page) : undefined;
  if (!reference) return undefined;
  const head = text.slice(0, numberStart);
  const leaders = trailingLeaders(head);
  if (leaders.found) {
    return { title: titleText([...pending, { ...segment, text: head.slice(0, leaders.start) }]), page, reference, separation: 'leader' };
  }
  // "ITEM 1  Business  4": a number after a mere space closes an entry only at the end of the line.
  if (!endsLine || glued || !/\p{L}/u.test(head)) return undefined;
  return { title: titleText([...pending, { ...segment, text: head }]), page, reference, separation: 'space' };
}

function isLeaderCharacter(character: string): boolean {
  return character === '.' || character === '·' || character === '…' || character === '_' || character === '-';
}

/**
 * Where trailing leaders (with the spaces between them) begin, and whether there are enough to be
 * leaders: two dots, an ellipsis, three underscores or four hyphens. One dot ends a sentence.
 */
function trailingLeaders(text: string): { start: number; found: boolean } {
  let start = text.length;
  let dots = 0;
  let ellipses = 0;
  let underscores = 0;
  let hyphens = 0;
  while (start > 0) {
    const character = text[start - 1];
    if (character === '.' || character === '·') dots++;
    else if (character === '…') ellipses++;
    else if (character === '_') underscores++;
    else if (character === '-') hyphens++;
    else if (character !== ' ') break;
    start--;
  }
  return { start, found: dots >= 2 || ellipses >= 1 || underscores >= 3 || hyphens >= 4 };
}

function titleText(segments: readonly TextSegment[]): string {
  return segments
    .map(segment => {
      const leaders = trailingLeaders(segment.text);
      return leaders.found ? segment.text.slice(0, leaders.start) : segment.text;
    })
    .filter(text => text !== '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Entries whose page numbers end at the same x (one column of a contents page), split where the
 * vertical gap grows too large. Lines without a number in between (part headings, the first line of
 * a wrapped title) bridge a gap. Two-column contents pages give one block per column.
 */
function entryBlocks(entries: readonly ContentsEntry[], lines: readonly TextLine[]): ContentsEntry[][] {
  const byRight = [...entries].sort((a, b) => a.numberRight - b.numberRight);
  const columns: ContentsEntry[][] = [];
  for (const entry of byRight) {
    const column = columns[columns.length - 1];
    if (column && entry.numberRight - column[column.length - 1].numberRight <= numberAlignmentEms * entry.fontSize) column.push(entry);
    else columns.push([entry]);
  }
  const blocks: ContentsEntry[][] = [];
  for (const column of columns) {
    if (column.length < minEntries) continue;
    column.sort((a, b) => a.top - b.top);
    let block: ContentsEntry[] = [column[0]];
    for (const entry of column.slice(1)) {
      if (!bridged(block[block.length - 1], entry, lines)) {
        blocks.push(block);
        block = [];
      }
      block.push(entry);
    }
    blocks.push(block);
  }
  return blocks.filter(block => block.length >= minEntries).sort((a, b) => a[0].top - b[0].top);
}

/** True when no vertical gap between `upper` and `lower`, counting the lines between them that lie within the entries' width, is too large. */
function bridged(upper: ContentsEntry, lower: ContentsEntry, lines: readonly TextLine[]): boolean {
  const maxGap = maxEntryGapEms * lower.fontSize;
  const left = Math.min(upper.left, lower.left) - lower.fontSize;
  const right = Math.max(upper.numberRight, lower.numberRight) + lower.fontSize;
  let bottom = upper.bottom;
  for (let lineIndex = upper.line + 1; lineIndex < lower.line; lineIndex++) {
    const inside = lines[lineIndex].segments.filter(segment => segment.left >= left && segment.right <= right);
    if (inside.length === 0) continue;
    const top = Math.min(...inside.map(segment => segment.top));
    if (top - bottom > maxGap) return false;
    bottom = Math.max(bottom, ...inside.map(segment => segment.bottom));
  }
  return lower.top - bottom <= maxGap;
}

/**
 * Contents pages go forward through the document, and mostly use leaders; a column of bare numbers
 * must be aligned to the point and must not be a column of years (a timeline, a two-column table).
 * Entries whose number follows the title after a mere space only join a block that the others make.
 */
function looksLikeContents(block: readonly ContentsEntry[]): boolean {
  const strong = block.filter(entry => entry.separation !== 'space');
  if (strong.length < minEntries) return false;
  if (block.filter(entry => /\p{L}/u.test(entry.title)).length < 0.6 * block.length) return false;
  if (new Set(block.map(entry => entry.page)).size < minDistinctPages) return false;
  // A form's lines start with the number they end with ("2 Enter: $8,350 if head of household ... 2"):
  // a worksheet's line numbers, not pages.
  if (block.filter(entry => entry.title.trim().split(/\s/u)[0] === entry.page).length >= 0.5 * block.length) return false;
  let comparable = 0;
  let ascending = 0;
  for (let index = 1; index < block.length; index++) {
    const [previous, current] = [block[index - 1].reference, block[index].reference];
    if (previous.style !== current.style) continue;
    comparable++;
    if (current.order >= previous.order) ascending++;
  }
  if (comparable === 0) return false;
  const withLeaders = strong.filter(entry => entry.separation === 'leader').length >= 0.5 * strong.length;
  if (ascending < (withLeaders ? minAscendingShare : 1) * comparable) return false;
  if (withLeaders) return true;
  const rights = strong.map(entry => entry.numberRight);
  if (Math.max(...rights) - Math.min(...rights) > bareNumberAlignmentPt) return false;
  const years = strong.filter(entry => entry.reference.style === 'arabic' && entry.reference.order >= 1900 && entry.reference.order <= 2100).length;
  return years < 0.5 * strong.length;
}

interface ContentsRow {
  title: string;
  page: string;
  /** The row's lines on the page: a wrapped title's first line to the entry's line. */
  span: RowSpan;
}

function tableFromBlock(
  runs: readonly TextRun[],
  lines: readonly TextLine[],
  block: readonly ContentsEntry[],
  available: ReadonlySet<number>,
): DetectedTable | undefined {
  const fontSize = median(block.map(entry => entry.fontSize));
  const left = Math.min(...block.map(entry => entry.left)) - fontSize;
  const right = Math.max(...block.map(entry => entry.numberRight)) + fontSize;
  const entryOfLine = new Map(block.map(entry => [entry.line, entry]));
  const firstLine = block[0].line;
  const lastLine = block[block.length - 1].line;

  const rows: ContentsRow[] = [];
  let wrappedTitle: string[] = [];
  let wrappedSpan: RowSpan | undefined;
  let numberless = 0;
  let top = Infinity;
  let bottom = -Infinity;
  for (let lineIndex = firstLine; lineIndex <= lastLine; lineIndex++) {
    const entry = entryOfLine.get(lineIndex);
    if (entry) {
      // Text of the line left of the entry (a number read as another entry's page) stays in the title.
      const before = lines[lineIndex].segments.filter(segment => segment.left >= left && segment.right <= entry.left);
      const title = [...wrappedTitle, titleText(before), entry.title].join(' ').replace(/\s+/g, ' ').trim();
      rows.push({ title, page: entry.page, span: rowSpanOf([...(wrappedSpan ? [wrappedSpan] : []), entry, ...before]) });
      wrappedTitle = [];
      wrappedSpan = undefined;
      top = Math.min(top, entry.top);
      bottom = Math.max(bottom, entry.bottom);
      continue;
    }
    // A line without a page number inside the block: the first line of a wrapped title when it runs
    // most of the way to the numbers, else a heading of its own (a part title).
    const segments = lines[lineIndex].segments.filter(segment => segment.left >= left && segment.right <= right);
    if (segments.length === 0) continue;
    const text = titleText(segments);
    if (text === '') continue;
    numberless++;
    const lineLeft = segments[0].left;
    const lineRight = Math.max(...segments.map(segment => segment.right));
    const span = rowSpanOf([...(wrappedSpan ? [wrappedSpan] : []), ...segments]);
    if (lineRight - lineLeft >= 0.6 * (right - lineLeft)) {
      wrappedTitle.push(text);
      wrappedSpan = span;
    } else {
      rows.push({ title: [...wrappedTitle, text].join(' '), page: '', span });
      wrappedTitle = [];
      wrappedSpan = undefined;
    }
    top = Math.min(top, ...segments.map(segment => segment.top));
    bottom = Math.max(bottom, ...segments.map(segment => segment.bottom));
  }
  // Part headings and wrapped titles are a minority; an index page (entries wrapped over several
  // lines, many numbers per entry) or prose beside a column of numbers is mostly lines without one.
  if (rows.length < minEntries || numberless > maxNumberlessShare * block.length) return undefined;
  const cells = [['Title', 'Page'], ...rows.map(row => [row.title, row.page])];
  // The "Title | Page" header is not printed: it has no place on the page.
  const rowSpans = [undefined, ...rows.map(row => row.span)];
  return assembleTable(runs, cells, { x: left, y: top, width: right - left, height: bottom - top }, available, 'contents', rowSpans);
}
