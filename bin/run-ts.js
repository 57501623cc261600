#!/usr/bin/env node
// `node bin/run-ts.js script.ts args...`: runs a TypeScript script (benchmarks) without a build step.
// pdf.js is loaded before tsx registers (see src/ingest/pdf/preload-pdfjs.js).
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { preloadPdfjs } from '../src/ingest/pdf/preload-pdfjs.js';

await preloadPdfjs();
register();
const [script, ...rest] = process.argv.slice(2);
if (!script) {
  console.error('usage: node bin/run-ts.js <script.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(script), ...rest];
await import(pathToFileURL(resolve(script)).href);
