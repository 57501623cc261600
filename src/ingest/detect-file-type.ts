import { open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { FolioError } from '../errors.ts';
import { checkPackageExpansion } from './convert/package-expansion.ts';
import { openZipArchive } from './convert/zip-archive.ts';

export interface DetectedFile {
  /** 'pdf' is parsed directly; 'office' goes through LibreOffice first. */
  kind: 'pdf' | 'office';
  /** From the content, not the name. */
  mime: string;
  /** Lower-case, no dot, from the content ("pdf", "docx", "pptx"...); for OLE files from the declared name. */
  extension: string;
  sizeBytes: number;
}

interface OfficeType {
  mime: string;
  /** What users call it, for messages. */
  label: string;
}

/** The office formats LibreOffice converts for us, keyed by the extension file-type reports. */
const officeTypes: Record<string, OfficeType> = {
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word document' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', label: 'PowerPoint presentation' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel workbook' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', label: 'OpenDocument spreadsheet' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', label: 'OpenDocument text' },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', label: 'OpenDocument presentation' },
  rtf: { mime: 'application/rtf', label: 'RTF document' },
  doc: { mime: 'application/msword', label: 'Word 97-2003 document' },
  ppt: { mime: 'application/vnd.ms-powerpoint', label: 'PowerPoint 97-2003 presentation' },
  xls: { mime: 'application/vnd.ms-excel', label: 'Excel 97-2003 workbook' },
  // Macro-enabled and show variants are the same formats to LibreOffice.
  docm: { mime: 'application/vnd.ms-word.document.macroenabled.12', label: 'Word document' },
  pptm: { mime: 'application/vnd.ms-powerpoint.presentation.macroenabled.12', label: 'PowerPoint presentation' },
  ppsx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow', label: 'PowerPoint show' },
  xlsm: { mime: 'application/vnd.ms-excel.sheet.macroenabled.12', label: 'Excel workbook' },
};

/**
 * Legacy binary Office files share one container format (OLE/CFB); only the name tells them apart.
 * A 97-2003 file renamed to the newer extension (a common mistake) still converts.
 */
const oleExtensionByDeclared: Record<string, 'doc' | 'ppt' | 'xls'> = {
  doc: 'doc',
  docx: 'doc',
  ppt: 'ppt',
  pptx: 'ppt',
  pps: 'ppt',
  xls: 'xls',
  xlsx: 'xls',
};

/**
 * stat() with the answers a person can act on: a wrong path, a folder, or a file this process may not
 * read (the CLI passes paths straight from the command line).
 */
async function statFile(path: string, name: string) {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    const reason = unreadableReasons[error.code ?? ''];
    if (!reason) throw error;
    throw new FolioError({ code: 'file_not_found', message: `${error.code}: ${path}`, userMessage: `${name} ${reason}`, cause: error });
  });
  if (info.isDirectory()) {
    throw new FolioError({
      code: 'file_not_found',
      message: `directory: ${path}`,
      userMessage: `${name} is a folder, not a file. Name the documents inside it.`,
    });
  }
  return info;
}

const unreadableReasons: Record<string, string> = {
  ENOENT: 'was not found. Check the path and try again.',
  ENOTDIR: 'was not found. Check the path and try again.',
  EACCES: 'cannot be read: permission denied.',
  EPERM: 'cannot be read: permission denied.',
};

const supportedList = 'PDF, PPTX, PPT, DOCX, DOC, ODT, ODP, XLSX, XLS, ODS and RTF';

// Some producers (and mail gateways) put bytes before the header; pdf.js, like Acrobat, tolerates up
// to 1024 of them.
const pdfHeaderWindowBytes = 1024;

/**
 * Decides from the file's first bytes whether Folio can read it and how. Reads at most the PDF header
 * window plus what file-type needs (it walks ZIP headers, it never reads the whole file).
 * A supported document with a wrong extension is accepted as what it really is; a non-document (or
 * unrecognisable bytes) under a document's name is reported as mislabeled.
 */
export async function detectFileType(path: string, options: { declaredName?: string; maxBytes: number }): Promise<DetectedFile> {
  const name = options.declaredName ?? basename(path);
  const declaredExtension = extname(name).slice(1).toLowerCase();
  const { size: sizeBytes } = await statFile(path, name);
  if (sizeBytes === 0) {
    throw new FolioError({
      code: 'file_empty',
      message: `empty file: ${name}`,
      userMessage: `${name} is empty (0 bytes). Check that it finished uploading and share it again.`,
    });
  }
  if (sizeBytes > options.maxBytes) {
    const limitMb = formatMegabytes(options.maxBytes);
    throw new FolioError({
      code: 'file_too_large',
      message: `file too large: ${name} has ${sizeBytes} bytes, limit ${options.maxBytes}`,
      userMessage: `${name} is ${formatMegabytes(sizeBytes)} MB; the limit is ${limitMb} MB. Split it or compress its images and share it again.`,
    });
  }

  if (await startsWithPdfHeader(path)) return { kind: 'pdf', mime: 'application/pdf', extension: 'pdf', sizeBytes };

  const sniffed = await fileTypeFromFile(path);
  const oleExtension = oleExtensionByDeclared[declaredExtension];
  if (sniffed?.ext === 'cfb' && oleExtension) {
    return { kind: 'office', mime: officeTypes[oleExtension].mime, extension: oleExtension, sizeBytes };
  }
  if (sniffed && sniffed.ext in officeTypes) {
    if (zipPackages.has(sniffed.ext)) await checkPackageExpansion(path, { name, label: officeTypes[sniffed.ext].label, sizeBytes });
    return { kind: 'office', mime: officeTypes[sniffed.ext].mime, extension: sniffed.ext, sizeBytes };
  }

  const claimed = declaredExtension === 'pdf' ? 'PDF' : officeTypes[declaredExtension]?.label;
  if (claimed) {
    // A DOCX cut short still starts like a ZIP but has lost the part that says what it is: it is a
    // damaged document, not "actually a ZIP archive".
    const damagedPackage = sniffed?.ext === 'zip' && zipPackages.has(declaredExtension) && !(await hasZipDirectory(path));
    const actually = sniffed && !damagedPackage ? describeNonDocument(sniffed.ext, sniffed.mime) : undefined;
    throw new FolioError({
      code: 'file_mislabeled',
      message: `${name}: named .${declaredExtension} but content is ${sniffed ? sniffed.mime : 'unrecognised'}`,
      userMessage: actually
        ? `${name} is actually ${actually}, not a ${claimed}. Share the original document (supported: ${supportedList}).`
        : `${name} does not contain a valid ${claimed}: it may be damaged, incomplete or renamed. Open it, save it again as .${declaredExtension}, and share it again.`,
    });
  }
  if (sniffed?.ext === 'cfb') {
    throw unsupported(name, 'an old-format (97-2003) Office file without a .doc, .ppt or .xls name');
  }
  throw unsupported(name, sniffed ? describeNonDocument(sniffed.ext, sniffed.mime) : 'not a document type Folio reads');
}

/** Office formats that are ZIP packages (the rest are OLE or RTF). */
const zipPackages = new Set(['docx', 'pptx', 'xlsx', 'odt', 'odp', 'ods', 'docm', 'pptm', 'ppsx', 'xlsm']);

async function hasZipDirectory(path: string): Promise<boolean> {
  const archive = await openZipArchive(path).catch(() => undefined);
  await archive?.close();
  return archive !== undefined;
}

async function startsWithPdfHeader(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const window = Buffer.alloc(pdfHeaderWindowBytes);
    const { bytesRead } = await handle.read(window, 0, pdfHeaderWindowBytes, 0);
    return window.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

function unsupported(name: string, what: string): FolioError {
  return new FolioError({
    code: 'file_unsupported',
    message: `unsupported file type: ${name} (${what})`,
    userMessage: `${name} is ${what}. Folio reads ${supportedList} files: share the document in one of those formats (most programs can export a PDF).`,
  });
}

function describeNonDocument(extension: string, mime: string): string {
  if (extension === 'cfb') return 'an old-format (97-2003) Office file';
  if (mime.startsWith('image/')) return `${article(extension)} ${extension.toUpperCase()} image`;
  if (mime.startsWith('video/')) return 'a video';
  if (mime.startsWith('audio/')) return 'an audio file';
  if (['zip', 'gz', 'tar', '7z', 'rar', 'bz2', 'xz', 'zst'].includes(extension)) return `a ${extension.toUpperCase()} archive`;
  if (extension === 'epub') return 'an e-book (EPUB)';
  return `${article(extension)} ${extension.toUpperCase()} file`;
}

/** For an extension read out letter by letter ("an MP4", "a PNG"). */
function article(acronym: string): 'a' | 'an' {
  return /^[aefhilmnorsx]/i.test(acronym) ? 'an' : 'a';
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 10) return String(Math.round(megabytes));
  return megabytes >= 0.1 ? String(Math.round(megabytes * 10) / 10) : megabytes.toPrecision(1);
}
