import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const surfaces = ['adapters', 'src/cli'];
const publicApi = 'src/index.ts';

/** Every .ts/.js file under `directory`, as paths relative to the repository. */
async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(join(root, directory), { recursive: true, withFileTypes: true });
  return entries
    .filter(entry => entry.isFile() && /\.(ts|js|mts)$/.test(entry.name))
    .map(entry => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Static imports, re-exports and dynamic `import('…')` of a file, resolved against the repository. */
async function importsOf(file: string): Promise<string[]> {
  const { importedFiles } = ts.preProcessFile(await readFile(join(root, file), 'utf8'), true, true);
  return importedFiles
    .map(imported => imported.fileName)
    .filter(specifier => specifier.startsWith('.'))
    .map(specifier => relative(root, resolve(root, dirname(file), specifier)));
}

/** The `src/` modules a surface file reaches other than the public API (src/cli reaching its own files is fine). */
async function boundaryViolations(files: string[]): Promise<string[]> {
  const violations: string[] = [];
  for (const file of files) {
    for (const target of await importsOf(file)) {
      if (!target.startsWith('src/') || target === publicApi) continue;
      if (file.startsWith('src/cli/') && target.startsWith('src/cli/')) continue;
      violations.push(`${file} imports ${target}`);
    }
  }
  return violations;
}

describe('the core API boundary', () => {
  it('adapters and CLI commands import nothing from src/ but src/index.ts', async () => {
    const files = (await Promise.all(surfaces.map(sourceFiles))).flat();
    expect(files.length).toBeGreaterThan(50);
    expect(await boundaryViolations(files)).toEqual([]);
  });

  it('notices an import past the API, static or dynamic', async () => {
    // The check itself, on files that break the rule (so it cannot pass by finding nothing).
    expect(await boundaryViolations(['test/architecture/fixtures/reaches-past-api.ts'])).toEqual([
      'test/architecture/fixtures/reaches-past-api.ts imports src/folio-api.ts',
      'test/architecture/fixtures/reaches-past-api.ts imports src/answer/ask-question.ts',
    ]);
  });

  it('the core never imports a surface', async () => {
    const core = (await sourceFiles('src')).filter(file => !file.startsWith('src/cli/') && !/\.test\.ts$/.test(file));
    const reaching: string[] = [];
    for (const file of core) for (const target of await importsOf(file)) if (target.startsWith('adapters/')) reaching.push(`${file} imports ${target}`);
    expect(reaching).toEqual([]);
  });
});
