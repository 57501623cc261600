import { elementsAfterPageSetup } from './fit-sheets-to-width.ts';
import { attribute, children, startTag, withAttributes } from './package-xml.ts';

/** A side of a border that is drawn: it has a line style ("thin", "medium", "hair"…). */
const drawnSide = /<(?:[\w.-]+:)?(?:left|right|top|bottom|start|end)\b[^>]*\sstyle="(?!none")[^"]+"/u;

/**
 * The cell formats of a workbook's styles part that draw a line on some side of the cell: indices into
 * its `cellXfs`, as cells name them (`<c s="3">`). Diagonal lines strike a cell out, they rule no table.
 */
export function borderedCellFormats(stylesXml: string): Set<number> {
  const borders = children(stylesXml, 'borders', 'border').map(border => drawnSide.test(border));
  const formats = children(stylesXml, 'cellXfs', 'xf');
  const bordered = new Set<number>();
  formats.forEach((format, index) => {
    if (borders[Number(attribute(startTag(format), 'borderId') ?? 0)]) bordered.add(index);
  });
  return bordered;
}

/**
 * Whether a worksheet draws lines of its own: some cell, row or column of it has a format with a
 * border (borderedCellFormats). Such a sheet was laid out to be read as printed; a sheet that draws
 * none is a bare grid of values whose columns only the screen's gridlines keep apart.
 */
export function drawsOwnLines(sheetXml: string, bordered: ReadonlySet<number>): boolean {
  if (bordered.size === 0) return false;
  for (const match of sheetXml.matchAll(/<(?:[\w.-]+:)?(?:c|row|col)\s[^>]*?\s(?:s|style)="(\d+)"/gu)) {
    if (bordered.has(Number(match[1]))) return true;
  }
  return false;
}

/**
 * A worksheet's XML set to print its gridlines (`<printOptions gridLines="1"/>`, added where
 * SpreadsheetML's order puts it when the sheet has none): every cell of the printed range is then
 * ruled, and the PDF's rules tell its columns apart where the words alone do not (a right-aligned
 * number under a left-aligned heading, a note spilling into the next column).
 */
export function withGridLines(xml: string): string {
  const root = /<(?:([\w.-]+):)?worksheet\b[^>]*>/u.exec(xml);
  if (!root) return xml;
  const prefix = root[1] ? `${root[1]}:` : '';
  const existing = new RegExp(`<${prefix}printOptions\\b([^>]*?)/>`, 'u');
  if (existing.test(xml)) {
    return xml.replace(existing, (_, attributes: string) => `<${prefix}printOptions${withAttributes(attributes, { gridLines: '1' })}/>`);
  }
  const following = new RegExp(
    `<(?:${['pageMargins', 'pageSetup', ...elementsAfterPageSetup].map(name => prefix + name).join('|')})\\b|</${prefix}worksheet>`,
    'u',
  ).exec(xml);
  if (!following) return xml;
  return `${xml.slice(0, following.index)}<${prefix}printOptions gridLines="1"/>${xml.slice(following.index)}`;
}
