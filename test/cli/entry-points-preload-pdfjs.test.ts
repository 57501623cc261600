import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repository = resolve(import.meta.dirname, '../..');

// Runs in a child started through bin/run-ts.js (the benchmarks' entry; bin/folio.js and the parse
// worker entry preload the same way): after Folio's PDF opener is loaded, with tsx's source maps on,
// Node must hold no source map for pdf.js (reading its .map files kept ~300 MB in that thread), the
// engine's own push and JSON must be back (pdf.js's core-js replaces them), and nothing of the speed
// layer (the JPEG decoder) may be installed before a document is opened for parsing.
const probe = (openPdfUrl: string) => `
import { findSourceMap } from 'node:module';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
await import(${JSON.stringify(openPdfUrl)});
// core-js masks its functions' toString; another realm's toString shows the truth.
const foreignToString = runInNewContext('Function.prototype.toString');
const engine = fn => /\\{\\s*\\[native code\\]\\s*\\}$/.test(Reflect.apply(foreignToString, fn, []));
const require = createRequire(import.meta.url);
const maps = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs']
  .map(name => findSourceMap(require.resolve(name, { paths: [${JSON.stringify(repository)}] })) !== undefined);
console.log(JSON.stringify({ sourceMapsOn: process.sourceMapsEnabled, pdfjsMaps: maps, engineBuiltins: [[].push, JSON.parse, JSON.stringify].every(engine), imageDecoder: typeof globalThis.ImageDecoder }));
`;

describe('entry points load pdf.js before tsx', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'folio-preload-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('so Node keeps no source map of pdf.js, the engine builtins are back and the speed layer waits for a parse', async () => {
    const script = join(directory, 'probe.mts');
    await writeFile(script, probe(pathToFileURL(join(repository, 'src/ingest/pdf/open-pdf.ts')).href));
    const { stdout } = await run(process.execPath, [join(repository, 'bin/run-ts.js'), script], { cwd: repository });
    const result = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(result).toEqual({ sourceMapsOn: true, pdfjsMaps: [false, false], engineBuiltins: true, imageDecoder: 'undefined' });
  }, 60_000);
});
