import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelFile } from '../local/local-model-files.ts';

/**
 * `<models dir>/verified.json`: for each file whose sha256 was checked, the size and mtime it had then.
 * A file with the same size and mtime is taken as verified, so a second fetch does not re-read 1 GB.
 */
type Stamps = Record<string, { sizeBytes: number; mtimeMs: number; sha256: string }>;

export type FileState = 'verified' | 'missing' | 'unverified';

export class VerifiedFiles {
  private constructor(
    private readonly modelsDir: string,
    private readonly stamps: Stamps,
  ) {}

  static async open(modelsDir: string): Promise<VerifiedFiles> {
    let stamps: Stamps = {};
    try {
      stamps = JSON.parse(await readFile(join(modelsDir, 'verified.json'), 'utf8')) as Stamps;
    } catch {
      // missing or unreadable: everything gets hashed once more
    }
    return new VerifiedFiles(modelsDir, stamps);
  }

  /** `unverified`: present with the right size but not (or no longer) stamped; hash it to know. */
  async state(file: ModelFile): Promise<FileState> {
    const stats = await stat(join(this.modelsDir, file.relativePath)).catch(() => undefined);
    if (!stats?.isFile() || stats.size !== file.sizeBytes) return 'missing';
    const stamp = this.stamps[file.relativePath];
    const verified = stamp && stamp.sha256 === file.sha256 && stamp.sizeBytes === stats.size && stamp.mtimeMs === stats.mtimeMs;
    return verified ? 'verified' : 'unverified';
  }

  async record(file: ModelFile): Promise<void> {
    const stats = await stat(join(this.modelsDir, file.relativePath));
    this.stamps[file.relativePath] = { sizeBytes: stats.size, mtimeMs: stats.mtimeMs, sha256: file.sha256 };
    await this.save();
  }

  async forget(file: ModelFile): Promise<void> {
    if (!(file.relativePath in this.stamps)) return;
    delete this.stamps[file.relativePath];
    await this.save();
  }

  private async save(): Promise<void> {
    const path = join(this.modelsDir, 'verified.json');
    await writeFile(`${path}.tmp`, `${JSON.stringify(this.stamps, null, 2)}\n`);
    await rename(`${path}.tmp`, path);
  }
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
