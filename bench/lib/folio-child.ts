import type { ChildProcess } from 'node:child_process';

/** A `folio` child process the benches start: its role in messages, the process and what it printed so far. */
export interface FolioChild {
  role: string;
  child: ChildProcess;
  output: () => string;
}

/** Waits until the child prints `pattern` (its first group, else the whole match); fails when it exits or times out. */
export async function waitForOutput(entry: FolioChild, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(entry.output());
    if (match) return match[1] ?? match[0];
    if (entry.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(
        `folio ${entry.role} did not start (${entry.child.exitCode !== null ? `exit ${entry.child.exitCode}` : 'timed out'}):\n${entry.output().slice(-2000)}`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

/** SIGTERM, then SIGKILL after 15 s; resolves once the child has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
