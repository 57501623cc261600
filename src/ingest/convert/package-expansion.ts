import { FolioError } from '../../errors.ts';
import { openZipArchive } from './zip-archive.ts';

/**
 * Real Office packages inflate 2–30×: XML compresses about 10:1 and images not at all. A zip bomb
 * inflates about 1000:1 per deflate pass. LibreOffice does not guard against it: it expands such a
 * package in full, for minutes and with gigabytes of memory, until the timeout kills it (and a timeout
 * is retried). So packages are checked before they reach LibreOffice.
 */
const maxExpansionRatio = 100;
/** Below this, even a high ratio is harmless (a tiny package of repetitive XML). */
const ratioCheckFromBytes = 100 * 1024 * 1024;
/** More than this much XML is beyond what LibreOffice converts within any reasonable timeout. */
const maxExpandedBytes = 1024 * 1024 * 1024;

/**
 * Refuses a ZIP-based office file (DOCX, PPTX, XLSX, ODT, ODP...) whose entries would inflate to far
 * more than a real document does, by the sizes its central directory declares (LibreOffice checks
 * those sizes while it inflates: an archive that under-declares is refused by it). A package whose
 * directory cannot be read is left to LibreOffice, which reports it as damaged.
 */
export async function checkPackageExpansion(path: string, options: { name: string; label: string; sizeBytes: number }): Promise<void> {
  const archive = await openZipArchive(path).catch(() => undefined);
  if (!archive) return;
  await archive.close();
  const expandedBytes = archive.entrySizes.reduce((sum, entry) => sum + entry.uncompressedBytes, 0);
  const ratio = expandedBytes / Math.max(1, options.sizeBytes);
  if (expandedBytes <= maxExpandedBytes && (expandedBytes <= ratioCheckFromBytes || ratio <= maxExpansionRatio)) return;
  throw new FolioError({
    code: 'file_too_large',
    message: `${options.name}: office package would inflate to ${expandedBytes} bytes from ${options.sizeBytes} (${Math.round(ratio)}:1); refused before conversion`,
    userMessage:
      `${options.name} would unpack to ${formatSize(expandedBytes)} from a ${formatSize(options.sizeBytes)} file, far more than a real ${options.label} does, ` +
      'so Folio did not open it: it is damaged or built to overload the reader. Open the original in its program, save it again (or export it to PDF) and share that.',
  });
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
