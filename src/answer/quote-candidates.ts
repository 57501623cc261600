import type { ContextPassage } from './context-passage.ts';
import { acronymDefinitions } from '../text/acronyms.ts';
import { type AnswerKind, writesDate } from './answer-cues.ts';
import { captionKeys } from '../text/caption-references.ts';
import { isMarkdownSeparatorRow, markdownRowCells } from '../text/markdown-table-row.ts';
import { numberCell, rowGroups } from './table-row-groups.ts';

/** Something the offline answer can quote: a sentence, or a table row read with its header row. */
export interface QuoteCandidate {
  /** The passage's [n]. */
  n: number;
  /** 1-based page the quote is on, and that page's place in the ranking (0 = best; Passage.pageTexts). */
  page: number;
  pageRank: number;
  /** As shown to the asker: the sentence, or "label — column: value; …" for a table row. */
  text: string;
  /** The words it is matched on (a table row's header row included). */
  matchText: string;
  /**
   * The words as they stand in the page's text, unclipped: the sentence, or a table row's Markdown
   * line. Where "show me where" finds the quote on the page (`CitedQuote.highlight`).
   */
  source: string;
  kind: 'sentence' | 'table-row';
  /**
   * A heading quoted as a sentence (headingQuote): an answer only to a question that asks for this kind
   * of answer, what an acronym stands for or a date.
   */
  answersOnly?: AnswerKind;
  /** Reading order over the whole context (passage by passage). */
  order: number;
}

const maxQuoteChars = 400;
/**
 * The line just above a table, up to this long, is its title or the sentence that leads into it ("TABLE
 * 4: STATE-WISE DECADAL GROWTH RATE OF POPULATION"): its rows are about what it says.
 */
const maxCaptionChars = 200;

/** Every sentence and table row of the passages, in the order the passages were given. */
export function quoteCandidates(passages: ContextPassage[]): QuoteCandidate[] {
  const candidates: QuoteCandidate[] = [];
  for (const passage of passages) {
    passage.pageTexts.forEach(({ page, text, rank }, index) => {
      const field = fieldQuote(passage.titlePath.at(-1), text);
      const label = index === 0 && !field ? (labelQuote(passage.titlePath.at(-1), text) ?? headingQuote(passage.titlePath.at(-1))) : undefined;
      const quotes = field ? [field] : [...(label ? [label] : []), ...quotesOf(text)];
      for (const quote of quotes) candidates.push({ n: passage.n, page, pageRank: rank, ...quote, order: candidates.length });
    });
  }
  return candidates;
}

type Quote = Pick<QuoteCandidate, 'text' | 'matchText' | 'kind' | 'source' | 'answersOnly'>;

/**
 * A heading that ends with a colon is a form's label read as a heading ("Enter weight IF LESS than 66
 * pounds:" over "Lbs."): what it says is quoted with the first line under it, which is its field.
 */
function labelQuote(title: string | undefined, text: string): Quote | undefined {
  const first = text.trim().split('\n')[0]?.trim() ?? '';
  if (!title || !/:\s*$/u.test(title) || title.length > maxQuoteChars / 2 || first === '' || first.length > maxTitleChars) return undefined;
  const quote = `${title.trim()} ${first}`;
  return { text: quote, matchText: quote, kind: 'sentence', source: first };
}

/**
 * Headings are not quoted: a heading that repeats a question's words would outrank the sentence that
 * answers. Two kinds say what a sentence would, and are quoted for a question that asks for what they
 * say (extractive-answer.ts):
 * - a heading that spells out an acronym ("Notificatie Routering Component (NRC)", "Service Level
 *   Agreement (SLA)"), for what the acronym stands for;
 * - a heading that is a dated statement ("EFFECTIVE September 12, 2022", "Stand: 1. März 2024"), a line
 *   printed large enough to read as a heading, for a date.
 */
function headingQuote(title: string | undefined): Quote | undefined {
  const heading = title?.trim() ?? '';
  if (heading === '' || heading.length > maxTitleChars) return undefined;
  const quote = { text: heading, matchText: heading, kind: 'sentence', source: heading } as const;
  if (acronymDefinitions(heading).some(definition => heading.endsWith(`${definition.expansion} (${definition.acronym})`))) {
    return { ...quote, answersOnly: 'expansion' };
  }
  return writesDate(heading) ? { ...quote, answersOnly: 'date' } : undefined;
}

/**
 * A section whose text is one value, too short to quote alone, under a heading short enough to be its
 * label: a form's or an invoice's field read as a heading over its value ("P.O. NUMBER" over "PO-3333").
 * It is quoted with its label, "P.O. NUMBER: PO-3333". A value holds a digit (a number, a date, a
 * code): a statement's title over its company's name ("CONSOLIDATED BALANCE SHEETS" over "NIKE,
 * INC.") is no field.
 */
function fieldQuote(title: string | undefined, text: string): Quote | undefined {
  const value = text.trim();
  if (!title || title.length > maxTitleChars || value.length >= minSentenceChars || value.includes('\n') || !/\p{N}/u.test(value)) return undefined;
  const quote = `${title.replace(/:\s*$/u, '')}: ${value}`;
  return { text: quote, matchText: quote, kind: 'sentence', source: value };
}

function quotesOf(text: string): Quote[] {
  const quotes: Quote[] = [];
  const lines = text.split('\n');
  let prose: string[] = [];
  const flushProse = () => {
    const parents = listParents(prose);
    for (const sentence of splitSentences(prose.join('\n'))) {
      const parent = parents.find(entry => entry.item.startsWith(sentence.slice(0, maxTitleChars)))?.parent;
      const text = clipQuote(parent ? `${parent} › ${sentence.replace(subItemMarker, '')}` : sentence);
      quotes.push({ text, matchText: text, kind: 'sentence', source: sentence });
    }
    prose = [];
  };
  for (let index = 0; index < lines.length; index++) {
    if (!isTableLine(lines[index])) {
      prose.push(lines[index]);
      continue;
    }
    const caption = prose.findLast(line => line.trim() !== '')?.trim() ?? '';
    flushProse();
    const table: string[] = [];
    while (index < lines.length && isTableLine(lines[index])) table.push(lines[index++]);
    index -= 1;
    quotes.push(...tableRows(table, tableTitle(caption)));
  }
  flushProse();
  return quotes;
}

/** A list's item and the marker of an item under it, as slides and Word lists write them. */
const itemMarker = /^[•●▪■]\s+/u;
const subItemMarker = /^[–—o◦▫-]\s+/u;

/**
 * The items of a nested list with the short item they stand under: on a slide, "• Level shift at 2020
 * Q2" over "– About +5.5 per 100,000 per quarter"; the sub-item says the figure, its parent what it is
 * of. A parent is a bulleted line short enough to be a label (maxTitleChars); its sub-items are the
 * lines with a dash marker after it, wrapped lines between them included, up to the next bulleted line.
 */
function listParents(lines: string[]): Array<{ item: string; parent: string }> {
  const entries: Array<{ item: string; parent: string }> = [];
  let parent: string | undefined;
  for (const raw of lines) {
    const line = raw.replace(/\s+/gu, ' ').trim();
    if (line === '') continue;
    if (itemMarker.test(line)) {
      const label = line.replace(itemMarker, '');
      parent = label.length <= maxTitleChars && !/[.!?]$/u.test(label) ? label : undefined;
    } else if (parent && subItemMarker.test(line)) entries.push({ item: line, parent });
  }
  return entries;
}

/**
 * What the line above a table says of its rows: the whole line when short; of a longer caption ("Table
 * 2: …"), its first sentence, the table's title, when that is short; else nothing (a paragraph that
 * happens to precede the table).
 */
function tableTitle(caption: string): string {
  if (caption.length <= maxCaptionChars) return caption;
  if (!captionKeys(caption).some(key => key.startsWith('table'))) return '';
  const [first] = splitSentences(caption);
  return first !== undefined && first.length <= maxCaptionChars && caption.startsWith(first) ? first : '';
}

function isTableLine(line: string): boolean {
  return /^\s*\|.*\|\s*$/u.test(line);
}

/**
 * A Markdown table's body rows, each read with its header: "Revenues — 2023: $51,217; 2022: $46,710"
 * when the header's first cell is empty (a row label), else "Year: 2023; Revenue: 51,217". A header may
 * take several rows (headerRows): each body row is matched on all of them and on the table's caption,
 * and each column named by its lowest cell in the header rows that name two columns or more. A table
 * that stacks blocks under a header printed again (January–June 2023 over January–June 2022) reads
 * each block's rows with the header above them, and a row says the period its block's header spans.
 * A row says the groups it stands under first (rowGroups): "Town Admin - 129 › Personnel — …".
 */
function tableRows(lines: string[], caption: string): Quote[] {
  const separator = lines.findIndex(isMarkdownSeparatorRow);
  const rowLines = lines.filter((_, index) => index !== separator);
  const grid = rowLines.map(markdownRowCells);
  const labelRows = labelsItsRows(grid);
  const headerCount = separator > 0 ? headerRows(grid) : 0;
  const starts = headerCount > 0 ? repeatedHeaderStarts(grid, headerCount) : [0];
  const rows: Quote[] = [];
  starts.forEach((start, block) => {
    const headers = grid.slice(start, start + headerCount);
    const naming = headers.filter(row => row.filter(Boolean).length >= 2 && !isColumnNumbering(row));
    // Each column is named by its lowest header cell: "START" under "OBLIGATION/SERVICE DATES", and
    // "DOCUMENT NO." over the empty cell below it.
    const header = naming.length > 0 ? naming[0].map((_, column) => naming.findLast(row => row[column])?.[column] ?? '') : (headers[0] ?? []);
    const headerWords = [caption, ...headers.flat()].filter(Boolean).join(' ');
    // A period or date the header spans over the columns ("January–June 2022" over the column names) names
    // no column but tells the rows of one block from another's: each row says it.
    const spanned = [...new Set(naming.flatMap(row => row.filter((cell, column) => isPeriod(cell) && header[column] !== cell)))];
    const prefix = spanned.length > 0 ? `${spanned.join(', ')} — ` : '';
    const end = starts[block + 1] ?? grid.length;
    const groups = rowGroups(grid, start + headerCount, end);
    for (let index = start + headerCount; index < end; index++) {
      const row = grid[index];
      const heads = groups.get(index)?.join(' › ');
      if (row.every(cell => cell.length === 0)) continue;
      // A label alone over rows of values ("Ziekteverzuim:" over "Verzuimpercentage | 6,4%") states nothing itself.
      if (labelRows && isLabelOnly(row)) continue;
      const labelled = header.length > 0 && header[0] === '' && row[0] !== '';
      const pairs = row
        .map((cell, column) => ({ cell, name: header[column] ?? '' }))
        .filter((entry, column) => entry.cell.length > 0 && !(labelled && column === 0))
        .map(entry => (entry.name ? `${entry.name}: ${entry.cell}` : entry.cell));
      const text = clipQuote(`${prefix}${heads ? `${heads} — ` : ''}${labelled ? `${row[0]} — ${pairs.join('; ')}` : pairs.join('; ')}`);
      if (text.length < 3 || !/\p{L}|\d/u.test(text)) continue;
      rows.push({ text, matchText: `${headerWords}${heads ? ` ${heads}` : ''} ${row.join(' ')}`, kind: 'table-row', source: rowLines[index].trim() });
    }
  });
  return rows;
}

/** Rows of a table that hold two cells or more, for a row of one cell to be read as a label over them. */
const minShareOfFullRows = 0.5;

/** A table whose rows mostly hold two cells or more, so that a row of one cell is a label over others. */
function labelsItsRows(grid: string[][]): boolean {
  return grid.filter(row => row.filter(Boolean).length >= 2).length >= grid.length * minShareOfFullRows;
}

/**
 * A row whose one cell is words without a figure, in a table that labelsItsRows: the label of the rows
 * under it, which say what it heads (rowGroups) or stand on their own.
 */
function isLabelOnly(row: string[]): boolean {
  const cells = row.filter(Boolean);
  return cells.length === 1 && !/\d/u.test(cells[0]) && row.length >= 2;
}

/**
 * Where each block of a table begins: the first row, and each row that starts the header again, found
 * by a header row of two cells or more printed again word for word in the body (the block's first rows
 * may differ, as its period does).
 */
function repeatedHeaderStarts(grid: string[][], headerCount: number): number[] {
  const starts = [0];
  const key = (row: string[]) => row.join('|');
  const repeatable = new Map(
    grid
      .slice(0, headerCount)
      .map((row, offset) => [key(row), offset] as const)
      .filter(([, offset]) => grid[offset].filter(Boolean).length >= 2),
  );
  for (let index = headerCount; index < grid.length; index++) {
    const offset = repeatable.get(key(grid[index]));
    if (offset === undefined) continue;
    const start = index - offset;
    if (start >= starts[starts.length - 1] + headerCount + 1) starts.push(start);
  }
  return starts;
}

/** A short cell naming a year or a fiscal period: "January–June 2022", "FY 2023", "Three months ended June 30, 2023", "Q1 FY24". */
function isPeriod(cell: string): boolean {
  return cell.split(/\s+/u).length <= 8 && /\b(?:19|20)\d\d\b|\bFY\s?\d\d\b|\bQ[1-4]\b|\bH[12]\b/u.test(cell);
}

/** Rows of a table that are read as a header before any is checked: a unit note, spanning titles, column names. */
const maxHeaderRows = 5;
/** Rows of figures under a header of several rows: fewer are as likely the last rows of a table of words. */
const minFigureRows = 3;

/**
 * How many of a table's first rows are its header: the first always, and the rows under it before the
 * first that holds a number, when from there on most rows do (a table of figures): "(Per cent)" over
 * "States/Union Territories | 1951-1961 | …", or "Children currently attending school" over "Person |
 * Male | Female" over "Total | Rural | Urban". A row numbering the columns ("1 | 2 | … | 10") or naming
 * them by years ("€ | 1997 | … | 2007" under a title spread over the first row) counts as header. In a
 * table of words, the first row alone, even where its last rows hold a number or two.
 */
function headerRows(grid: string[][]): number {
  const holdsNumber = (row: string[]) => !isColumnNumbering(row) && !isYearRow(row) && row.some(cell => numberCell.test(cell));
  const first = grid.findIndex((row, index) => index > 0 && holdsNumber(row));
  if (first <= 1 || first > maxHeaderRows) return 1;
  const body = grid.slice(first);
  return body.length >= minFigureRows && body.filter(holdsNumber).length * 2 > body.length ? first : 1;
}

/** "€ | 2019 | 2020 | 2021": a row whose numbers are all years, three or more of them. */
function isYearRow(row: string[]): boolean {
  const numbers = row.filter(cell => numberCell.test(cell));
  return numbers.length >= 3 && numbers.every(cell => /^(?:19|20)\d\d$/u.test(cell));
}

/** "1 | 2 | 3 | … ": a row that numbers the columns. */
function isColumnNumbering(row: string[]): boolean {
  const filled = row.filter(Boolean);
  return filled.length >= 3 && filled.every((cell, index) => cell === String(Number(filled[0]) + index));
}

/** Sentences and lines of prose, whitespace folded (clipped to a quotable length by the caller). */
function splitSentences(text: string): string[] {
  const pieces = text
    // A capital letter and a full stop is an initial ("Philip N. Jefferson"), a title is followed by a
    // name ("Herrn Prof. Dr. Herrlich", "Mr. Smith"), a page or a figure by its number ("[Figure,
    // p. 33]", "Fig. 4"), and dot leaders by what they lead to (". . . . ▶ 17 69,660."): none is a
    // sentence's end.
    .split(
      /(?<=[.!?。！？])(?<!\.\s?\.)(?<!(?:^|[\s(])\p{Lu}\.)(?<!(?:^|[\s(])(?:Dr|Prof|Mr|Mrs|Ms|Mme|Hr|Fr)\.)(?<!(?:^|[\s(,])(?:p|pp|S|Fig|fig|Figs|No|Nr)\.(?=\s+\d))\s+(?=[\p{Lu}\p{N}"“(])|\n+/u,
    )
    .map(sentence => sentence.replace(/\s+/gu, ' ').trim())
    .filter(Boolean);
  // Short lines in a row (a cover's "Rick Scott" over "GOVERNOR", a label and its value) say together
  // what neither says alone: they are quoted as one, up to a few of them.
  const sentences: string[] = [];
  let run: string[] = [];
  // Whether the last sentence is short lines read as one: a few lines left over after it, too short to
  // quote alone (a stat block's "Employees 1914" after "Offices 20 Countries 12"), join it.
  let lastJoined = false;
  const flush = () => {
    if (run.length === 0) return;
    const joined = run.join(' ');
    if (joined.length < minSentenceChars && lastJoined) sentences[sentences.length - 1] += ` ${joined}`;
    else sentences.push(joined);
    lastJoined = true;
    run = [];
  };
  for (let index = 0; index < pieces.length; index++) {
    let piece = pieces[index];
    if (piece.length >= minSentenceChars) {
      // A short label is quoted with the line it leads into: a form's line run out in leaders to its
      // amount, cut off at the label's own full stop ("17 Total expenses." + "Add lines 10 through 16 . . .
      // . ▶ 17 69,660."), and a label over its line ("ab 6 Personen:" over "„Döppcheskooche“ mit Apfelmus").
      const label = run.at(-1);
      const ledTo = label !== undefined && ledToAmount.test(piece) && !/\p{N}[.,]?$/u.test(label);
      if (label !== undefined && (ledTo || (shortLabel.test(label) && !piece.endsWith(':')))) {
        piece = `${label} ${piece}`;
        run.pop();
      }
      // A value or a name too short to quote alone goes with the short line under it: a cover's date
      // over its title ("October 15, 2007" over "Washington State Department of Veterans Affairs"), a
      // person over their role ("Philip N. Jefferson" over "Vice Chair (as of September 13, 2023)").
      if (piece.length <= maxTitleChars) {
        const whole = run.join(' ');
        const name = run.at(-1) ?? '';
        if (whole.length > 0 && whole.length < minSentenceChars && /\p{N}/u.test(whole)) {
          piece = `${whole} ${piece}`;
          run = [];
        } else if (personName.test(name)) {
          piece = `${name} ${piece}`;
          run.pop();
        }
      }
      flush();
      // A label over its value ("Average number of days to fill:" over "55.5") is quoted with it.
      const next = pieces[index + 1];
      const labelled = piece.endsWith(':') && next !== undefined && next.length < minSentenceChars && !next.endsWith(':');
      sentences.push(labelled ? `${piece} ${pieces[++index]}` : piece);
      lastJoined = false;
      continue;
    }
    // A figure's label ("[Figure, p. 33]") opens the figure's text, which says nothing with the lines before it.
    if (piece.startsWith('[Figure')) flush();
    // A short label ("ab 6 Personen:") opens what follows it, not the end of the short lines before it.
    if (shortLabel.test(piece)) flush();
    run.push(piece);
    if (run.length === maxShortLinesJoined) flush();
  }
  flush();
  return sentences.filter(sentence => sentence.length >= minSentenceChars && /\p{L}/u.test(sentence));
}

/** Shorter pieces are no sentence of their own (a label, a number, a name)… */
const minSentenceChars = 20;
/** …and are quoted with the short lines next to them, this many at most. */
const maxShortLinesJoined = 4;
/** A label: a colon after a letter or a digit ("ab 6 Personen:"), not after a bracket ("def program ():"). */
const shortLabel = /[\p{L}\p{N}]:$/u;
/** Ends in dot leaders, a mark or the line's number, and the amount they lead to (build-lines.ts reads them together). */
const ledToAmount = /(?:\.\s?){4,}\s*(?:\p{L}\s)?[^\p{L}]{0,12}\d[\d,.]*$/u;
/** Two to four capitalised words, initials among them: a person's name on a line of its own. */
const personName = /^\p{Lu}[\p{L}'’-]*\.?(?:\s\p{Lu}[\p{L}'’-]*\.?){1,3}$/u;
/** A line this long or shorter is a title or a label, which a short value above it belongs with. */
const maxTitleChars = 60;

function clipQuote(text: string): string {
  return text.length > maxQuoteChars ? `${text.slice(0, maxQuoteChars).replace(/\s+\S*$/u, '')} …` : text;
}
