import { withAttributes } from './package-xml.ts';

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
export const elementsAfterPageSetup = [
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
