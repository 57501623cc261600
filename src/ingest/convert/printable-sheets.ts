import { fitToWidth } from './fit-sheets-to-width.ts';
import { writeRewrittenPackage } from './rewrite-package.ts';
import { borderedCellFormats, drawsOwnLines, withGridLines } from './sheet-gridlines.ts';
import { fittedTextFormats, sharedStringLengths, widenClippedColumns } from './widen-clipped-columns.ts';
import { openZipArchive } from './zip-archive.ts';

/** A worksheet part of an Excel package (not a chart sheet, not a part of another kind). */
const worksheetPart = /^xl\/worksheets\/[^/]+\.xml$/u;
const stylesPart = 'xl/styles.xml';
const sharedStringsPart = 'xl/sharedStrings.xml';

/**
 * Writes a copy of the Excel package at `source` to `target` whose sheets print so that their cells
 * can be read back from the PDF:
 * - one page wide, as many pages long as they need (fitToWidth: Page Setup's "fit to 1 page wide by
 *   automatic tall"). A sheet printed as it is set up is cut into pages across as well as down, and
 *   LibreOffice prints a wide sheet's columns on pages of their own, after all its rows: codes on
 *   pages 77–79, their descriptions on pages 80–82, so no page holds a row whole;
 * - with gridlines when the sheet draws no lines of its own (withGridLines, drawsOwnLines): a bare
 *   grid of values prints as words on white, where a right-aligned "69" under a left-aligned "Age"
 *   reads as the next column's. A sheet with borders prints as its author ruled it.
 * - with each column wide enough for the texts cut at its edge by a filled cell beside them
 *   (widenClippedColumns): a PDF holds only the part of a cell's text that shows.
 * Only the print setup and column widths of the worksheet parts change; every other part is copied byte for byte.
 */
export async function writePrintableSheets(source: string, target: string): Promise<void> {
  const archive = await openZipArchive(source);
  let styles: string;
  let sharedLengths: number[];
  try {
    styles = (await archive.readText(stylesPart)) ?? '';
    sharedLengths = sharedStringLengths((await archive.readText(sharedStringsPart)) ?? '');
  } finally {
    await archive.close();
  }
  const bordered = borderedCellFormats(styles);
  const fitted = fittedTextFormats(styles);
  const printable = (xml: string) => {
    const widened = fitToWidth(widenClippedColumns(xml, sharedLengths, fitted));
    return drawsOwnLines(xml, bordered) ? widened : withGridLines(widened);
  };
  await writeRewrittenPackage(source, target, partName => (worksheetPart.test(partName) ? printable : undefined));
}
