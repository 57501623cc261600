#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so `npm ci && npm start` needs no build step.
// pdf.js is loaded before tsx registers (see src/ingest/pdf/preload-pdfjs.js).
import { register } from 'tsx/esm/api';
import { preloadPdfjs } from '../src/ingest/pdf/preload-pdfjs.js';

await preloadPdfjs();
register();
await import('../src/cli/main.ts');
