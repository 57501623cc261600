import { FolioError } from '../../errors.ts';

/**
 * pdf.js's own exception classes (names survive the trip from a parse worker). When one of them
 * escapes while pages are read, the file is at fault, not Folio: a page tree that loops, a page
 * object that is not a page, a stream that ends early.
 */
const pdfjsExceptionNames = new Set([
  'UnknownErrorException',
  'InvalidPDFException',
  'FormatError',
  'MissingDataException',
  'ParserEOFException',
  'XRefEntryException',
  'XRefParseException',
]);

/**
 * The FolioError a user sees when pdf.js gives up on a PDF it could open but not read; any other
 * error (Folio's own, an abort) is returned unchanged.
 */
export function pdfReadError(error: unknown, name: string): unknown {
  const errorName = (error as { name?: string } | null)?.name;
  if (FolioError.isInstance(error) || !errorName || !pdfjsExceptionNames.has(errorName)) return error;
  return new FolioError({
    code: 'pdf_unreadable',
    message: `pdf.js could not read the pages of ${name}: ${(error as Error).message}`,
    userMessage: `${name} opens as a PDF, but its pages are damaged and could not be read. Re-export it (or print it to a new PDF) and share it again.`,
    cause: error,
  });
}
