import { spawn } from 'node:child_process';

export interface ProcessOutcome {
  /** null when the process was killed by a signal. */
  exitCode: number | null;
  timedOut: boolean;
  /** The last few kilobytes of stdout and stderr together, for logs. */
  outputTail: string;
}

const outputTailBytes = 8 * 1024;
// After the leader exits, stragglers that still hold the pipes get this long before we stop waiting.
const pipeCloseGraceMs = 2_000;

/**
 * Runs a command as the leader of its own process group and, on timeout or abort, kills the whole
 * group: `soffice` is a wrapper that starts `oosplash` and `soffice.bin`, and killing only the wrapper
 * would leave them running. The group is also killed after a normal exit, in case anything lingers.
 * Rejects with the spawn error (ENOENT, EACCES) when the command cannot start, and with the signal's
 * reason when aborted.
 */
export function runProcessGroup(
  command: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env,
      cwd: options.cwd,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-outputTailBytes);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);

    let timedOut = false;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ESRCH: the group is already gone.
      }
    };
    const timeoutTimer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const onAbort = () => killGroup();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeoutTimer);
      clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      killGroup();
      child.stdout.destroy();
      child.stderr.destroy();
      if (options.signal?.aborted) reject(options.signal.reason);
      else resolve({ exitCode, timedOut, outputTail: output });
    };
    child.once('error', error => {
      if (settled) return;
      settled = true;
      clearTimeout(timeoutTimer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('exit', exitCode => {
      graceTimer = setTimeout(() => finish(exitCode), pipeCloseGraceMs);
    });
    child.once('close', exitCode => finish(exitCode));
  });
}
