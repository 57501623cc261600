import { extname } from 'node:path';

/** Longer names are cut (keeping the extension): chat messages and citations quote them. */
export const maxDocumentNameCharacters = 200;

// C0/C1 control characters and Unicode line breaks: a name is one line of plain text.
const lineBreaking = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// Invisible characters that change how the rest is displayed: bidi overrides and isolates (the
// "invoice\u202Efdp.exe" trick shows as "invoiceexe.pdf"), direction marks, zero-width space, BOM.
const invisible = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The name a document is known and cited by, from whatever name it was shared with: the last path
 * segment only (a name is never a path; Folio stores files by their sha256), no control characters,
 * line breaks or invisible direction overrides, whitespace collapsed, at most 200 characters.
 * "document" when nothing is left.
 */
export function cleanDocumentName(shared: string): string {
  const lastSegment = shared.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment.replace(lineBreaking, ' ').replace(invisible, '').replace(/\s+/g, ' ').trim();
  if (!cleaned || /^\.+$/.test(cleaned)) return 'document';
  const characters = Array.from(cleaned);
  if (characters.length <= maxDocumentNameCharacters) return cleaned;
  const extension = Array.from(extname(cleaned)).length <= 10 ? extname(cleaned) : '';
  return (
    characters
      .slice(0, maxDocumentNameCharacters - Array.from(extension).length)
      .join('')
      .trimEnd() + extension
  );
}

/** The name without its extension ("3M_2018_10K" of "3M_2018_10K.pdf"): what a person may call the file. */
export function nameWithoutExtension(name: string): string {
  return name.replace(/\.[a-z0-9]{1,5}$/i, '');
}
