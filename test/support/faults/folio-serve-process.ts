import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const folioBin = fileURLToPath(new URL('../../../bin/folio.js', import.meta.url));

export interface FolioServeProcess {
  child: ChildProcess;
  /** The console's base URL without the trailing slash, from the start-up summary. */
  baseUrl: string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `folio serve` as a child process, the way `npm start` runs it (its own environment, nothing inherited
 * but PATH and HOME), resolved once it printed the address it listens on.
 */
export async function startFolioServe(environment: Record<string, string>, timeoutMs = 60_000): Promise<FolioServeProcess> {
  const child = spawn(process.execPath, [folioBin, 'serve'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', FOLIO_PORT: '0', FOLIO_LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', chunk => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(resolve =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /Folio is running: (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr);
    if (match) return { child, baseUrl: match[1], stderr: () => stderr, exited };
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`folio serve did not start; it said:\n${stderr.slice(-2000)}`);
    }
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}
