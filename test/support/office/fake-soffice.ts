import { readFileSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes an executable stand-in for soffice that never finishes: it starts a child `sleep` and
 * records both PIDs, so a test can check that a timeout killed the whole process group.
 */
export async function writeHangingSoffice(directory: string): Promise<{ sofficePath: string; pidFile: string }> {
  const sofficePath = join(directory, 'hanging-soffice.sh');
  const pidFile = join(directory, 'hanging-soffice.pids');
  await writeFile(sofficePath, `#!/bin/sh\nsleep 300 &\necho "$$ $!" > '${pidFile}'\nwait\n`);
  await chmod(sofficePath, 0o755);
  return { sofficePath, pidFile };
}

/** True while a process with this id runs. A zombie (killed, not yet reaped by its parent) is dead. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state ..."; containers often lack an init that reaps orphans.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}
