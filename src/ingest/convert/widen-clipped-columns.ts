import { attribute, children, decodeXml, withAttributes } from './package-xml.ts';

/** Widest a column is set to, in characters: a longer text is still cut, but after this many. */
const maxColumnCharacters = 60;
/** Column width per character of text, in the widths of a digit SpreadsheetML measures columns in, and the cell's margins. */
const widthPerCharacter = 1.1;
const cellMargins = 1;
/** A column's width when the sheet sets none (Excel's default for Calibri 11). */
const defaultColumnWidth = 8.43;

/**
 * The length of each shared string of a workbook (`xl/sharedStrings.xml`), as cells name them
 * (`<c t="s"><v>3</v></c>`): its longest line, phonetic guides left out.
 */
export function sharedStringLengths(sharedStringsXml: string): number[] {
  return children(sharedStringsXml, 'sst', 'si').map(item => longestLine(textOf(item)));
}

/**
 * The cell formats of a workbook's styles part whose text is never cut at its column's edge: it wraps
 * onto more lines or shrinks to fit. Indices into its `cellXfs`, as cells name them (`<c s="3">`).
 */
export function fittedTextFormats(stylesXml: string): Set<number> {
  const fitted = new Set<number>();
  children(stylesXml, 'cellXfs', 'xf').forEach((format, index) => {
    const alignment = /<(?:[\w.-]+:)?alignment\b[^>]*>/u.exec(format)?.[0] ?? '';
    if (/\s(?:wrapText|shrinkToFit)="(?:1|true)"/u.test(alignment)) fitted.add(index);
  });
  return fitted;
}

/**
 * A worksheet's XML with each column widened that a text would be cut off in when printed. Text runs
 * on over empty cells only: a cell whose right-hand neighbour holds a value prints as much of itself as
 * its column is wide, so "Develop preliminary budget" in a column eight digits wide prints "Develop pre",
 * and a header "Task Mode" over "Auto Scheduled" prints "Auto Sched". Such a column is set as wide as
 * its longest cut text, up to maxColumnCharacters. Cells that wrap or shrink their text
 * (fittedTextFormats) and cells that start a merged range are left as they are. The sheet is printed
 * one page wide (fitToWidth), so wider columns print smaller, not on more pages.
 */
export function widenClippedColumns(xml: string, sharedLengths: readonly number[], fittedFormats: ReadonlySet<number>): string {
  const root = /<(?:([\w.-]+):)?worksheet\b[^>]*>/u.exec(xml);
  if (!root) return xml;
  const prefix = root[1] ? `${root[1]}:` : '';
  const wanted = cutColumns(xml, prefix, sharedLengths, fittedFormats);
  if (wanted.size === 0) return xml;
  const defaultWidth = Number(attribute(new RegExp(`<${prefix}sheetFormatPr\\b[^>]*>`, 'u').exec(xml)?.[0] ?? '', 'defaultColWidth') ?? defaultColumnWidth);
  const colsElement = new RegExp(`<${prefix}cols\\b[^>]*?(?:/>|>([\\s\\S]*?)</${prefix}cols>)`, 'u').exec(xml);
  const ranges = [...(colsElement?.[1] ?? '').matchAll(new RegExp(`<${prefix}col\\b([^>]*?)/?>`, 'gu'))].map(match => ({
    min: Number(attribute(match[1]!, 'min')),
    max: Number(attribute(match[1]!, 'max')),
    attributes: match[1]!,
  }));
  let widened = false;
  for (const [column, width] of [...wanted].sort(([a], [b]) => a - b)) {
    const index = ranges.findIndex(range => range.min <= column && column <= range.max);
    const range = ranges[index];
    if (range && attribute(range.attributes, 'hidden') === '1') continue;
    const current = range ? Number(attribute(range.attributes, 'width') ?? defaultWidth) : defaultWidth;
    if (width <= current) continue;
    const own = { min: column, max: column, attributes: withAttributes(range?.attributes ?? '', { width: width.toFixed(2), customWidth: '1' }) };
    if (!range) {
      const after = ranges.findIndex(other => other.min > column);
      ranges.splice(after < 0 ? ranges.length : after, 0, own);
    } else {
      const split = [...(range.min < column ? [{ ...range, max: column - 1 }] : []), own, ...(column < range.max ? [{ ...range, min: column + 1 }] : [])];
      ranges.splice(index, 1, ...split);
    }
    widened = true;
  }
  if (!widened) return xml;
  const cols = `<${prefix}cols>${ranges
    .map(range => `<${prefix}col${withAttributes(range.attributes, { min: String(range.min), max: String(range.max) })}/>`)
    .join('')}</${prefix}cols>`;
  if (colsElement) return `${xml.slice(0, colsElement.index)}${cols}${xml.slice(colsElement.index + colsElement[0].length)}`;
  const sheetData = new RegExp(`<${prefix}sheetData\\b`, 'u').exec(xml);
  return sheetData ? `${xml.slice(0, sheetData.index)}${cols}${xml.slice(sheetData.index)}` : xml;
}

/** The width each column needs so that no text cell cut at its right edge is cut (1-based columns). */
function cutColumns(xml: string, prefix: string, sharedLengths: readonly number[], fittedFormats: ReadonlySet<number>): Map<number, number> {
  const mergeStarts = new Set([...xml.matchAll(new RegExp(`<${prefix}mergeCell\\b[^>]*\\sref="([A-Z]+\\d+)`, 'gu'))].map(match => match[1]!));
  const wanted = new Map<number, number>();
  const cellPattern = new RegExp(`<${prefix}c\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${prefix}c>)`, 'gu');
  const valuePattern = new RegExp(`<${prefix}(?:v|is)\\b`, 'u');
  for (const row of xml.matchAll(new RegExp(`<${prefix}row\\b[^>]*>([\\s\\S]*?)</${prefix}row>`, 'gu'))) {
    let column = 0;
    const cells = [...row[1]!.matchAll(cellPattern)].map(match => {
      const reference = attribute(match[1]!, 'r');
      column = reference ? columnNumber(reference) : column + 1;
      return { column, reference, attributes: match[1]!, content: match[2] ?? '' };
    });
    const filled = new Set(cells.filter(cell => valuePattern.test(cell.content)).map(cell => cell.column));
    for (const cell of cells) {
      if (!filled.has(cell.column + 1) || (cell.reference && mergeStarts.has(cell.reference))) continue;
      if (fittedFormats.has(Number(attribute(cell.attributes, 's') ?? 0))) continue;
      const length = textLength(cell.attributes, cell.content, sharedLengths);
      if (length === 0) continue;
      const width = Math.min(maxColumnCharacters, length * widthPerCharacter + cellMargins);
      wanted.set(cell.column, Math.max(wanted.get(cell.column) ?? 0, width));
    }
  }
  return wanted;
}

/** The printed length of a text cell (shared, inline or a formula's text); 0 for a number, a date or a blank. */
function textLength(attributes: string, content: string, sharedLengths: readonly number[]): number {
  const type = attribute(attributes, 't');
  const value = /<(?:[\w.-]+:)?v\b[^>]*>([^<]*)</u.exec(content)?.[1];
  if (type === 's') return sharedLengths[Number(value)] ?? 0;
  if (type === 'str') return longestLine(decodeXml(value ?? ''));
  if (type === 'inlineStr') return longestLine(textOf(content));
  return 0;
}

/** The text of a string item: its `t` elements, phonetic runs (`rPh`) left out. */
function textOf(item: string): string {
  const body = item.replace(/<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/gu, '');
  return [...body.matchAll(/<(?:[\w.-]+:)?t\b[^>]*>([^<]*)</gu)].map(match => decodeXml(match[1]!)).join('');
}

function longestLine(text: string): number {
  return Math.max(0, ...text.split('\n').map(line => line.trim().length));
}

/** "AB12" → 28. */
function columnNumber(reference: string): number {
  let number = 0;
  for (const letter of /^[A-Z]+/u.exec(reference)?.[0] ?? '') number = number * 26 + letter.charCodeAt(0) - 64;
  return number;
}
