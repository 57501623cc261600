import type { ContextPassage } from './context-passage.ts';

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
  /** Reading order over the whole context (passage by passage). */
  order: number;
}

const maxQuoteChars = 400;

/** Every sentence and table row of the passages, in the order the passages were given. */
export function quoteCandidates(passages: ContextPassage[]): QuoteCandidate[] {
  const candidates: QuoteCandidate[] = [];
  for (const passage of passages) {
    for (const { page, text, rank } of passage.pageTexts) {
      for (const quote of quotesOf(text)) candidates.push({ n: passage.n, page, pageRank: rank, ...quote, order: candidates.length });
    }
  }
  return candidates;
}

type Quote = Pick<QuoteCandidate, 'text' | 'matchText' | 'kind' | 'source'>;

function quotesOf(text: string): Quote[] {
  const quotes: Quote[] = [];
  const lines = text.split('\n');
  let prose: string[] = [];
  const flushProse = () => {
    for (const sentence of splitSentences(prose.join('\n'))) {
      const text = clipQuote(sentence);
      quotes.push({ text, matchText: text, kind: 'sentence', source: sentence });
    }
    prose = [];
  };
  for (let index = 0; index < lines.length; index++) {
    if (!isTableLine(lines[index])) {
      prose.push(lines[index]);
      continue;
    }
    flushProse();
    const table: string[] = [];
    while (index < lines.length && isTableLine(lines[index])) table.push(lines[index++]);
    index -= 1;
    quotes.push(...tableRows(table));
  }
  flushProse();
  return quotes;
}

function isTableLine(line: string): boolean {
  return /^\s*\|.*\|\s*$/u.test(line);
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/u, '')
    .replace(/\|$/u, '')
    .split('|')
    .map(cell => cell.trim());
}

/**
 * A Markdown table's body rows, each read with its header: "Revenues — 2023: $51,217; 2022: $46,710"
 * when the header's first cell is empty (a row label), else "Year: 2023; Revenue: 51,217".
 */
function tableRows(lines: string[]): Quote[] {
  const separator = lines.findIndex(line => /^\s*\|(?:\s*:?-{2,}:?\s*\|)+\s*$/u.test(line));
  const header = separator > 0 ? cells(lines[separator - 1]) : [];
  const body = lines.filter((_, index) => index !== separator && index !== separator - 1);
  const rows: Quote[] = [];
  for (const line of body) {
    const row = cells(line);
    if (row.every(cell => cell.length === 0)) continue;
    const labelled = header.length > 0 && header[0] === '' && row[0] !== '';
    const pairs = row
      .map((cell, column) => ({ cell, name: header[column] ?? '' }))
      .filter((entry, column) => entry.cell.length > 0 && !(labelled && column === 0))
      .map(entry => (entry.name ? `${entry.name}: ${entry.cell}` : entry.cell));
    const text = clipQuote(labelled ? `${row[0]} — ${pairs.join('; ')}` : pairs.join('; '));
    if (text.length < 3 || !/\p{L}|\d/u.test(text)) continue;
    rows.push({ text, matchText: `${header.join(' ')} ${row.join(' ')}`, kind: 'table-row', source: line.trim() });
  }
  return rows;
}

/** Sentences and lines of prose, whitespace folded (clipped to a quotable length by the caller). */
function splitSentences(text: string): string[] {
  const pieces = text
    // A capital letter and a full stop is an initial ("Philip N. Jefferson"), and a title is followed by
    // a name ("Herrn Prof. Dr. Herrlich", "Mr. Smith"): neither is a sentence's end.
    .split(/(?<=[.!?。！？])(?<!(?:^|[\s(])\p{Lu}\.)(?<!(?:^|[\s(])(?:Dr|Prof|Mr|Mrs|Ms|Mme|Hr|Fr)\.)\s+(?=[\p{Lu}\p{N}"“(])|\n+/u)
    .map(sentence => sentence.replace(/\s+/gu, ' ').trim())
    .filter(Boolean);
  // Short lines in a row (a cover's "Rick Scott" over "GOVERNOR", a label and its value) say together
  // what neither says alone: they are quoted as one, up to a few of them.
  const sentences: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0) sentences.push(run.join(' '));
    run = [];
  };
  for (let index = 0; index < pieces.length; index++) {
    let piece = pieces[index];
    if (piece.length >= minSentenceChars) {
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
      continue;
    }
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
/** Two to four capitalised words, initials among them: a person's name on a line of its own. */
const personName = /^\p{Lu}[\p{L}'’-]*\.?(?:\s\p{Lu}[\p{L}'’-]*\.?){1,3}$/u;
/** A line this long or shorter is a title or a label, which a short value above it belongs with. */
const maxTitleChars = 60;

function clipQuote(text: string): string {
  return text.length > maxQuoteChars ? `${text.slice(0, maxQuoteChars).replace(/\s+\S*$/u, '')} …` : text;
}
