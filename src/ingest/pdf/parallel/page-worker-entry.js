// Worker threads start from plain JavaScript: register tsx in this thread, then load the TypeScript
// worker (the same pattern as bin/folio.js). Works under tsx, vitest and plain node alike.
// pdf.js (~3 MB of JavaScript) is imported first: through tsx's loader hooks it loads several times
// slower, and once loaded the TypeScript modules get the same instance from the module cache.
// Its core-js replaces Array.prototype.push and JSON.parse/stringify with slower JavaScript versions;
// they are kept before and put back after (see src/ingest/pdf/native-builtins.ts), so dynamic imports.
// The native JPEG decoder must exist before pdf.js's worker module is evaluated (native-jpeg-decoder.js).
import { register } from 'tsx/esm/api';
import '../native-jpeg-decoder.js';

const nativeArrayPush = Array.prototype.push;
const nativeJsonParse = JSON.parse;
const nativeJsonStringify = JSON.stringify;
await import('pdfjs-dist/legacy/build/pdf.mjs');
await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
Array.prototype.push = nativeArrayPush;
JSON.parse = nativeJsonParse;
JSON.stringify = nativeJsonStringify;
register();
await import('./page-worker.ts');
