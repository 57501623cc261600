import { execFile } from 'node:child_process';
import { mkdtemp, rm, rmdir, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A small file system of its own (tmpfs), so a test can fill it up without touching anything else. */
export interface SmallDisk {
  path: string;
  /** Bytes still free. */
  freeBytes(): Promise<number>;
  /** Writes one more filler file so that only about `leaveBytes` stay free. */
  fillLeaving(leaveBytes: number): Promise<void>;
  /** Deletes the filler files: the space they took is free again. */
  removeFiller(): Promise<void>;
  /** Unmounts (the caller has closed every file on it first) and removes the mount point. */
  dispose(): Promise<void>;
}

export type SmallDiskAvailability = { state: 'ready'; disk: SmallDisk } | { state: 'unavailable'; reason: string };

/**
 * Mounts a tmpfs of `sizeBytes` in a temporary directory (`mount -t tmpfs -o size=…`). Needs root (or
 * CAP_SYS_ADMIN); without it the reason is returned, for the test to report.
 */
export async function mountSmallDisk(sizeBytes: number): Promise<SmallDiskAvailability> {
  const path = await mkdtemp(join(tmpdir(), 'folio-faults-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755`, 'tmpfs', path]);
  } catch (error) {
    await rmdir(path).catch(() => undefined);
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    return { state: 'unavailable', reason: `cannot mount a tmpfs to fill up (${detail}); run the test as root to prove disk-full handling` };
  }
  const fillers: string[] = [];
  const freeBytes = async () => {
    const stats = await statfs(path);
    return stats.bavail * stats.bsize;
  };
  return {
    state: 'ready',
    disk: {
      path,
      freeBytes,
      async fillLeaving(leaveBytes) {
        const size = Math.max(0, (await freeBytes()) - leaveBytes);
        const filler = join(path, `filler-${fillers.length + 1}.bin`);
        fillers.push(filler);
        await writeFile(filler, Buffer.alloc(size, 0x5a));
      },
      async removeFiller() {
        for (const filler of fillers.splice(0)) await rm(filler, { force: true });
      },
      async dispose() {
        await run('umount', [path]).catch(() => run('umount', ['-l', path]));
        await rmdir(path).catch(() => undefined);
      },
    },
  };
}
