// Entry point of the per-file child process used by `npm run bench:parse -- --isolate`.
import { readDocument } from '../../src/ingest/read-document.ts';
import { readOneInChild } from './child-read.ts';

await readOneInChild(readDocument, process.argv.slice(2));
