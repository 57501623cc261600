import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const folioBin = fileURLToPath(new URL('../../bin/folio.js', import.meta.url));

export interface FolioRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `folio` CLI in a child process, as a user would, with its own data dir. */
export function runFolio(args: string[], environment: Record<string, string>): Promise<FolioRun> {
  return new Promise(resolve => {
    execFile(
      process.execPath,
      [folioBin, ...args],
      { env: { ...process.env, FOLIO_LOG_LEVEL: 'warn', ...environment }, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ exitCode, stdout, stderr });
      },
    );
  });
}

export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter(line => line.trim().startsWith('{'))
    .map(line => JSON.parse(line) as Record<string, unknown>);
}
