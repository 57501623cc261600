// Worker threads start from plain JavaScript: load pdf.js first (preload-pdfjs.js: before tsx, after
// what the speed layer must note beforehand), then register tsx in this thread
// and load the TypeScript worker (the same pattern as bin/folio.js). Works under tsx, vitest and plain
// node alike.
import { register } from 'tsx/esm/api';
import { preloadPdfjs } from '../preload-pdfjs.js';

await preloadPdfjs();
register();
await import('./page-worker.ts');
