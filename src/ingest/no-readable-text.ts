import { FolioError } from '../errors.ts';

/**
 * For a document in which nothing could be read: every page empty, or images only (a scan without a
 * text layer, with OCR off or finding no words). Storing it as "ready" would leave a document that
 * can never answer anything and a user who does not know why.
 */
export function noReadableText(name: string, options: { ocrEnabled: boolean }): FolioError {
  return new FolioError({
    code: 'document_no_text',
    message: `no text in ${name} (OCR ${options.ocrEnabled ? 'on' : 'off'})`,
    userMessage: options.ocrEnabled
      ? `${name} has no text Folio could read: its pages are empty, or images without recognisable words. If it is a scan, export it again with text recognition (OCR) and share it again.`
      : `${name} has no text Folio could read: its pages look like scans or images, and text recognition (OCR) is turned off on this server. Share a version with selectable text, or ask an administrator to turn text recognition on.`,
  });
}
