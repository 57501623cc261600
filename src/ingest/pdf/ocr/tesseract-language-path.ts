import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FolioError } from '../../../errors.ts';

/**
 * The LSTM models tesseract.js itself would download; the npm packages `@tesseract.js-data/<lang>`
 * ship them, so OCR never touches the network.
 */
const modelFolder = '4.0.0_best_int';

export interface TesseractLanguagePath {
  /** Folder holding `<lang>.traineddata.gz` for every requested language. */
  langPath: string;
  /** Removes the temporary folder made when languages come from several packages. */
  release(): Promise<void>;
}

/** Finds each language's traineddata in node_modules; fails with a clear message when one is missing. */
export async function resolveTesseractLanguagePath(languages: string[]): Promise<TesseractLanguagePath> {
  const require = createRequire(import.meta.url);
  const files = languages.map(language => {
    let packageFolder: string;
    try {
      packageFolder = dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    } catch (error) {
      throw missingLanguage(language, error);
    }
    const file = join(packageFolder, modelFolder, `${language}.traineddata.gz`);
    if (!existsSync(file)) throw missingLanguage(language);
    return { language, file };
  });
  if (files.length === 1) return { langPath: dirname(files[0].file), release: async () => {} };
  // tesseract.js reads all languages from one folder; each package has its own, so link them together.
  const folder = await mkdtemp(join(tmpdir(), 'folio-tessdata-'));
  for (const { language, file } of files) await symlink(file, join(folder, `${language}.traineddata.gz`));
  return { langPath: folder, release: () => rm(folder, { recursive: true, force: true }) };
}

function missingLanguage(language: string, cause?: unknown): FolioError {
  return new FolioError({
    code: 'config_invalid',
    message: `OCR language "${language}" needs the npm package @tesseract.js-data/${language} (with ${modelFolder}/${language}.traineddata.gz)`,
    userMessage: 'Folio is misconfigured for reading scanned pages; an administrator needs to fix its OCR languages.',
    cause,
  });
}
