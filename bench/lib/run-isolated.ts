import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { childResultPrefix } from './child-read.ts';
import type { DocumentRow } from './document-row.ts';
import type { DocumentFile } from './list-documents.ts';

const runTypeScript = fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url));
export const defaultChildScript = fileURLToPath(new URL('./read-one-in-child.ts', import.meta.url));

/**
 * Reads one file in a fresh Node process, so its peak RSS is its own and a crash or leak cannot
 * affect the next file. Process start-up (~0.5 s with tsx) is inside the child, not in the row's wallMs.
 */
export function readInChildProcess(document: DocumentFile, childScript = defaultChildScript): Promise<DocumentRow> {
  return new Promise(resolvePromise => {
    const child = spawn(process.execPath, [runTypeScript, childScript, document.path, String(document.bytes)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (exitCode, signal) => {
      const resultLine = stdout.split('\n').find(line => line.startsWith(childResultPrefix));
      if (resultLine) {
        resolvePromise(JSON.parse(resultLine.slice(childResultPrefix.length)) as DocumentRow);
        return;
      }
      const lastErrorLine = stderr.trim().split('\n').filter(Boolean).slice(-3).join(' | ');
      resolvePromise(crashedRow(document, `child exited (${signal ?? `code ${exitCode}`}): ${lastErrorLine || 'no output'}`));
    });
  });
}

function crashedRow(document: DocumentFile, message: string): DocumentRow {
  return {
    name: document.path.split('/').pop() ?? document.path,
    path: document.path,
    bytes: document.bytes,
    status: 'failed',
    pages: null,
    wallMs: 0,
    pagesPerSecond: null,
    sections: null,
    tables: null,
    figures: null,
    ocrPages: null,
    error: { code: 'child_crashed', message },
  };
}
