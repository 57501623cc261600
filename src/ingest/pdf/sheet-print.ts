import type { PDFDocumentProxy } from './open-pdf.ts';

/** The applications whose PDFs print spreadsheets, as they name themselves in the document's Creator. */
const spreadsheetCreator = /\b(?:Calc|Excel)\b/u;

/**
 * Whether a PDF is a printed spreadsheet: LibreOffice Calc's own (every workbook Folio converts) or an
 * export from Excel. Its pages are grids of cells, read as tables (sheet-tables.ts).
 */
export async function isSheetPrint(pdf: PDFDocumentProxy): Promise<boolean> {
  const metadata = await pdf.getMetadata().catch(() => undefined);
  const creator = (metadata?.info as { Creator?: unknown } | undefined)?.Creator;
  return typeof creator === 'string' && spreadsheetCreator.test(creator);
}
