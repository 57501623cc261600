// Worker threads start from plain JavaScript: register tsx in this thread, then load the TypeScript
// worker (the same pattern as bin/folio.js). Works under tsx, vitest and plain node alike.
// pdf.js (~3 MB of JavaScript) is imported first: through tsx's loader hooks it loads several times
// slower, and once loaded the TypeScript modules get the same instance from the module cache.
import 'pdfjs-dist/legacy/build/pdf.mjs';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { register } from 'tsx/esm/api';

register();
await import('./page-worker.ts');
