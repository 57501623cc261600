import { access, realpath } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';

/**
 * LibreOffice's import filters live in per-module libraries beside its `soffice` binary, and most Linux
 * distributions package the modules apart (libreoffice-writer, -impress, -calc): a server can convert
 * Word files and decks but not workbooks. A workbook it cannot open then looks like a damaged file.
 */
const moduleLibraries = {
  writer: ['libswlo.so', 'libswlo.dylib', 'swlo.dll'],
  spreadsheet: ['libsclo.so', 'libsclo.dylib', 'sclo.dll'],
};

/**
 * True when the LibreOffice at `sofficePath` (a path, or a name looked up on PATH) has its Writer module
 * but not its spreadsheet one. False when it has both, and when its install cannot be read (then
 * nothing is claimed).
 */
export async function lacksSpreadsheetModule(sofficePath: string): Promise<boolean> {
  const binary = await resolveBinary(sofficePath);
  if (!binary) return false;
  // Linux and Windows keep the libraries beside the binary; macOS in the bundle's Frameworks folder.
  const folders = [dirname(binary), join(dirname(binary), '..', 'Frameworks')];
  const has = async (names: string[]) => {
    for (const folder of folders) for (const name of names) if (await exists(join(folder, name))) return true;
    return false;
  };
  return (await has(moduleLibraries.writer)) && !(await has(moduleLibraries.spreadsheet));
}

async function resolveBinary(command: string): Promise<string | undefined> {
  const candidates = /[\\/]/.test(command)
    ? [command]
    : (process.env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map(folder => join(folder, command));
  for (const candidate of candidates) {
    const resolved = await realpath(candidate).catch(() => undefined);
    if (resolved) return resolved;
  }
  return undefined;
}

function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
