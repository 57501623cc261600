import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, open, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FolioError } from '../../errors.ts';
import { writeWordHyperlinksUnnested } from './unnest-word-hyperlinks.ts';
import { lacksSpreadsheetModule } from './libreoffice-modules.ts';
import { writePrintableSheets } from './printable-sheets.ts';
import { runProcessGroup } from './run-process-group.ts';

export interface ConversionInput {
  path: string;
  /** Without the dot ("docx"). Defaults to the path's extension; LibreOffice picks its import filter by it. */
  extension?: string;
  /** Shown in error messages; defaults to the path's base name. */
  name?: string;
}

export interface ConversionResult {
  /** The input's path, as given. */
  input: string;
  /** The PDF, inside `options.outputDir`; the caller owns (and deletes) it. */
  pdfPath?: string;
  error?: FolioError;
}

export interface ConvertOptions {
  sofficePath: string;
  /** For the whole batch: one start-up (~5 s cold) plus roughly 0.4 s per simple file. */
  timeoutMs: number;
  /** Where the PDFs are moved; must exist. Everything else this call creates is removed before it returns. */
  outputDir: string;
  /** Where the run's scratch dir (profile, input links, raw output) is created; default os.tmpdir(). */
  tempDir?: string;
  signal?: AbortSignal;
}

/**
 * One office file to PDF, for callers that need just one (a benchmark's read, a page image of an office
 * original): the PDF lands at `target`, replacing what was there in one rename, and a file that cannot
 * be converted throws the conversion's FolioError.
 */
export async function convertOneToPdf(input: ConversionInput, target: string, options: Omit<ConvertOptions, 'outputDir'>): Promise<string> {
  await mkdir(dirname(target), { recursive: true });
  const [result] = await convertToPdf([input], { ...options, outputDir: dirname(target) });
  if (result.error) throw result.error;
  await rename(result.pdfPath!, target);
  return target;
}

/**
 * Converts office files to PDF with one headless LibreOffice run for the whole batch, because its
 * start-up dominates. Each run gets a private profile (concurrent runs sharing one profile block
 * each other) and private input/output dirs: inputs are symlinked as `<index>.<extension>`, so two
 * inputs with the same base name cannot overwrite each other's PDF.
 *
 * Results are in input order. A file LibreOffice cannot convert gets `conversion_failed` without
 * failing the others; on timeout the whole process group is killed and the files not yet converted
 * get `conversion_timeout` (retry them alone to find a file that hangs). Throws `converter_missing`
 * when `sofficePath` cannot be started, and the signal's reason when aborted.
 */
export async function convertToPdf(inputs: ConversionInput[], options: ConvertOptions): Promise<ConversionResult[]> {
  if (inputs.length === 0) return [];
  const workDir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'folio-soffice-'));
  try {
    const inputDir = join(workDir, 'in');
    const pdfDir = join(workDir, 'out');
    await Promise.all([mkdir(inputDir), mkdir(pdfDir)]);
    const linkedPaths = await Promise.all(
      inputs.map(async (input, index) => {
        const extension = extensionOf(input);
        const linkedPath = join(inputDir, extension ? `${index}.${extension}` : String(index));
        const rewrite = packageRewrites[extension];
        if (rewrite && (await rewrittenCopy(rewrite, input.path, linkedPath))) return linkedPath;
        await symlink(resolve(input.path), linkedPath);
        return linkedPath;
      }),
    );
    const outcome = await runSoffice(linkedPaths, { ...options, workDir, pdfDir });
    return await Promise.all(
      inputs.map(async (input, index): Promise<ConversionResult> => {
        const name = input.name ?? basename(input.path);
        const producedPdf = join(pdfDir, `${index}.pdf`);
        if (await isCompletePdf(producedPdf)) {
          return { input: input.path, pdfPath: await moveInto(producedPdf, options.outputDir, name) };
        }
        if (outcome.timedOut) return { input: input.path, error: timeoutError(name, options.timeoutMs) };
        if (spreadsheetExtensions.has(extensionOf(input)) && (await lacksSpreadsheetModule(options.sofficePath))) {
          return { input: input.path, error: spreadsheetModuleMissing(name, options.sofficePath) };
        }
        return { input: input.path, error: failedError(name, outcome.exitCode, outcome.outputTail) };
      }),
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function runSoffice(
  linkedPaths: string[],
  options: ConvertOptions & { workDir: string; pdfDir: string },
): Promise<{ timedOut: boolean; exitCode: number | null; outputTail: string }> {
  const profileUrl = pathToFileURL(join(options.workDir, 'profile')).href;
  const args = [
    '--headless',
    '--norestore',
    '--nolockcheck',
    '--nodefault',
    '--nologo',
    `-env:UserInstallation=${profileUrl}`,
    '--convert-to',
    'pdf',
    '--outdir',
    options.pdfDir,
    ...linkedPaths,
  ];
  try {
    return await runProcessGroup(options.sofficePath, args, {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      cwd: options.workDir,
      // LibreOffice writes caches under $HOME; keep them inside the run's own directory.
      env: { ...process.env, HOME: options.workDir },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'ENOENT' || code === 'EACCES') {
      throw new FolioError({
        code: 'converter_missing',
        message: `cannot start LibreOffice at "${options.sofficePath}" (${code})`,
        userMessage:
          'Folio cannot convert office files right now because LibreOffice is not installed on the server. ' +
          'An administrator needs to install it (Debian/Ubuntu: apt-get install libreoffice-writer libreoffice-impress) ' +
          'or set FOLIO_SOFFICE_PATH. PDFs can still be shared meanwhile.',
        cause: error,
      });
    }
    throw error;
  }
}

/** A PDF LibreOffice finished writing: a header at the start and an end-of-file marker near the end. */
async function isCompletePdf(path: string): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const { size } = await handle.stat();
    if (size < 64) return false;
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    const tailLength = Math.min(size, 1024);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    return head.toString('latin1') === '%PDF-' && tail.includes('%%EOF');
  } finally {
    await handle.close();
  }
}

async function moveInto(pdfPath: string, outputDir: string, name: string): Promise<string> {
  const stem =
    basename(name, extname(name))
      .replace(/[^\p{L}\p{N}._-]+/gu, '_')
      .slice(0, 80) || 'document';
  const target = join(outputDir, `${stem}.${randomUUID().slice(0, 8)}.pdf`);
  try {
    await rename(pdfPath, target);
  } catch (error) {
    // The temp dir and the output dir may be on different filesystems.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(pdfPath, target);
  }
  return target;
}

function extensionOf(input: ConversionInput): string {
  return (input.extension ?? extname(input.path).slice(1)).toLowerCase();
}

/** Workbooks, which LibreOffice opens with its spreadsheet module (libreoffice-modules.ts). */
const spreadsheetExtensions = new Set(['xlsx', 'xlsm', 'xls', 'ods']);

/**
 * Packages LibreOffice reads from a rewritten copy: Excel's with their sheets printed one page wide and,
 * where they draw no lines, with gridlines (printable-sheets.ts; 97-2003 and OpenDocument sheets print
 * as set up), Word's with hyperlinks nested in runs set beside them (unnest-word-hyperlinks.ts). Each
 * resolves with whether it wrote a copy: a Word file with no such link is not copied.
 */
const printableSheets = async (source: string, target: string) => {
  await writePrintableSheets(source, target);
  return true;
};
const packageRewrites: Record<string, (source: string, target: string) => Promise<boolean>> = {
  xlsx: printableSheets,
  xlsm: printableSheets,
  docx: writeWordHyperlinksUnnested,
  docm: writeWordHyperlinksUnnested,
};

/**
 * Whether the file's rewritten copy is at `target`; false when none was needed or the
 * package cannot be read as one, and LibreOffice then reads (or refuses) the file as it is.
 */
async function rewrittenCopy(rewrite: (source: string, target: string) => Promise<boolean>, source: string, target: string): Promise<boolean> {
  try {
    if (await rewrite(source, target)) return true;
  } catch {
    // Not a package to rewrite: LibreOffice reads the original.
  }
  await rm(target, { force: true });
  return false;
}

function spreadsheetModuleMissing(name: string, sofficePath: string): FolioError {
  return new FolioError({
    code: 'converter_missing',
    message: `LibreOffice at "${sofficePath}" has no spreadsheet module (Calc); ${name} cannot be opened`,
    userMessage:
      `Folio cannot read ${name} right now: the server's LibreOffice is installed without its spreadsheet part, so it cannot open Excel workbooks. ` +
      'An administrator needs to install it (Debian/Ubuntu: apt-get install libreoffice-calc). Meanwhile, export the workbook to PDF and share the PDF.',
  });
}

function timeoutError(name: string, timeoutMs: number): FolioError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new FolioError({
    code: 'conversion_timeout',
    message: `LibreOffice did not convert ${name} within ${timeoutMs} ms; process group killed`,
    userMessage: `Converting ${name} to PDF took longer than ${seconds === 1 ? '1 second' : `${seconds} seconds`} and was stopped. Try again later; if it keeps failing, export it to PDF yourself and share the PDF.`,
    retryable: true,
  });
}

function failedError(name: string, exitCode: number | null, outputTail: string): FolioError {
  return new FolioError({
    code: 'conversion_failed',
    message: `LibreOffice produced no PDF for ${name} (exit code ${exitCode}): ${outputTail.trim().slice(-500)}`,
    userMessage: `${name} could not be converted to PDF: it may be damaged, password-protected or in an unusual format. Open it, save it again (or export it to PDF yourself) and share it again.`,
  });
}
