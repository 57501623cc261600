import { writeRewrittenPackage } from './rewrite-package.ts';

/** A worksheet part of an Excel package (not a chart sheet, not a part of another kind). */
const worksheetPart = /^xl\/worksheets\/[^/]+\.xml$/u;

/**
 * Writes a copy of the Excel package at `source` to `target` whose sheets print one page wide, as many
 * pages long as they need (Page Setup's "fit to 1 page wide by automatic tall"). A sheet printed as it
 * is set up is cut into pages across as well as down, and LibreOffice prints a wide sheet's columns on
 * pages of their own, after all its rows: codes on pages 77–79, their descriptions on pages 80–82, so
 * no page holds a row whole. Fitted to the width, every row stands whole on one page. Only the print
 * setup of the worksheet parts changes; every other part is copied byte for byte.
 */
export async function writeSheetsFittedToWidth(source: string, target: string): Promise<void> {
  await writeRewrittenPackage(source, target, partName => (worksheetPart.test(partName) ? fitToWidth : undefined));
}

/**
 * A worksheet's XML set to print fitted to one page's width: `fitToPage` in its sheet properties and
 * `fitToWidth="1" fitToHeight="0"` (0: as many pages tall as needed) in its page setup, each element
 * added where SpreadsheetML's order puts it when the sheet has none.
 */
export function fitToWidth(xml: string): string {
  const root = /<(?:([\w.-]+):)?worksheet\b[^>]*>/u.exec(xml);
  if (!root) return xml;
  const prefix = root[1] ? `${root[1]}:` : '';
  const name = (local: string) => `${prefix}${local}`;
  const fitToPage = `<${name('pageSetUpPr')} fitToPage="1"/>`;
  const sheetProperties = new RegExp(`<${name('sheetPr')}\\b([^>]*?)(/?)>`, 'u').exec(xml);
  const existingSetUp = new RegExp(`<${name('pageSetUpPr')}\\b([^>]*?)/?>`, 'u');
  let fitted: string;
  if (!sheetProperties) {
    fitted = insertAt(xml, root.index + root[0].length, `<${name('sheetPr')}>${fitToPage}</${name('sheetPr')}>`);
  } else if (sheetProperties[2] === '/') {
    fitted = replaceAt(xml, sheetProperties, `<${name('sheetPr')}${sheetProperties[1]}>${fitToPage}</${name('sheetPr')}>`);
  } else if (existingSetUp.test(xml)) {
    fitted = xml.replace(existingSetUp, (_, attributes: string) => `<${name('pageSetUpPr')}${withAttributes(attributes, { fitToPage: '1' })}/>`);
  } else {
    fitted = xml.replace(`</${name('sheetPr')}>`, () => `${fitToPage}</${name('sheetPr')}>`);
  }
  const pageSetup = new RegExp(`<${name('pageSetup')}\\b([^>]*?)/>`, 'u');
  if (pageSetup.test(fitted)) {
    return fitted.replace(pageSetup, (_, attributes: string) => `<${name('pageSetup')}${withAttributes(attributes, { fitToWidth: '1', fitToHeight: '0' })}/>`);
  }
  const added = `<${name('pageSetup')} fitToWidth="1" fitToHeight="0"/>`;
  const margins = new RegExp(`<${name('pageMargins')}\\b[^>]*/>`, 'u').exec(fitted);
  if (margins) return insertAt(fitted, margins.index + margins[0].length, added);
  const following = new RegExp(`<(?:${elementsAfterPageSetup.map(name).join('|')})\\b|</${name('worksheet')}>`, 'u').exec(fitted);
  return following ? insertAt(fitted, following.index, added) : fitted;
}

function insertAt(text: string, at: number, inserted: string): string {
  return `${text.slice(0, at)}${inserted}${text.slice(at)}`;
}

function replaceAt(text: string, match: RegExpExecArray, replacement: string): string {
  return `${text.slice(0, match.index)}${replacement}${text.slice(match.index + match[0].length)}`;
}

/** The worksheet's child elements that come after pageSetup, in SpreadsheetML's order. */
const elementsAfterPageSetup = [
  'headerFooter',
  'rowBreaks',
  'colBreaks',
  'customProperties',
  'cellWatches',
  'ignoredErrors',
  'smartTags',
  'drawing',
  'legacyDrawing',
  'legacyDrawingHF',
  'picture',
  'oleObjects',
  'controls',
  'webPublishItems',
  'tableParts',
  'extLst',
];

/** An element's attribute text with `values` set, replacing any it had. */
function withAttributes(attributes: string, values: Record<string, string>): string {
  let kept = attributes.replace(/\s+$/u, '');
  for (const key of Object.keys(values)) kept = kept.replace(new RegExp(`\\s${key}="[^"]*"`, 'u'), '');
  return `${kept}${Object.entries(values)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('')}`;
}
